import { Elysia, t } from "elysia";
import { requireUser, type CurrentUser } from "../../auth/current-user.ts";
import { cookieJar } from "../../http/cookies.ts";
import type { createAccountHistory } from "../account/service.ts";
import type { SocialService } from "./service.ts";

const anyObject = t.Nullable(t.Object({}, { additionalProperties: true }));
export const LOGIN_TO_CLAIM = "Please log in to claim social sharing bonus";

// The logged-in user's own pages: their history and the social-sharing bonus.
export function userRoutes({ social, history, currentUser }: { social: SocialService; history: ReturnType<typeof createAccountHistory>; currentUser: CurrentUser }) {
  const who = (ctx: { request: Request; set: { headers: Record<string, unknown> } }, message?: string) =>
    requireUser(currentUser, cookieJar(ctx.request, ctx.set), message);
  return new Elysia()
    .get("/api/user/faucet-requests", (ctx) => history.faucetRequests(who(ctx).id))
    .get("/api/user/rewards-history", (ctx) => history.rewards(who(ctx).id))
    .get("/api/social/bonus", ({ request, set }) => social.offer(currentUser(cookieJar(request, set))))
    .post("/api/social/share", (ctx) => {
      const { body, set } = ctx;
      const result = social.recordShare(who(ctx, LOGIN_TO_CLAIM), (body as { platform?: unknown } | null)?.platform);
      set.status = 201;
      return result;
    }, { body: anyObject })
    .post("/api/social/bonus-request", (ctx) => {
      const { body, set } = ctx;
      const result = social.claim(who(ctx, LOGIN_TO_CLAIM), body ?? {});
      set.status = 201;
      return result;
    }, { body: anyObject });
}
