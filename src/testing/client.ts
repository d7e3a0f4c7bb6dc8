// One small HTTP client for tests that talk to a running site (the built binary, or t.listen()):
// a base URL, JSON bodies, a cookie jar per client (one client = one browser), an optional client
// IP header, and the proof of work on request. Answers are read whole: {status, headers, json, text}.
import { formAt } from "../shared/forms.ts";
import { proofHeaders } from "./pow.ts";

export interface ClientResponse {
  status: number;
  headers: Headers;
  // The body parsed as JSON, or undefined when it is not JSON.
  json: any;
  text: string;
}

export interface ClientOptions {
  // Sent as `ipHeader` on every request: the visitor's address, for a site that trusts its proxy
  // (the binary with --trust-proxy reads X-Forwarded-For).
  ip?: string;
  ipHeader?: string;
  // Sent on every request (a request's own headers win).
  headers?: Record<string, string>;
  // How a Request is answered: fetch over the network by default; `(r) => t.app.handle(r)` in-process.
  fetch?: (request: Request) => Promise<Response>;
}

export interface RequestOptions {
  body?: unknown; // sent as JSON
  rawBody?: string; // sent as is (set the content-type in `headers`)
  headers?: Record<string, string>;
  ip?: string; // this request only
  proof?: boolean; // solve the site's proof of work for this path's form first and send it (the protected forms)
  cookies?: boolean; // false: neither send nor store cookies for this request
}

export type HttpClient = ReturnType<typeof httpClient>;

export function httpClient(baseUrl: string, options: ClientOptions = {}) {
  const { ipHeader = "x-forwarded-for", fetch: send = (request: Request) => fetch(request) } = options;
  const jar = new Map<string, string>();

  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

  function store(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      // Removed by Max-Age=0 or an Expires at the epoch. Other dates are not compared with this
      // machine's clock: the in-process apps run on a fake one.
      const expired = attributes.some((a) => {
        const eqAt = a.indexOf("=");
        const key = a.slice(0, eqAt).trim().toLowerCase();
        const v = a.slice(eqAt + 1).trim();
        return eqAt > 0 && ((key === "max-age" && Number(v) <= 0) || (key === "expires" && Date.parse(v) <= 0));
      });
      if (expired || value === "") jar.delete(name);
      else jar.set(name, value);
    }
  }

  async function request(method: string, path: string, opts: RequestOptions = {}): Promise<ClientResponse> {
    const useCookies = opts.cookies ?? true;
    const headers: Record<string, string> = { ...options.headers };
    const ip = opts.ip ?? options.ip;
    if (ip) headers[ipHeader] = ip;
    if (useCookies && jar.size > 0) headers.cookie = cookieHeader();
    let body = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers["content-type"] = "application/json";
    }
    if (opts.proof) {
      const form = formAt(path.split("?")[0]!);
      if (!form) throw new Error(`${path} is not a protected form: it takes no proof of work`);
      Object.assign(
        headers,
        await proofHeaders(async (p) => (await request("GET", p, { ip, cookies: useCookies })).json, form),
      );
    }
    Object.assign(headers, opts.headers);
    const response = await send(new Request(new URL(path, baseUrl), { method, headers, body, redirect: "manual" }));
    if (useCookies) store(response.headers);
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: response.status, headers: response.headers, json, text };
  }

  return {
    url: baseUrl,
    request,
    get: (path: string, opts?: RequestOptions) => request("GET", path, opts),
    post: (path: string, body?: unknown, opts?: RequestOptions) => request("POST", path, { ...opts, body }),
    // The jar's cookie, e.g. cookie("session"); cookieHeader() is what the next request sends.
    cookie: (name: string) => jar.get(name),
    cookieHeader,
    clearCookies: () => jar.clear(),
  };
}
