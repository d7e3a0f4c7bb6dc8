// GET /api/pow/challenge?form=<name>: a proof-of-work challenge for one of the public forms, good
// for the asking IP group (at most 120 a minute per network); form=login&username=<name>: the login's
// of a username many sign-ins failed for lately (null when it needs none).
import { Elysia } from "elysia";
import { type ContextDeps, visitorContext } from "../../http/context.ts";
import { isProtectedForm, LOGIN_FORM } from "../../shared/forms.ts";
import { challengeView, powErrors } from "./model.ts";
import type { ProofOfWork } from "./service.ts";

// `loginProofFactor`: the proof a login for the username needs, in times the base (0: none).
export function powRoutes({
  context,
  pow,
  loginProofFactor,
}: {
  context: ContextDeps;
  pow: ProofOfWork;
  loginProofFactor: (username: string) => number;
}) {
  return new Elysia().use(visitorContext(context)).get("/api/pow/challenge", async ({ visitor, query }) => {
    const username = typeof query.username === "string" ? query.username.trim() : "";
    if (query.form === LOGIN_FORM && username) {
      const factor = loginProofFactor(username);
      return challengeView(
        factor > 0 ? await pow.challengeFor(visitor.networks, LOGIN_FORM, { username, factor }) : null,
      );
    }
    if (!isProtectedForm(query.form)) throw powErrors.unknownForm();
    return challengeView(await pow.challengeFor(visitor.networks, query.form));
  });
}
