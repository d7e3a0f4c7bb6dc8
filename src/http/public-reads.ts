// The anonymous reads every open page polls (health, faucet status, reviews, the payout total, the
// logged-out /api/user and social offer) answer the same to everyone, so each hands out a clone of
// a Response built once per distinct answer. The feature's Elysia route calls its read first and
// answers on its own when the read declines (undefined: a session cookie came, or a query). The
// page's HTML carries some of these answers for its first render (http/page-data.ts).
import { SESSION_COOKIE } from "./cookies.ts";

// Answers the request, or undefined when the full route must (a session cookie came, for instance).
export type PublicRead = (request: Request) => Response | undefined;

// A Response holding the JSON of T. Elysia sends it as it is; `asJson(answer)` gives the route the
// type of that JSON, which Eden (web/src/api) types the call's answer by.
declare const JSON_BODY: unique symbol;
export type JsonResponse<T> = Response & { readonly [JSON_BODY]?: T };
export const asJson = <T>(response: JsonResponse<T>) => response as unknown as T;

// What Response.json sends, so a cached answer is byte for byte what Elysia would send.
const JSON_TYPE = "application/json;charset=utf-8";
const UNSET = Symbol("unset");

export interface PublicReads {
  // One cached JSON answer: `answer(key, build, status)` builds the body only when `key` (compared
  // with ===: a string or number for a value, or a cached object) or the status differs from the
  // last call's, and hands out a clone of the Response.
  cached(): <T>(key: unknown, build: () => T, status?: number) => JsonResponse<T>;
  // Registers `read` as the answer of GET `path`; returns it for the feature's Elysia route.
  add<R extends PublicRead>(path: string, read: R): R;
  // The JSON text of the answer the read of `path` gives a bare GET (no cookie, no query; its words
  // in `language`), or undefined when it declines or fails: what a page's HTML carries for its first
  // render.
  json(path: string, language?: string): Promise<string | undefined>;
}

export function createPublicReads(headers: Record<string, string>): PublicReads {
  const answerHeaders = { ...headers, "content-type": JSON_TYPE };
  const reads: Record<string, PublicRead> = {};
  return {
    cached() {
      let lastKey: unknown = UNSET;
      let lastStatus = 0;
      let response: Response | undefined;
      return <T>(key: unknown, build: () => T, status = 200): JsonResponse<T> => {
        if (response === undefined || key !== lastKey || status !== lastStatus) {
          response = new Response(JSON.stringify(build()), { status, headers: answerHeaders });
          lastKey = key;
          lastStatus = status;
        }
        return response.clone();
      };
    },

    add(path, read) {
      if (reads[path]) throw new Error(`${path} has a public read already`);
      reads[path] = read;
      return read;
    },

    async json(path, language) {
      try {
        const headers: Record<string, string> = language ? { "accept-language": language } : {};
        const answer = reads[path]?.(new Request(`http://localhost${path}`, { headers }));
        return answer?.ok ? await answer.text() : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

// Whether the request carries a session cookie (valid or not: the full route decides), read without
// parsing the whole Cookie header when there is none.
export function hasSessionCookie(request: Request): boolean {
  const header = request.headers.get("cookie");
  if (header === null) return false;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === SESSION_COOKIE) return true;
  }
  return false;
}
