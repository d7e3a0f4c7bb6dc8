// Who is asking: the session cookie turned into a user, with the sliding refresh of the cookie.
import type { User } from "../db/schema.ts";
import { type CookieAttributes, type CookieJar, SESSION_COOKIE } from "../http/cookies.ts";
import { appError, forbidden, type HttpError, unauthorized } from "../lib/errors.ts";
import type { RequestPlace, SessionInfo, SessionService, UsedElsewhere } from "./sessions.ts";
import { STEP_UP_REQUIRED, twoFactorSetupRequired } from "./step-up.ts";

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

// What a session just found used elsewhere does (the sessions feature alerts the admins).
export type OnUsedElsewhere = (user: User, where: UsedElsewhere) => void;

export function createSessionReader(
  sessions: SessionService,
  cookieOptions: SessionCookieOptions,
  onUsedElsewhere: OnUsedElsewhere = () => {},
) {
  // The logged-in user and their session, refreshing the cookie when the session slid forward; null
  // when none. `from`: where the request comes from (the session keeps where it is used).
  return function currentUser(cookies: CookieJar, from: RequestPlace): SignedIn | null {
    const token = cookies.get(SESSION_COOKIE);
    if (!token) return null;
    const session = sessions.validate(token, from);
    if (!session) {
      cookies.set(SESSION_COOKIE, "", sessionCookieAttributes(cookieOptions, 0));
      return null;
    }
    if (session.movedElsewhere) onUsedElsewhere(session.user, session.movedElsewhere);
    if (session.refreshed)
      cookies.set(SESSION_COOKIE, token, sessionCookieAttributes(cookieOptions, session.expiresAt));
    return { user: session.user, session: session.session };
  };
}

export type CurrentUser = ReturnType<typeof createSessionReader>;
// The signed-in user of a request whose place is already known (http/context.ts's visitor).
export type SignedInOf = (cookies: CookieJar) => SignedIn | null;

export function requireUser(currentUser: SignedInOf, cookies: CookieJar, message?: string): User {
  const user = currentUser(cookies)?.user;
  if (!user) throw unauthorized(message);
  return user;
}

// `twoFactorRequired`: the server pays on a real ledger, so an admin without two-factor sign-in may
// do nothing but set it up. A session used elsewhere asks for a fresh code before any admin call
// (an admin without two-factor sign-in, on a server paying no real XRP, has none to give: not asked).
export function requireAdmin(currentUser: SignedInOf, cookies: CookieJar, twoFactorRequired = false): User {
  const signedIn = currentUser(cookies);
  const refusal = adminRefusal(signedIn, twoFactorRequired);
  if (refusal) throw refusal;
  return signedIn!.user;
}

// Why this sign-in may not act as an admin now, or null when it may (requireAdmin's rule, for a
// session checked again later: the back office's event stream).
export function adminRefusal(signedIn: SignedIn | null, twoFactorRequired = false): HttpError | null {
  if (!signedIn) return unauthorized();
  const user = signedIn.user;
  if (!user.isAdmin) return forbidden();
  if (twoFactorRequired && user.totpEnabledAt === null) return twoFactorSetupRequired();
  if (signedIn.session.elsewhere && user.totpEnabledAt !== null)
    return appError(403, "STEP_UP_REQUIRED", STEP_UP_REQUIRED);
  return null;
}
