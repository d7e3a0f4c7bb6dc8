// The health strip on every /admin page, and the start-here checklist of a new install.
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import type { AtAGlance } from "./service.ts";

export function atAGlanceRoutes({ context, atAGlance }: { context: ContextDeps; atAGlance: AtAGlance }) {
  return new Elysia()
    .use(adminContext(context))
    .get("/api/admin/health", () => atAGlance.health())
    .get("/api/admin/start-here", ({ actor }) => atAGlance.startHere(actor));
}
