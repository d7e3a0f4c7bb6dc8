// Every error the API answers comes from one factory: a status, a stable code a client may branch
// on (sent as the `X-Error-Code` header) and a message for a person. The body is always JSON
// `{ message }`, the shape the product specifies.
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 408 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

const DEFAULT_CODES: Record<ErrorStatus, string> = {
  400: "BAD_REQUEST",
  401: "NOT_LOGGED_IN",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  408: "BODY_TOO_SLOW",
  409: "CONFLICT",
  413: "BODY_TOO_LARGE",
  415: "NOT_JSON",
  422: "UNPROCESSABLE",
  429: "RATE_LIMITED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};

// A message of the server's catalog (modules/i18n/messages.ts `said()`): its id and values, to be
// written in the request's language where the error becomes an answer, and its English text.
export interface Said {
  readonly id: string;
  readonly values?: Record<string, unknown>;
  readonly text: string;
}
export type Message = string | Said;

// (`errorCode`, not `code`: Elysia takes an error's `code` property as its own error kind.)
export class HttpError extends Error {
  readonly status: ErrorStatus;
  readonly headers: Record<string, string>;
  readonly errorCode: string;
  // the message's id and values in the server's catalog (none: English only, the back office's)
  readonly said?: Said;
  constructor(
    status: ErrorStatus,
    message: Message,
    headers: Record<string, string> = {},
    errorCode: string = DEFAULT_CODES[status],
  ) {
    // An answer, not a fault: no stack trace is captured (that was a good part of a refusal's time
    // in a farm's flood of them).
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(typeof message === "string" ? message : message.text);
    Error.stackTraceLimit = stackTraceLimit;
    if (typeof message !== "string") this.said = message;
    this.status = status;
    this.headers = headers;
    this.errorCode = errorCode;
  }
}

// A fault's answer: nothing of the error itself (it goes to the log).
export const INTERNAL_ERROR = "Something went wrong on our side. Please try again.";

// The factory: `appError(409, "USERNAME_TAKEN", "That username is already taken")`.
// A message is English text or, on the public and user API, said() of the server's catalog.
export const appError = (status: ErrorStatus, code: string, message: Message, headers: Record<string, string> = {}) =>
  new HttpError(status, message, headers, code);

export const badRequest = (message: Message, code?: string) => new HttpError(400, message, {}, code);
export const unauthorized = (message: Message = "Please log in to continue") => new HttpError(401, message);
export const forbidden = (message: Message = "Admins only") => new HttpError(403, message);
export const notFound = (message: Message = "Not found", code?: string) => new HttpError(404, message, {}, code);
export const conflict = (message: Message, code?: string) => new HttpError(409, message, {}, code);
export const tooManyRequests = (message: Message, retryAfterSeconds: number, code?: string) =>
  new HttpError(429, message, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) }, code);

const ERROR_TYPE = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

// An error's answer: `{ message }` with its code in X-Error-Code. `headers` is a record, or the
// headers of errorHeaders() with the error's own (`extra`) set on top.
export function jsonError(
  status: number,
  message: string,
  headers: Record<string, string> | Headers = {},
  code?: string,
  extra: Record<string, string> = {},
): Response {
  const errorCode = code ?? DEFAULT_CODES[status as ErrorStatus] ?? "ERROR";
  if (!(headers instanceof Headers)) {
    return new Response(JSON.stringify({ message }), {
      status,
      headers: { ...ERROR_TYPE, "x-error-code": errorCode, ...headers, ...extra },
    });
  }
  const response = new Response(JSON.stringify({ message }), { status, headers });
  response.headers.set("x-error-code", errorCode);
  for (const name in extra) response.headers.set(name, extra[name]!);
  return response;
}

// The headers of every error answer over `base`, built once: copied whole into each answer, they
// cost a third of a dozen set one by one (a good part of a refusal's time in a farm's flood).
export const errorHeaders = (base: Record<string, string>): Headers => new Headers({ ...ERROR_TYPE, ...base });
