// A small cookie jar over the request's Cookie header and the answer's Set-Cookie headers.
// Cheaper than Elysia's cookie proxy on the hot reads, and all the app needs.
// The session's cookie (auth/sessions.ts). Here, with nothing to import, so the public reads can
// tell a logged-in request without the session service (http/public-reads.ts).
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

// The first cookie named `name` in a Cookie header, found by scanning it (a request reads one or two
// cookies: no map of them all is built).
export function cookieValue(header: string, name: string): string | undefined {
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(";", start);
    if (end === -1) end = header.length;
    const eq = header.indexOf("=", start);
    if (eq !== -1 && eq < end && header.slice(start, eq).trim() === name)
      return decodedValue(header.slice(eq + 1, end).trim());
    start = end + 1;
  }
  return undefined;
}

function decodedValue(raw: string): string {
  const value = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
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
  let header: string | null | undefined;
  // what this answer set, read back as the request's from then on
  let written: Map<string, string> | undefined;
  return {
    get(name) {
      if (written?.has(name)) return written.get(name);
      if (header === undefined) header = request.headers.get("cookie");
      return header ? cookieValue(header, name) : undefined;
    },
    set(name, value, attributes) {
      const line = serializeCookie(name, value, attributes);
      const current = set.headers["set-cookie"];
      set.headers["set-cookie"] = Array.isArray(current)
        ? [...current, line]
        : typeof current === "string"
          ? [current, line]
          : [line];
      (written ??= new Map()).set(name, value);
    },
  };
}
