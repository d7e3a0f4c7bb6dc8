// The advertiser enquiry form (proof of work, the signup forms' limit per IP) and the admin's list
// of enquiries with their status and notes edits.
import { Elysia } from "elysia";
import { spoken } from "../../http/language.ts";
import { adminContext, type ContextDeps, visitorContext } from "../../http/context.ts";
import { formGuards } from "../../http/form-guards.ts";
import { idParam } from "../../http/params.ts";
import type { BlockedPartyCheck } from "../blocklist/guard.ts";
import { proofRequired } from "../pow/guard.ts";
import type { ProofOfWork } from "../pow/service.ts";
import { editBody } from "../signups/model.ts";
import { ADVERTISING_STATUSES, advertisingBody, advertisingView, submittedView } from "./model.ts";
import type { AdvertisingService } from "./service.ts";

export interface AdvertisingRouteDeps {
  context: ContextDeps;
  advertising: AdvertisingService;
  pow: ProofOfWork;
  blocked: BlockedPartyCheck;
}

export function advertisingRoutes({ context, advertising, pow, blocked }: AdvertisingRouteDeps) {
  const visitorRoutes = new Elysia().use(visitorContext(context)).post(
    "/api/advertising/submit",
    ({ body, request, visitor, set }) => {
      const row = advertising.submit(body ?? {}, {
        ip: visitor.ip,
        ipGroup: visitor.ipGroup,
        userAgent: visitor.userAgent,
      });
      set.status = 201;
      return spoken(request, submittedView(row));
    },
    { body: advertisingBody, ...formGuards(blocked({ address: false }), proofRequired(pow, "advertising")) },
  );

  const adminRoutes = new Elysia()
    .use(adminContext(context))
    .get("/api/admin/advertising/requests", () => advertising.list().map(advertisingView))
    .patch(
      "/api/admin/advertising/:id",
      ({ params, body, actor }) => advertisingView(advertising.edit(idParam(params.id), body ?? {}, actor)),
      {
        body: editBody(ADVERTISING_STATUSES),
      },
    );

  return new Elysia().use(visitorRoutes).use(adminRoutes);
}
