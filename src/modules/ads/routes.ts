// GET /api/ads (what each slot shows), GET /api/ads/:slot/click (counts the click and redirects to
// the ad's link), and the admin's GET /api/admin/ads, PUT and DELETE /api/admin/ads/:slot.
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { jsonError } from "../../lib/errors.ts";
import { adBody } from "./model.ts";
import type { AdService } from "./service.ts";

export function adRoutes({ context, ads, headers }: { context: ContextDeps; ads: AdService; headers: Record<string, string> }) {
  const admin = new Elysia()
    .use(adminContext(context))
    .get("/api/admin/ads", () => ads.adminSlots())
    .put("/api/admin/ads/:slot", ({ params, body, actor }) => ads.save(params.slot, body ?? {}, actor), { body: adBody })
    .delete("/api/admin/ads/:slot", ({ params, actor }) => ads.remove(params.slot, actor));
  return new Elysia()
    .get("/api/ads", () => ads.publicSlots())
    .get("/api/ads/:slot/click", ({ params }) => {
      const link = ads.click(params.slot);
      if (!link) return jsonError(404, "This slot has no ad to open", headers);
      return new Response(null, { status: 302, headers: { ...headers, location: link } });
    })
    .use(admin);
}
