// GET /api/site (every page: the header's name and logo, the contact address) and the admin's
// PUT /api/admin/site.
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { siteBody, siteView } from "./model.ts";
import type { SiteService } from "./service.ts";

export function siteRoutes({ context, site }: { context: ContextDeps; site: SiteService }) {
  const admin = new Elysia().use(adminContext(context)).put("/api/admin/site", ({ body, actor }) => siteView(site.update(body ?? {}, actor)), { body: siteBody });
  return new Elysia().get("/api/site", () => siteView(site.get())).use(admin);
}
