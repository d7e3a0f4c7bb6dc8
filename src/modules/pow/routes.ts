// GET /api/pow/challenge: a proof-of-work challenge for the public forms (at most 120 a minute per IP).
import { Elysia } from "elysia";
import { type ContextDeps, visitorContext } from "../../http/context.ts";
import { challengeView } from "./model.ts";
import type { ProofOfWork } from "./service.ts";

export function powRoutes({ context, pow }: { context: ContextDeps; pow: ProofOfWork }) {
  return new Elysia().use(visitorContext(context)).get("/api/pow/challenge", async ({ visitor }) => challengeView(await pow.challengeFor(visitor.ip)));
}
