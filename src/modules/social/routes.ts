// The social-sharing bonus: what the claim forms show, a share recorded, a bonus claimed (both for
// a logged-in user).
import { Elysia } from "elysia";
import { type ContextDeps, visitorContext } from "../../http/context.ts";
import { claimBody, LOGIN_TO_CLAIM, shareBody } from "./model.ts";
import type { SocialService } from "./service.ts";

export interface SocialRouteDeps {
  context: ContextDeps;
  social: SocialService;
}

export function socialRoutes({ context, social }: SocialRouteDeps) {
  return new Elysia()
    .use(visitorContext(context))
    .get("/api/social/bonus", ({ visitor }) => social.offer(visitor.user))
    .post(
      "/api/social/share",
      ({ body, visitor, set }) => {
        const result = social.recordShare(visitor.requireUser(LOGIN_TO_CLAIM), body?.platform);
        set.status = 201;
        return result;
      },
      { body: shareBody },
    )
    .post(
      "/api/social/bonus-request",
      ({ body, visitor, set }) => {
        const result = social.claim(visitor.requireUser(LOGIN_TO_CLAIM), body ?? {});
        set.status = 201;
        return result;
      },
      { body: claimBody },
    );
}
