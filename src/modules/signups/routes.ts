// The signup forms (newsletter, earning alerts: proof of work, one limit per IP) and the admin's
// lists of them with their status and notes edits.
import { Elysia } from "elysia";
import { spoken } from "../../http/language.ts";
import { adminContext, type ContextDeps, visitorContext } from "../../http/context.ts";
import { formGuards } from "../../http/form-guards.ts";
import { idParam } from "../../http/params.ts";
import type { BlockedPartyCheck } from "../blocklist/guard.ts";
import { proofRequired } from "../pow/guard.ts";
import type { ProofOfWork } from "../pow/service.ts";
import {
  ALERT_STATUSES,
  alertsBody,
  alertView,
  editBody,
  NEWSLETTER_STATUSES,
  newsletterBody,
  newsletterView,
  signedUpView,
} from "./model.ts";
import type { SignupService } from "./service.ts";

export interface SignupRouteDeps {
  context: ContextDeps;
  signups: SignupService;
  pow: ProofOfWork;
  blocked: BlockedPartyCheck;
}

export function signupRoutes({ context, signups, pow, blocked }: SignupRouteDeps) {
  const form = (name: "newsletter" | "earning-alerts") =>
    formGuards(blocked({ address: false }), proofRequired(pow, name));
  const visitorRoutes = new Elysia()
    .use(visitorContext(context))
    .post(
      "/api/newsletter/signup",
      ({ body, request, visitor, set }) => {
        const row = signups.newsletter(body ?? {}, {
          ip: visitor.ip,
          ipGroup: visitor.ipGroup,
          userAgent: visitor.userAgent,
        });
        set.status = 201;
        return spoken(request, signedUpView(row));
      },
      { body: newsletterBody, ...form("newsletter") },
    )
    .post(
      "/api/earning-alerts/signup",
      ({ body, request, visitor, set }) => {
        const row = signups.earningAlerts(body ?? {}, {
          ip: visitor.ip,
          ipGroup: visitor.ipGroup,
          userAgent: visitor.userAgent,
        });
        set.status = 201;
        return spoken(request, signedUpView(row));
      },
      { body: alertsBody, ...form("earning-alerts") },
    );

  const adminRoutes = new Elysia()
    .use(adminContext(context))
    .get("/api/admin/newsletter-signups", () => signups.newsletterList().map(newsletterView))
    .patch(
      "/api/admin/newsletter-signups/:id",
      ({ params, body, actor }) => newsletterView(signups.editNewsletter(idParam(params.id), body ?? {}, actor)),
      {
        body: editBody(NEWSLETTER_STATUSES),
      },
    )
    .get("/api/admin/earning-alerts-signups", () => signups.alertList().map(alertView))
    .patch(
      "/api/admin/earning-alerts-signups/:id",
      ({ params, body, actor }) => alertView(signups.editAlert(idParam(params.id), body ?? {}, actor)),
      {
        body: editBody(ALERT_STATUSES),
      },
    );

  return new Elysia().use(visitorRoutes).use(adminRoutes);
}
