// The reviews' calls: the public list, a visitor's review and reviewer bonus (proof of work, limited
// per IP group); the admin's list and moderation.
import { spoken } from "../../http/language.ts";
import { Elysia } from "elysia";
import { adminContext, type ContextDeps, visitorContext } from "../../http/context.ts";
import { formGuards } from "../../http/form-guards.ts";
import { idParam } from "../../http/params.ts";
import { asJson, type PublicReads } from "../../http/public-reads.ts";
import type { BlockedPartyCheck } from "../blocklist/guard.ts";
import { proofRequired } from "../pow/guard.ts";
import type { ProofOfWork } from "../pow/service.ts";
import {
  adminReviewView,
  approvedOf,
  bonusBody,
  bonusOfferView,
  bonusView,
  moderationBody,
  reviewBody,
  reviewView,
  submittedView,
} from "./model.ts";
import type { ReviewService } from "./service.ts";

export interface ReviewRouteDeps {
  context: ContextDeps;
  reviews: ReviewService;
  pow: ProofOfWork;
  blocked: BlockedPartyCheck;
  reads: PublicReads;
}

export function reviewRoutes({ context, reviews, pow, blocked, reads }: ReviewRouteDeps) {
  // The approved reviews every page shows: a public read, built once per list the service reads.
  const answer = reads.cached();
  const list = reads.add("/api/reviews", () => {
    const rows = reviews.listApproved();
    return answer(rows, () => rows.map(reviewView));
  });
  const publicRoutes = new Elysia().get("/api/reviews", () => asJson(list()));

  const visitorRoutes = new Elysia()
    .use(visitorContext(context))
    .post(
      "/api/reviews/submit",
      ({ body, request, visitor, set }) => {
        const row = reviews.submit(body ?? {}, {
          ip: visitor.ip,
          ipGroup: visitor.ipGroup,
          ipNetwork: visitor.networks.network,
          deviceId: visitor.device.deviceId,
          userAgent: visitor.userAgent,
        });
        set.status = 201;
        return spoken(request, submittedView(row));
      },
      { body: reviewBody, ...formGuards(blocked({ address: false }), proofRequired(pow, "review")) },
    )
    // Whether a review from this device earns the reviewer bonus, before it is written.
    .get("/api/reviews/bonus-offer", ({ visitor }) => bonusOfferView(reviews.bonusOffer(visitor.device.deviceId)))
    .post(
      "/api/reviews/bonus-request",
      ({ body, request, visitor, set }) => {
        const { deviceId, isNew } = visitor.device;
        const row = reviews.requestBonus(body ?? {}, {
          ip: visitor.ip,
          ipGroup: visitor.ipGroup,
          ipNetwork: visitor.networks.network,
          deviceId,
          newDevice: isNew,
          userAgent: visitor.userAgent,
          userId: visitor.user?.id ?? null,
        });
        set.status = 201;
        return spoken(request, bonusView(row));
      },
      { body: bonusBody, ...formGuards(blocked({ address: true }), proofRequired(pow, "reviewer-bonus")) },
    );

  const adminRoutes = new Elysia()
    .use(adminContext(context))
    .get("/api/admin/reviews", () => reviews.listLatest().map(adminReviewView))
    .patch(
      "/api/admin/reviews/:id",
      ({ params, body, actor }) => {
        const approved = approvedOf(body);
        return reviewView(reviews.moderate(idParam(params.id), approved, actor));
      },
      { body: moderationBody },
    )
    .delete("/api/admin/reviews/:id", ({ params, actor, set }) => {
      reviews.remove(idParam(params.id), actor);
      set.status = 204;
    });

  return new Elysia().use(publicRoutes).use(visitorRoutes).use(adminRoutes);
}
