// The auth plugin: reads the session cookie and gives routes `auth` (any logged-in user) and
// `admin` (isAdmin) macros. Both resolve `user`; failures are JSON 401 / 403.
import { Elysia } from "elysia";
import type { User } from "../db/schema.ts";
import { forbidden, unauthorized } from "../http/errors.ts";
import { SESSION_COOKIE, type SessionService } from "./sessions.ts";

export interface CookieJar {
  [name: string]: {
    value: unknown;
    set(options: Record<string, unknown>): unknown;
    remove(): unknown;
  };
}

export interface SessionCookieOptions {
  secure: boolean;
}

export function sessionCookieAttributes({ secure }: SessionCookieOptions, expiresAt: number) {
  return { httpOnly: true, sameSite: "lax" as const, path: "/", secure, expires: new Date(expiresAt) };
}

export function createSessionReader(sessions: SessionService, cookieOptions: SessionCookieOptions) {
  // The logged-in user, refreshing the cookie when the session slid forward; null when none.
  return function currentUser(cookie: CookieJar): User | null {
    const token = cookie[SESSION_COOKIE]?.value;
    if (typeof token !== "string" || !token) return null;
    const session = sessions.validate(token);
    if (!session) {
      cookie[SESSION_COOKIE]!.remove();
      return null;
    }
    if (session.refreshed) {
      cookie[SESSION_COOKIE]!.set({ value: token, ...sessionCookieAttributes(cookieOptions, session.expiresAt) });
    }
    return session.user;
  };
}

export type CurrentUser = ReturnType<typeof createSessionReader>;

export function requireUser(currentUser: CurrentUser, cookie: CookieJar): User {
  const user = currentUser(cookie);
  if (!user) throw unauthorized();
  return user;
}

export function requireAdmin(currentUser: CurrentUser, cookie: CookieJar): User {
  const user = requireUser(currentUser, cookie);
  if (!user.isAdmin) throw forbidden();
  return user;
}

export function authPlugin(currentUser: CurrentUser) {
  return new Elysia({ name: "auth" }).macro({
    auth: {
      resolve: ({ cookie }) => ({ user: requireUser(currentUser, cookie as unknown as CookieJar) }),
    },
    admin: {
      resolve: ({ cookie }) => ({ user: requireAdmin(currentUser, cookie as unknown as CookieJar) }),
    },
  });
}
