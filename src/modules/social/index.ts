import { Elysia } from "elysia";
import { requireUser, type CurrentUser } from "../../auth/current-user.ts";
import { jsonBody, nested, text } from "../../http/body.ts";
import { cookieJar } from "../../http/cookies.ts";
import { ADDRESS_INVALID, PLATFORM_INVALID, type SocialService } from "./service.ts";

const platform = text(20, PLATFORM_INVALID);
const shareBody = jsonBody({ platform });
const claimBody = jsonBody({
  address: text(100, ADDRESS_INVALID),
  platform,
  sharedUrl: text(500, "sharedUrl must be a link of at most 500 characters"),
  sharedContent: nested(
    {
      title: text(200, "sharedContent.title must be text of at most 200 characters"),
      description: text(500, "sharedContent.description must be text of at most 500 characters"),
    },
    "sharedContent must be an object with a title (at most 200 characters) and a description (at most 500)",
  ),
});
export const LOGIN_TO_CLAIM = "Please log in to claim social sharing bonus";

// The logged-in user's social-sharing bonus. (Their history is in modules/account.)
export function userRoutes({ social, currentUser }: { social: SocialService; currentUser: CurrentUser }) {
  const who = (ctx: { request: Request; set: { headers: Record<string, unknown> } }, message?: string) =>
    requireUser(currentUser, cookieJar(ctx.request, ctx.set), message);
  return new Elysia()
    .get("/api/social/bonus", ({ request, set }) => social.offer(currentUser(cookieJar(request, set))))
    .post("/api/social/share", (ctx) => {
      const { body, set } = ctx;
      const result = social.recordShare(who(ctx, LOGIN_TO_CLAIM), body?.platform);
      set.status = 201;
      return result;
    }, { body: shareBody })
    .post("/api/social/bonus-request", (ctx) => {
      const { body, set } = ctx;
      const result = social.claim(who(ctx, LOGIN_TO_CLAIM), body ?? {});
      set.status = 201;
      return result;
    }, { body: claimBody });
}
