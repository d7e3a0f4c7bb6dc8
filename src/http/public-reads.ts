// The anonymous reads every open page polls (health, faucet status, reviews, the payout total, the
// logged-out /api/user and social offer) answer the same to everyone, so they skip Elysia: Bun's own
// router (Bun.serve `routes`) calls the read, which hands out a clone of a Response built once per
// distinct answer, security headers included. Nothing else runs per request, so these reads cost
// about what a bare Bun.serve costs (bench/run.ts compares them with one).
//
// A read may decline (undefined): a request with a session cookie, or a declared body, then goes
// through the full app (`fallback`, Elysia's fetch), as does any read that throws. The feature's
// Elysia route calls the same read first, so app.handle, tests in process and the fallback give the
// same answer as the fast path.
import { SESSION_COOKIE } from "./cookies.ts";
import { hostIsValid } from "./host.ts";
import type { RequestLog } from "../lib/request-log.ts";

// Answers the request, or undefined when the full route must (a session cookie came, for instance).
export type PublicRead = (request: Request) => Response | undefined;

// A Response holding the JSON of T. Elysia sends it as it is; `asJson(answer)` gives the route the
// type of that JSON, which Eden (web/src/api) types the call's answer by.
declare const JSON_BODY: unique symbol;
export type JsonResponse<T> = Response & { readonly [JSON_BODY]?: T };
export const asJson = <T>(response: JsonResponse<T>) => response as unknown as T;

type Fallback = (request: Request) => Response | Promise<Response>;

// What Response.json sends, so a cached answer is byte for byte what Elysia would send.
export const JSON_TYPE = "application/json;charset=utf-8";
const UNSET = Symbol("unset");

// (a faucet request's POST too: src/http/fast-posts.ts)
type BunHandler = (request: Request, server: unknown) => Response | Promise<Response>;
type BunRoutes = Record<string, { GET?: BunHandler; POST?: BunHandler }>;

export interface PublicReads {
  // One cached JSON answer: `answer(key, build, status)` builds the body only when `key` (compared
  // with ===: a string or number for a value, or a cached object) or the status differs from the
  // last call's, and hands out a clone of the Response.
  cached(): <T>(key: unknown, build: () => T, status?: number) => JsonResponse<T>;
  // Registers `read` as the fast answer of GET `path`; returns it for the feature's Elysia route.
  add<R extends PublicRead>(path: string, read: R): R;
  // The Bun.serve `routes` of every read, for createApp's `serve.routes` (filled as reads are
  // added; Elysia merges it at listen). `fallback` (the app's fetch) answers what a read declines.
  routes: BunRoutes;
  // The JSON text of the answer the read of `path` gives a bare GET (no cookie, no query), or
  // undefined when it declines or fails: what a page's HTML carries for its first render (app.ts).
  // Not counted as a request.
  json(path: string): Promise<string | undefined>;
}

// `requests`: where an answered read is counted (createApp's; none before the app, in listen-first).
export function createPublicReads(
  headers: Record<string, string>,
  fallback: Fallback,
  requests?: RequestLog,
): PublicReads {
  const answerHeaders = { ...headers, "content-type": JSON_TYPE };
  const routes: BunRoutes = {};
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
      if (routes[path]?.GET) throw new Error(`${path} has a public read already`);
      reads[path] = read;
      // (counted here only when the read answers: what it declines is counted by the app)
      const stats = requests?.statsFor("GET", path);
      routes[path] = {
        ...routes[path],
        GET(request) {
          // a declared body goes to the full app, whose body limit answers it (onRequest), as does a
          // missing or malformed Host (its 400: http/host.ts)
          if (request.headers.get("content-length") !== null || !hostIsValid(request)) return fallback(request);
          const started = stats ? performance.now() : 0;
          let answer: Response | undefined;
          try {
            answer = read(request);
          } catch {
            // the full route answers (and logs) the error as every other route does
            return fallback(request);
          }
          if (answer === undefined) return fallback(request);
          return stats ? requests!.answered(stats, answer, started) : answer;
        },
      };
      return read;
    },

    routes,

    async json(path) {
      try {
        const answer = reads[path]?.(new Request(`http://localhost${path}`));
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
