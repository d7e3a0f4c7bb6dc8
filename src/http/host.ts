// The Host header every request must carry: one host (a name, an IPv4 address or a bracketed IPv6
// address) and an optional port, from which a URL can be built. Bun builds `request.url` from it and
// leaves it relative ("/x") or unparsable ("http://[::1/x") when it is not, and HTTP/1.0 may send
// none (Bun itself answers 400 to HTTP/1.1 without one): `new URL(request.url)` in a route then threw,
// a 500 and a stack trace in the log per distinct path. Such a request is answered 400 before any
// route (app-http.ts's checks at the door), JSON for the
// API and plain text for the pages, and nothing is logged of it but its access line.
import { jsonError } from "../lib/errors.ts";

export const BAD_HOST = "The request's Host header is missing or malformed";

const HOST = /^(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

// Whether the request has a Host a URL is built from (cheap: the public reads ask it too).
// (A request without one has a relative URL, which does not parse; a Request built in the process,
// app.handle's in tests, has its absolute URL and no Host header.)
export function hostIsValid(request: Request): boolean {
  const host = request.headers.get("host");
  return (host === null || HOST.test(host)) && URL.canParse(request.url);
}

// The path of a request's URL, absolute or not (`new URL` cannot read a relative one).
export function pathOf(url: string): string {
  const start = url.startsWith("/") ? 0 : url.indexOf("/", url.indexOf("//") + 2);
  if (start === -1) return "/";
  const end = url.slice(start).search(/[?#]/);
  return end === -1 ? url.slice(start) : url.slice(start, start + end);
}

// The 400 of a request without a valid Host: `apiHeaders` (JSON) for /api, `pageHeaders` (text) for the rest.
export function badHostAnswer(
  request: Request,
  apiHeaders: Record<string, string>,
  pageHeaders: Record<string, string>,
): Response {
  const path = pathOf(request.url);
  if (path === "/api" || path.startsWith("/api/"))
    return jsonError(400, BAD_HOST, { ...apiHeaders, connection: "close" }, "BAD_HOST");
  return new Response(`${BAD_HOST}\n`, {
    status: 400,
    headers: {
      ...pageHeaders,
      "content-type": "text/plain;charset=utf-8",
      "cache-control": "no-store",
      connection: "close",
    },
  });
}
