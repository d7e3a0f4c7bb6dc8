// The social-sharing bonus: what the claim forms show, a share recorded, a bonus claimed (both for
// a logged-in user).
import { Elysia } from "elysia";
import { messageLanguage, spoken } from "../../http/language.ts";
import { type ContextDeps, visitorContext } from "../../http/context.ts";
import type { BlockedPartyCheck } from "../blocklist/guard.ts";
import { formGuards } from "../../http/form-guards.ts";
import { proofRequired } from "../pow/guard.ts";
import type { ProofOfWork } from "../pow/service.ts";
import { asJson, hasSessionCookie, type PublicReads } from "../../http/public-reads.ts";
import { claimBody, LOGIN_TO_CLAIM, shareBody } from "./model.ts";
import type { SocialService } from "./service.ts";

export interface SocialRouteDeps {
  context: ContextDeps;
  social: SocialService;
  blocked: BlockedPartyCheck;
  pow: ProofOfWork;
  reads: PublicReads;
}

export function socialRoutes({ context, social, blocked, pow, reads }: SocialRouteDeps) {
  // What the claim forms show a visitor who is not logged in: the same for all of them (a public
  // read, rebuilt each second); a session cookie makes it the user's own answer.
  const answer = reads.cached();
  const anonymousOffer = reads.add("/api/social/bonus", (request: Request) =>
    hasSessionCookie(request) ? undefined : answer(Math.floor(context.clock() / 1000), () => social.offer(null)),
  );
  return new Elysia()
    .use(visitorContext(context))
    .get("/api/social/bonus", ({ request, visitor }) => {
      const anonymous = anonymousOffer(request);
      return anonymous ? asJson(anonymous) : social.offer(visitor.user, messageLanguage(request));
    })
    .post(
      "/api/social/share",
      ({ body, request, visitor, set }) => {
        const result = social.recordShare(visitor.requireUser(LOGIN_TO_CLAIM), body?.platform);
        set.status = 201;
        return spoken(request, result);
      },
      { body: shareBody, beforeHandle: blocked({ address: false }).beforeHandle },
    )
    .post(
      "/api/social/bonus-request",
      ({ body, request, visitor, set }) => {
        const user = visitor.requireUser(LOGIN_TO_CLAIM);
        const result = social.claim(user, body ?? {}, {
          ip: visitor.ip,
          ipNetwork: visitor.networks.network,
          deviceId: visitor.device.deviceId,
        });
        set.status = 201;
        return spoken(request, result);
      },
      { body: claimBody, ...formGuards(blocked({ address: true }), proofRequired(pow, "social-bonus")) },
    );
}
