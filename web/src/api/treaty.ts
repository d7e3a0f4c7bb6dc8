// A small stand-in for Eden's `treaty` (@elysiajs/eden, about 3 KiB gzip on every page): the same
// typed calls (its types still come from Eden) and the same answers, for what this app sends through
// it: reads with a query, JSON bodies, path parameters, on the same origin, with dates left as
// strings (Eden's `keepDomain` and `parseDate: false`). Eden's websockets, streamed answers and file
// bodies are left out: no call of the app uses them (an upload is its own fetch, features/uploads).
// web/e2e/treaty.e2e.test.ts checks it against Eden's own on a running server.
import type { Treaty } from "@elysiajs/eden";
import type { App } from "../../../src/app.ts";

// Eden's error of an answer: the status, and the answer's parsed body as `value`.
export class EdenFetchError extends Error {
  status: number;
  value: unknown;
  constructor(status: number, value: unknown) {
    super(`${value}`);
    this.status = status;
    this.value = value;
  }
}

type Config = { fetcher: typeof fetch; headers: Record<string, string>; fetch: RequestInit };
type Options = { query?: Record<string, unknown>; headers?: HeadersInit; fetch?: RequestInit } | undefined;

const METHODS = ["get", "post", "put", "delete", "patch", "options", "head", "connect", "subscribe"];

// Header names in lower case, as Eden sends them.
const lowerCased = (headers: HeadersInit | undefined): Record<string, string> =>
  Object.fromEntries(new Headers(headers ?? {}));

// `?a=1&b=2`: unset values left out, a list as repeated names, an object as JSON.
function queryString(query: Record<string, unknown> | undefined): string {
  let text = "";
  for (const [name, value] of Object.entries(query ?? {})) {
    for (let item of Array.isArray(value) ? value : [value]) {
      if (item == null) continue;
      if (item instanceof Date) item = item.toISOString();
      text += `${text ? "&" : "?"}${encodeURIComponent(name)}=${encodeURIComponent(typeof item === "object" ? JSON.stringify(item) : `${item}`)}`;
    }
  }
  return text;
}

// A text answer as Eden reads it: a number, a boolean, JSON when it looks like an object or a list.
function parsedText(text: string): unknown {
  if (!text) return text;
  if (text.trim().length !== 0 && !Number.isNaN(Number(text))) return +text;
  if (text === "true") return true;
  if (text === "false") return false;
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  if ((first === 123 && last === 125) || (first === 91 && last === 93)) {
    try {
      return JSON.parse(text);
    } catch {}
  }
  return text;
}

async function answerData(response: Response): Promise<unknown> {
  switch (response.headers.get("Content-Type")?.split(";")[0]) {
    case "application/json":
      return JSON.parse(await response.text());
    case "application/octet-stream":
      return response.arrayBuffer();
    case "multipart/form-data": {
      const data: Record<string, FormDataEntryValue> = {};
      (await response.formData()).forEach((value, name) => {
        data[name] = value;
      });
      return data;
    }
    default:
      return parsedText(await response.text());
  }
}

async function request(config: Config, path: string[], first: unknown, options: Options) {
  const method = path.at(-1)!;
  const url = `/${path.slice(0, -1).join("/")}`;
  const read = method === "get" || method === "head";
  const callOptions = (read ? first : options) as Options;
  const init = {
    method: method.toUpperCase(),
    ...config.fetch,
    headers: { ...lowerCased(config.headers), ...lowerCased(callOptions?.headers) },
    ...(read && typeof first === "object" ? callOptions?.fetch : options?.fetch),
  } as RequestInit & { headers: Record<string, string> };
  // (Eden names the type of the call's argument on reads too, though a read sends no body)
  if (typeof first === "object") {
    init.headers["content-type"] = "application/json";
    if (!read) init.body = JSON.stringify(first);
  } else if (first != null) {
    init.headers["content-type"] = "text/plain";
    if (!read) init.body = first as string;
  }
  const type = (options?.headers as Record<string, string> | undefined)?.["content-type"];
  if (type) init.headers["content-type"] = type;
  let response: Response;
  try {
    response = await config.fetcher(`${url}${queryString(callOptions?.query)}`, init);
  } catch (failure) {
    return {
      data: null,
      error: new EdenFetchError(503, failure),
      response: undefined,
      status: 503,
      headers: undefined,
    };
  }
  const data = await answerData(response);
  const ok = response.status >= 200 && response.status < 300;
  return {
    data: ok ? data : null,
    error: ok ? null : new EdenFetchError(response.status, data),
    response,
    status: response.status,
    headers: response.headers,
  };
}

// `api.a.b({ id }).post(body)`: each property a path segment, a call with one named value a path
// parameter, a call of a method name the request.
function segment(config: Config, path: string[]): unknown {
  return new Proxy(() => {}, {
    get(_, name) {
      if (path.length === 0 && (name === "then" || name === "catch" || name === "finally")) return undefined;
      return segment(config, [...path, name as string]);
    },
    apply(_, __, [first, options]: [unknown, Options]) {
      if (
        !first ||
        options ||
        (typeof first === "object" && Object.keys(first).length !== 1) ||
        METHODS.includes(path.at(-1)!)
      ) {
        return request(config, path, first, options);
      }
      return typeof first === "object"
        ? segment(config, [...path, `${Object.values(first)[0]}`])
        : segment(config, path);
    },
  });
}

export function treaty(config: Config): Treaty.Create<App> {
  return segment(config, []) as Treaty.Create<App>;
}
