// Who is asking: the session cookie turned into a user, with the sliding refresh of the cookie.
import type { User } from "../db/schema.ts";
import { type CookieAttributes, type CookieJar, SESSION_COOKIE } from "../http/cookies.ts";
import { forbidden, unauthorized } from "../http/errors.ts";
import type { SessionService } from "./sessions.ts";

export interface SessionCookieOptions {
  secure: boolean;
}

export function sessionCookieAttributes({ secure }: SessionCookieOptions, expiresAt: number): CookieAttributes {
  return { httpOnly: true, sameSite: "lax", path: "/", secure, expires: new Date(expiresAt) };
}

export function createSessionReader(sessions: SessionService, cookieOptions: SessionCookieOptions) {
  // The logged-in user, refreshing the cookie when the session slid forward; null when none.
  return function currentUser(cookies: CookieJar): User | null {
    const token = cookies.get(SESSION_COOKIE);
    if (!token) return null;
    const session = sessions.validate(token);
    if (!session) {
      cookies.set(SESSION_COOKIE, "", sessionCookieAttributes(cookieOptions, 0));
      return null;
    }
    if (session.refreshed) cookies.set(SESSION_COOKIE, token, sessionCookieAttributes(cookieOptions, session.expiresAt));
    return session.user;
  };
}

export type CurrentUser = ReturnType<typeof createSessionReader>;

export function requireUser(currentUser: CurrentUser, cookies: CookieJar, message?: string): User {
  const user = currentUser(cookies);
  if (!user) throw unauthorized(message);
  return user;
}

export function requireAdmin(currentUser: CurrentUser, cookies: CookieJar): User {
  const user = requireUser(currentUser, cookies);
  if (!user.isAdmin) throw forbidden();
  return user;
}
