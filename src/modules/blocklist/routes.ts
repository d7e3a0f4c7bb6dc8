// The admin's block list: list, add, remove (its enforcement on the forms is guard.ts).
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { idParam } from "../../http/params.ts";
import { blockBody } from "./model.ts";
import type { BlocklistService } from "./service.ts";

export interface BlocklistRouteDeps {
  context: ContextDeps;
  blocklist: BlocklistService;
}

export function blocklistRoutes({ context, blocklist }: BlocklistRouteDeps) {
  const adminRoutes = new Elysia()
    .use(adminContext(context))
    .get("/api/admin/blocklist", () => blocklist.list())
    .post(
      "/api/admin/blocklist",
      ({ body, actor, set }) => {
        const entry = blocklist.add(body ?? {}, actor);
        set.status = 201;
        return entry;
      },
      { body: blockBody },
    )
    .delete("/api/admin/blocklist/:id", ({ params, actor }) => {
      blocklist.remove(idParam(params.id), actor);
      return { success: true as const };
    });

  return adminRoutes;
}
