// GET /api/pow/challenge?form=<name>: a proof-of-work challenge for one of the public forms, good
// for the asking IP group (at most 120 a minute per network).
import { Elysia } from "elysia";
import { type ContextDeps, visitorContext } from "../../http/context.ts";
import { isProtectedForm } from "../../shared/forms.ts";
import { challengeView, powErrors } from "./model.ts";
import type { ProofOfWork } from "./service.ts";

export function powRoutes({ context, pow }: { context: ContextDeps; pow: ProofOfWork }) {
  return new Elysia().use(visitorContext(context)).get("/api/pow/challenge", async ({ visitor, query }) => {
    if (!isProtectedForm(query.form)) throw powErrors.unknownForm();
    return challengeView(await pow.challengeFor(visitor.networks, query.form));
  });
}
