import { Elysia, t } from "elysia";
import type { CookieJar, CurrentUser } from "../../auth/plugin.ts";
import { unauthorized } from "../../http/errors.ts";
import type { createAccountHistory } from "../account/service.ts";
import type { SocialService } from "./service.ts";

const anyObject = t.Nullable(t.Object({}, { additionalProperties: true }));
export const LOGIN_TO_CLAIM = "Please log in to claim social sharing bonus";

// The logged-in user's own pages: their history and the social-sharing bonus.
export function userRoutes({ social, history, currentUser }: { social: SocialService; history: ReturnType<typeof createAccountHistory>; currentUser: CurrentUser }) {
  const who = (cookie: unknown, message?: string) => {
    const user = currentUser(cookie as CookieJar);
    if (!user) throw unauthorized(message);
    return user;
  };
  return new Elysia()
    .get("/api/user/faucet-requests", ({ cookie }) => history.faucetRequests(who(cookie).id))
    .get("/api/user/rewards-history", ({ cookie }) => history.rewards(who(cookie).id))
    .get("/api/social/bonus", ({ cookie }) => social.offer(currentUser(cookie as unknown as CookieJar)))
    .post("/api/social/share", ({ body, cookie, set }) => {
      const result = social.recordShare(who(cookie, LOGIN_TO_CLAIM), (body as { platform?: unknown } | null)?.platform);
      set.status = 201;
      return result;
    }, { body: anyObject })
    .post("/api/social/bonus-request", ({ body, cookie, set }) => {
      const result = social.claim(who(cookie, LOGIN_TO_CLAIM), body ?? {});
      set.status = 201;
      return result;
    }, { body: anyObject });
}
