import { t } from "../i18n";
// A non-OK answer from the API; `body` is the raw response text, `code` the answer's X-Error-Code
// (e.g. "TWO_FACTOR_REQUIRED"), when it has one.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: string,
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

// The message of a JSON body such as {"message": "..."}, or the text itself.
export function bodyMessage(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") {
      return parsed.message;
    }
  } catch {
    // not JSON: the text is the message
  }
  return body;
}

// The text a failed read shows (spec section 8).
export function readFailureMessage(response: Response, path: string, body: string): string {
  if (response.status >= 500) return `Server Error ${response.status}: ${response.statusText}`;
  if (response.status === 404) return `Not Found: ${path}`;
  return `Request failed ${response.status}: ${body || response.statusText}`;
}

// The text a failed mutation shows: the server's message, never raw JSON.
export function mutationFailureMessage(response: Response, body: string): string {
  return bodyMessage(body).trim() || response.statusText || `Request failed ${response.status}`;
}

// The error of a failed call: a read (GET) words it as readFailureMessage, a write as
// mutationFailureMessage. `path` is the request's path with its query; `body` the answer's text.
export function apiError(response: Response, method: string, path: string, body: string): ApiError {
  const message = method === "GET" ? readFailureMessage(response, path, body) : mutationFailureMessage(response, body);
  return new ApiError(response.status, response.statusText, body, message, response.headers.get("x-error-code"));
}

// Login and register show the HTTP status text for server errors and networkFailure() when the
// request never reached the server.
export function authErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status >= 500) {
    return error.statusText || `Server Error ${error.status}`;
  }
  return errorText(error);
}

// What a request that never reached the server says, in words (fetch's own "Failed to fetch",
// "NetworkError when attempting to fetch resource." or "Load failed" tells a visitor nothing).
export const networkFailure = () => t("common.errors.network");

// Whether the request never reached the server (fetch rejects with a TypeError).
export function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError && /failed to fetch|networkerror|load failed|network request failed/i.test(error.message)
  );
}

export function errorText(error: unknown): string {
  if (isNetworkFailure(error)) return networkFailure();
  if (error instanceof Error) return error.message;
  return String(error);
}

// What a screen says when the server refused something where the person is (a lookup, a form): the
// server's own sentence, never "Request failed 400: {json}"; a lost connection in words; a request
// the person cancelled, as such.
export const cancelled = () => t("common.errors.cancelled");
export function refusalText(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) return bodyMessage(error.body).trim() || error.message;
  if (error instanceof DOMException && error.name === "AbortError") return cancelled();
  return errorText(error);
}
