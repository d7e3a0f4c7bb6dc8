// The app's HTTP policy, the same for every route: the checks before any route (Host, a declared
// body over the limit, a cross-site write, a forged X-Forwarded-For), the body parse (JSON only,
// size, deadline, how many at once per network), the admin guard, the headers of every answer,
// and how an error becomes an answer. createApp puts each in its place in Elysia's lifecycle.
import type { Config } from "./config.ts";
import { createBodyReads, IS_JSON_TYPE, readBody, readBytes } from "./http/body.ts";
import { type ClientIpResolver, forwardedIpRefused } from "./http/client-ip.ts";
import { type ContextDeps, createVisitor, visitingAdmin } from "./http/context.ts";
import { createErrorLog } from "./http/error-log.ts";
import { badHostAnswer, hostIsValid } from "./http/host.ts";
import { isCrossSiteWrite } from "./http/origin.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { errorHeaders, HttpError, INTERNAL_ERROR, jsonError } from "./lib/errors.ts";
import { messageLanguage } from "./http/language.ts";
import { errorMessage, sayText, translate } from "./modules/i18n/messages.ts";
import { DEFAULT_LANGUAGE, type PageLanguage } from "./shared/languages.ts";
import { type IpGrouping, ipGroup } from "./lib/ip-group.ts";
import type { RequestLog } from "./lib/request-log.ts";
import { isWriteFailure } from "./modules/health/service.ts";
import { MAX_UPLOAD_BYTES, UPLOAD_ROUTE, uploadErrors } from "./modules/uploads/model.ts";

export const MAX_BODY_BYTES = 64 * 1024;
export const BODY_TOO_LARGE = "The request body is too large (at most 64 KiB)";
// Bun.serve answers a body over its own maxRequestBodySize itself, with an empty 413 the app never
// sees. Its limit is therefore far above ours and the app enforces MAX_BODY_BYTES: a declared
// Content-Length in onRequest, the bytes actually read in onParse (chunked bodies). A body nobody
// reads is not buffered: Bun discards it, and `connection: close` on the 413 ends the upload.
const SERVER_BODY_LIMIT = Number.MAX_SAFE_INTEGER;
const bodyTooLarge = () => new HttpError(413, BODY_TOO_LARGE, { connection: "close" });
// A body must arrive within this (64 KiB in 10 s is a very slow line); a network may send this many at once.
export const BODY_DEADLINE_MS = 10_000;
const bodyTooSlow = () => new HttpError(408, "The request body took too long to arrive", { connection: "close" });
const bodiesAtOnce = () =>
  new HttpError(429, "Too many requests at once from your network. Please try again in a moment.", {
    connection: "close",
    "retry-after": "2",
  });

const CROSS_SITE = "Cross-site request refused";
const NOT_PROCESSED = "The request could not be processed";

const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");
const isAdminPath = (path: string) =>
  path.startsWith("/api/admin/") || path === "/api/admin" || path.startsWith("/api/docs");
// The language of an answer's message: the request's (http/language.ts); the back office's is English.
const languageOf = (request: Request, path: string): PageLanguage =>
  isAdminPath(path) ? DEFAULT_LANGUAGE : messageLanguage(request);
// No route for an API path: "Not found: /api/nope".
const noRoute = (path: string, language: PageLanguage) => translate(language, "server.error.noRoute", { path });

export interface HttpPolicyDeps {
  config: Pick<Config, "publicUrl" | "trustProxy">;
  context: ContextDeps;
  clientIp: ClientIpResolver;
  requestLog: RequestLog;
  clock: () => number;
  log: (line: string) => void;
  // how long a request body may take to arrive (BODY_DEADLINE_MS; tests shorten it)
  bodyDeadlineMs?: number;
  // a 500 from a failed write tells the health check (modules/health)
  noteWriteFailure: () => void;
}

// What Elysia hands the hooks below (the parts they read).
interface HookContext {
  request: Request;
  path: string;
  server: unknown;
  set: { status?: number | string; headers: Record<string, unknown> };
}

export function createHttpPolicy({ config, context, clientIp, requestLog, clock, log, ...deps }: HttpPolicyDeps) {
  const bodyReads = createBodyReads();
  const bodyDeadlineMs = deps.bodyDeadlineMs ?? BODY_DEADLINE_MS;
  const errors = createErrorLog({ log, clock });
  const baseHeaders = securityHeaders(config.publicUrl);
  const apiHeaders = { ...baseHeaders, "cache-control": "no-store" };
  const apiErrorHeaders = errorHeaders(apiHeaders);
  const baseErrorHeaders = errorHeaders(baseHeaders);

  // The checks before any route: a missing or malformed Host (http/host.ts), a declared body over
  // the limit, a cross-site write, a forged X-Forwarded-For each get their answer here.
  const atTheDoor = (request: Request): Response | undefined => {
    if (!hostIsValid(request)) return badHostAnswer(request, apiHeaders, baseHeaders);
    const declared = request.headers.get("content-length");
    // (the path is read only for a body over the usual limit: an upload may be larger)
    if (declared !== null && !(Number(declared) <= MAX_BODY_BYTES)) {
      const upload = new URL(request.url).pathname === UPLOAD_ROUTE;
      if (!upload || !(Number(declared) <= MAX_UPLOAD_BYTES)) {
        const error = upload ? uploadErrors.tooLarge() : bodyTooLarge();
        const message = upload ? error.message : errorMessage(error, messageLanguage(request));
        return jsonError(error.status, message, { ...apiHeaders, ...error.headers }, error.errorCode);
      }
    }
    if (request.method !== "GET" && isCrossSiteWrite(request, config.publicUrl, config.trustProxy)) {
      return jsonError(403, sayText(messageLanguage(request), CROSS_SITE), apiHeaders);
    }
    if (forwardedIpRefused(request, config.trustProxy)) {
      return jsonError(400, "The forwarded client address is not an IP address", apiHeaders);
    }
  };

  // A request body: JSON only (a cross-site HTML form, form-encoded or multipart, must never reach
  // a route), at most MAX_BODY_BYTES, arriving within the deadline; null without one.
  const parseBody = async (request: Request, contentType: string | null | undefined, server: unknown) => {
    const network = ipGroup(clientIp(request, server), context.ipGrouping() as IpGrouping);
    if (!bodyReads.enter(network)) throw bodiesAtOnce();
    let body: string;
    try {
      body = await readBody(request, MAX_BODY_BYTES, bodyTooLarge, bodyDeadlineMs, bodyTooSlow);
    } finally {
      bodyReads.leave(network);
    }
    if (!body.trim()) return null;
    if (!IS_JSON_TYPE.test(contentType ?? "")) {
      throw new HttpError(415, "Send the request body as JSON (Content-Type: application/json)");
    }
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      throw new HttpError(400, "The request body is not valid JSON");
    }
    // Every route takes a JSON object (its schema types each field it reads). Elysia does not
    // check an optional body that is not an object, so a list, text or a number stops here.
    if (value !== null && (typeof value !== "object" || Array.isArray(value)))
      throw new HttpError(400, "The request body must be a JSON object");
    return value;
  };

  const fault = (
    where: string,
    error: unknown,
    headers: Record<string, string>,
    group?: string,
    language: PageLanguage = DEFAULT_LANGUAGE,
  ): Response => {
    if (isWriteFailure(error)) deps.noteWriteFailure();
    errors.error(where, error, group);
    return jsonError(500, sayText(language, INTERNAL_ERROR), headers);
  };
  // A route's error: an HttpError with its status, code and headers; any other error 500, logged
  // (its repeats counted by `route`, the pattern matched, when known: http/error-log.ts).
  const errorAnswer = (error: unknown, request: Request, path: string, route?: string): Response => {
    const api = isApiPath(path);
    const headers = api ? apiHeaders : baseHeaders;
    const language = languageOf(request, path);
    if (error instanceof HttpError)
      return jsonError(
        error.status,
        errorMessage(error, language),
        api ? apiErrorHeaders : baseErrorHeaders,
        error.errorCode,
        error.headers,
      );
    const status = (error as { status?: unknown })?.status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      return jsonError(status, sayText(language, NOT_PROCESSED), headers);
    }
    return fault(`${request.method} ${path}`, error, headers, route && `${request.method} ${route}`, language);
  };

  return {
    baseHeaders,
    apiHeaders,
    atTheDoor,
    // Never Bun's development mode, whatever NODE_ENV says (Elysia's default follows it): its page
    // for a fault shows the error, its stack and the source around it. A fault that no route caught
    // gets the generic 500 and the log, as a route's does.
    serve: {
      maxRequestBodySize: SERVER_BODY_LIMIT,
      development: false,
      error: (error: unknown) => fault("a request no route answered", error, apiHeaders),
    },
    onError: ({
      code,
      error,
      path,
      request,
      route,
    }: HookContext & { code: unknown; error: unknown; route: string }) => {
      requestLog.label(request, route);
      const headers = isApiPath(path) ? apiHeaders : baseHeaders;
      switch (code) {
        case "HttpError":
          return errorAnswer(error, request, path);
        case "NOT_FOUND":
          return jsonError(404, noRoute(path, languageOf(request, path)), headers);
        case "PARSE": {
          const cause = (error as Error).cause;
          // (with the error's own code: an upload's NOT_AN_IMAGE or UPLOAD_TOO_LARGE, not the status's default)
          if (cause instanceof HttpError)
            return jsonError(
              cause.status,
              errorMessage(cause, languageOf(request, path)),
              { ...headers, ...cause.headers },
              cause.errorCode,
            );
          return jsonError(400, sayText(languageOf(request, path), "The request body is not valid JSON"), headers);
        }
        case "VALIDATION":
          return jsonError(400, sayText(languageOf(request, path), validationMessage(error)), headers);
        case "INVALID_COOKIE_SIGNATURE":
        case "INVALID_FILE_TYPE":
          return jsonError(400, "The request could not be read", headers);
        default:
          return errorAnswer(error, request, path, route);
      }
    },
    onParse: async ({ request, contentType, server, set, path }: HookContext & { contentType: string }) => {
      // An admin's image upload (modules/uploads): its bytes, read only once the admin is known.
      if (path === UPLOAD_ROUTE) {
        visitingAdmin(context, createVisitor(context, request, server, set));
        if (!/^image\/(?:png|jpeg|webp)$/i.test(contentType ?? "")) throw uploadErrors.notAnImage();
        return await readBytes(request, MAX_UPLOAD_BYTES, uploadErrors.tooLarge, bodyDeadlineMs, bodyTooSlow);
      }
      return parseBody(request, contentType, server);
    },
    // One guard for every /api/admin route (and the API's own description), whatever the route declares.
    adminGuard: ({ path, request, server, set }: HookContext) => {
      if (isAdminPath(path)) visitingAdmin(context, createVisitor(context, request, server, set));
    },
    // the answer of an API path no route has
    noRoute: (path: string, request: Request) => noRoute(path, languageOf(request, path)),
    stop: () => errors.stop(),
  };
}

// The message of a refused body: the failing field's own message, else its name. Only the first
// error is read (`valueError`): Elysia's `all` formats every offending value into a string, which
// throws for a value like {"toString": null}.
function validationMessage(error: unknown): string {
  try {
    const first = (error as { valueError?: { path?: unknown; schema?: { error?: unknown } } }).valueError;
    if (first?.schema && typeof first.schema.error === "string") return first.schema.error;
    const field = typeof first?.path === "string" ? first.path.replace(/^\//, "").replace(/\//g, ".") : "";
    return field ? `Invalid value for '${field.slice(0, 100)}'` : "Invalid request";
  } catch {
    return "Invalid request";
  }
}
