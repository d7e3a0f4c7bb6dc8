// Who is asking: the session cookie turned into a user, with the sliding refresh of the cookie.
import type { User } from "../db/schema.ts";
import { type CookieAttributes, type CookieJar, SESSION_COOKIE } from "../http/cookies.ts";
import { forbidden, unauthorized } from "../lib/errors.ts";
import type { SessionInfo, SessionService } from "./sessions.ts";
import { twoFactorSetupRequired } from "./step-up.ts";

// A logged-in user and the session they came with.
export interface SignedIn {
  user: User;
  session: SessionInfo;
}

export interface SessionCookieOptions {
  secure: boolean;
}

export function sessionCookieAttributes({ secure }: SessionCookieOptions, expiresAt: number): CookieAttributes {
  return { httpOnly: true, sameSite: "lax", path: "/", secure, expires: new Date(expiresAt) };
}

export function createSessionReader(sessions: SessionService, cookieOptions: SessionCookieOptions) {
  // The logged-in user and their session, refreshing the cookie when the session slid forward; null when none.
  return function currentUser(cookies: CookieJar): SignedIn | null {
    const token = cookies.get(SESSION_COOKIE);
    if (!token) return null;
    const session = sessions.validate(token);
    if (!session) {
      cookies.set(SESSION_COOKIE, "", sessionCookieAttributes(cookieOptions, 0));
      return null;
    }
    if (session.refreshed) cookies.set(SESSION_COOKIE, token, sessionCookieAttributes(cookieOptions, session.expiresAt));
    return { user: session.user, session: session.session };
  };
}

export type CurrentUser = ReturnType<typeof createSessionReader>;

export function requireUser(currentUser: CurrentUser, cookies: CookieJar, message?: string): User {
  const user = currentUser(cookies)?.user;
  if (!user) throw unauthorized(message);
  return user;
}

// `twoFactorRequired`: the server pays on a real ledger, so an admin without two-factor sign-in may
// do nothing but set it up.
export function requireAdmin(currentUser: CurrentUser, cookies: CookieJar, twoFactorRequired = false): User {
  const user = requireUser(currentUser, cookies);
  if (!user.isAdmin) throw forbidden();
  if (twoFactorRequired && user.totpEnabledAt === null) throw twoFactorSetupRequired();
  return user;
}
