// Two-factor sign-in for the logged-in user: set it up, turn it on and off, new recovery codes, and
// the step-up code the admin's money actions ask for (or the password, for a reset link from an
// admin without two-factor sign-in); and an admin's reset of a user's two-factor sign-in.
import { Elysia } from "elysia";
import { sayTo } from "../../http/language.ts";
import { adminContext, type ContextDeps, visitorContext } from "../../http/context.ts";
import { idParam } from "../../http/params.ts";
import { codeBody, setupBody, stepUpBody, TWO_FACTOR_MESSAGES } from "./model.ts";
import type { TwoFactorService } from "./service.ts";

export function twoFactorRoutes({ context, twoFactor }: { context: ContextDeps; twoFactor: TwoFactorService }) {
  // An admin's reset of a user's two-factor sign-in (from the user's file).
  const admin = new Elysia()
    .use(adminContext(context))
    .post("/api/admin/users/:id/two-factor/reset", ({ params, actor }) =>
      twoFactor.resetFor(idParam(params.id), actor),
    );
  return new Elysia()
    .use(visitorContext(context))
    .post(
      "/api/user/two-factor/setup",
      ({ body, visitor }) => twoFactor.setup(visitor.requireUser(), body ?? {}, visitor.ip),
      { body: setupBody },
    )
    .post(
      "/api/user/two-factor/enable",
      ({ body, visitor }) => twoFactor.enable(visitor.requireUser(), body?.code, visitor.session, visitor.ip),
      { body: codeBody },
    )
    .post(
      "/api/user/two-factor/disable",
      async ({ body, request, visitor }) => {
        await twoFactor.disable(visitor.requireUser(), body?.code, visitor.ip);
        return { message: sayTo(request, TWO_FACTOR_MESSAGES.disabled) };
      },
      { body: codeBody },
    )
    .post(
      "/api/user/two-factor/recovery-codes",
      ({ body, visitor }) => twoFactor.renewRecoveryCodes(visitor.requireUser(), body?.code, visitor.ip),
      { body: codeBody },
    )
    .post(
      "/api/user/step-up",
      ({ body, visitor }) =>
        twoFactor.stepUp(visitor.requireUser(), visitor.session, body ?? {}, visitor.ip, visitor.userAgent),
      { body: stepUpBody },
    )
    .use(admin);
}
