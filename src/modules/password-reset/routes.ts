// Password-reset links: what the login page offers, setting a new password through a link,
// "Forgot password?" by email, and the admin's link for a user.
import { requestLanguage, spoken } from "../../http/language.ts";
import { Elysia } from "elysia";
import { adminContext, type ContextDeps, visitorContext } from "../../http/context.ts";
import { formGuards } from "../../http/form-guards.ts";
import { idParam } from "../../http/params.ts";
import type { BlockedPartyCheck } from "../blocklist/guard.ts";
import { proofRequired } from "../pow/guard.ts";
import type { ProofOfWork } from "../pow/service.ts";
import { passwordResetBody, resetRequestBody } from "./model.ts";
import type { PasswordResetService } from "./service.ts";

export interface PasswordResetRouteDeps {
  context: ContextDeps;
  passwordReset: PasswordResetService;
  pow: ProofOfWork;
  blocked: BlockedPartyCheck;
  // the site's public origin (--public-url): where reset links point; else the request's own
  publicUrl?: string | null;
}

export function passwordResetRoutes({
  context,
  passwordReset,
  pow,
  blocked,
  publicUrl = null,
}: PasswordResetRouteDeps) {
  const siteUrl = (request: Request) => publicUrl ?? new URL(request.url).origin;
  const visitorRoutes = new Elysia()
    .use(visitorContext(context))
    // What the login page offers: "Forgot password?" by email when the operator configured mail.
    .get("/api/auth/options", () => ({ mailEnabled: passwordReset.mailEnabled() }))
    .post(
      "/api/password-reset",
      async ({ body, request, visitor }) => spoken(request, await passwordReset.resetPassword(body ?? {}, visitor.ip)),
      { body: passwordResetBody },
    )
    .post(
      "/api/password-reset/request",
      async ({ body, visitor, request }) =>
        spoken(
          request,
          await passwordReset.requestReset(body ?? {}, visitor.ip, siteUrl(request), requestLanguage(request)),
        ),
      {
        body: resetRequestBody,
        ...formGuards(blocked({ address: false }), proofRequired(pow, "password-reset")),
      },
    );
  const adminRoutes = new Elysia()
    .use(adminContext(context))
    // A one-time link (one hour) that sets a new password, for the admin to hand to the user.
    .post("/api/admin/users/:id/reset-link", ({ params, actor, request }) =>
      passwordReset.createResetLink(idParam(params.id), actor, siteUrl(request)),
    );
  return new Elysia().use(visitorRoutes).use(adminRoutes);
}
