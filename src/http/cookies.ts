// A small cookie jar over the request's Cookie header and the answer's Set-Cookie headers.
// Cheaper than Elysia's cookie proxy on the hot reads, and all the app needs.
// The session's cookie (auth/sessions.ts). Here, with nothing to import, so the public reads can
// tell a logged-in request before the app's code is loaded (src/listen-first.ts).
export const SESSION_COOKIE = "session";

export interface CookieAttributes {
  httpOnly: boolean;
  sameSite: "lax" | "strict";
  path: string;
  secure: boolean;
  expires: Date;
}

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, attributes: CookieAttributes): void;
}

interface HeaderSink {
  headers: Record<string, unknown>;
}

function parse(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (!name || cookies.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (!value.includes("%")) {
      cookies.set(name, value);
      continue;
    }
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}

export function serializeCookie(name: string, value: string, a: CookieAttributes): string {
  const expired = a.expires.getTime() <= 0;
  return [
    `${name}=${encodeURIComponent(value)}`,
    expired ? "Max-Age=0" : null,
    `Path=${a.path}`,
    `Expires=${a.expires.toUTCString()}`,
    a.httpOnly ? "HttpOnly" : null,
    a.secure ? "Secure" : null,
    `SameSite=${a.sameSite === "lax" ? "Lax" : "Strict"}`,
  ]
    .filter(Boolean)
    .join("; ");
}

export function cookieJar(request: Request, set: HeaderSink): CookieJar {
  let cookies: Map<string, string> | null = null;
  return {
    get(name) {
      cookies ??= parse(request.headers.get("cookie"));
      return cookies.get(name);
    },
    set(name, value, attributes) {
      const line = serializeCookie(name, value, attributes);
      const current = set.headers["set-cookie"];
      set.headers["set-cookie"] = Array.isArray(current) ? [...current, line] : typeof current === "string" ? [current, line] : [line];
      cookies ??= parse(request.headers.get("cookie"));
      cookies.set(name, value);
    },
  };
}
