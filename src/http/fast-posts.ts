// A JSON POST route answered from Bun's router (Bun.serve `routes`), outside Elysia: the faucet's
// request form, which a farm floods. Its route is declared once (body schema, guards, handler) and
// given both to Elysia (app.handle, tests in process, and the fallback) and here, so both answer the
// same. Here runs what the app runs around a route, each the app's own code: its checks before any
// route (a request they would refuse goes to the app, which answers it), its body parse (size,
// deadline, JSON), the route's schema (compiled once: the first error's message, as Elysia's
// validation gives it), the visitor, the guards and the handler; the answer with the API's headers
// and any Set-Cookie the visitor's device or session wrote; an error answered as the app answers it.
// Elysia's lifecycle around it (its hooks, context and response mapping) was most of a refused
// request's time (docs/decisions.md, "A farm's flood, measured").
//
// Anything unusual goes to the full app before the body is read: no Content-Length (a chunked
// upload), a Content-Type that is not JSON, a request the app's checks before any route refuse.
import type { TSchema } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { HttpError } from "../lib/errors.ts";
import type { RequestLog } from "../lib/request-log.ts";
import { type ContextDeps, createVisitor, type Visitor } from "./context.ts";
import { IS_JSON_TYPE } from "./body.ts";
import { JSON_TYPE, type PublicReads } from "./public-reads.ts";

// What a route's guards and handler read: Elysia's context has all of it.
export interface PostContext<B> {
  request: Request;
  server: unknown;
  body: B;
  visitor: Visitor;
  set: { status?: number | string; headers: Record<string, unknown> };
}

export interface PostRoute<B> {
  // the body's schema (a `t.Optional(t.Object(...))`: no body reads as null)
  body: TSchema;
  // the route's beforeHandle checks, in order (each throws to refuse); add() before Elysia's route
  beforeHandle: ((context: PostContext<B>) => unknown)[];
}

export interface AppAround {
  context: ContextDeps;
  // the API's headers (security headers, no-store)
  headers: Record<string, string>;
  // the full app, for what is declined
  fallback: (request: Request) => Response | Promise<Response>;
  // whether the app's checks before any route would answer this request themselves
  refusedAtTheDoor: (request: Request) => boolean;
  // the app's body parse: the value, null without a body; throws the app's HttpError (`ip`: the
  // client's, when the caller read it already)
  parseBody: (request: Request, contentType: string | null, server: unknown, ip?: string) => Promise<unknown>;
  // a route's error as the app answers it
  errorAnswer: (error: unknown, request: Request, path: string) => Response;
  // the first failed field of a body, in words (as the app answers Elysia's validation error)
  validationMessage: (error: { valueError?: unknown }) => string;
  requests?: RequestLog;
}

export interface FastPosts {
  // Answers POST `path` from Bun's router with `handle` behind `route`'s schema and checks.
  add<B, R>(path: string, route: PostRoute<B>, handle: (context: PostContext<B>) => R | Promise<R>): void;
}

export function createFastPosts(reads: PublicReads, app: AppAround): FastPosts {
  // (built once, copied into each answer: cheaper than a record's entries set one by one)
  const answerHeaders = new Headers({ ...app.headers, "content-type": JSON_TYPE });
  return {
    add(path, route, handle) {
      const schema = TypeCompiler.Compile(route.body);
      // (a copy: Elysia rewrites a route's beforeHandle list in place when it registers the route)
      const checks = [...route.beforeHandle];
      const stats = app.requests?.statsFor("POST", path);
      const answer = async (request: Request, server: unknown): Promise<Response> => {
        const set: PostContext<unknown>["set"] = { headers: {} };
        const withCookies = (response: Response) => {
          const cookies = set.headers["set-cookie"] as string[] | undefined;
          for (const line of cookies ?? []) response.headers.append("set-cookie", line);
          return response;
        };
        try {
          // (the client's IP read once, for the body's per-network count and the visitor)
          const ip = app.context.clientIp(request, server);
          const body = await app.parseBody(request, request.headers.get("content-type"), server, ip);
          if (body !== null && body !== undefined && !schema.Check(body)) {
            return app.errorAnswer(
              new HttpError(400, app.validationMessage({ valueError: schema.Errors(body).First() })),
              request,
              path,
            );
          }
          const context = {
            request,
            server,
            body,
            set,
            visitor: createVisitor(app.context, request, server, set, ip),
          } as PostContext<never>;
          for (const check of checks) {
            // (a check that returns nothing is not awaited: each await is a turn of the microtask queue)
            const checked = check(context);
            if (checked instanceof Promise) await checked;
          }
          const value = await handle(context);
          const status = typeof set.status === "number" ? set.status : 200;
          return withCookies(new Response(JSON.stringify(value), { status, headers: answerHeaders }));
        } catch (error) {
          return withCookies(app.errorAnswer(error, request, path));
        }
      };
      reads.routes[path] = {
        ...reads.routes[path],
        POST(request, server) {
          const type = request.headers.get("content-type");
          if (
            request.headers.get("content-length") === null ||
            type === null ||
            !IS_JSON_TYPE.test(type) ||
            app.refusedAtTheDoor(request)
          )
            return app.fallback(request);
          if (!stats) return answer(request, server);
          const started = performance.now();
          return answer(request, server).then((response) => app.requests!.answered(stats, response, started));
        },
      };
    },
  };
}
