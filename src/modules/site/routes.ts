// GET /api/site (every page: the header's name and logo, the contact address) and the admin's
// PUT /api/admin/site.
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { asJson, type PublicReads } from "../../http/public-reads.ts";
import { siteBody, siteView } from "./model.ts";
import type { SiteService } from "./service.ts";

export function siteRoutes({ context, site, reads }: { context: ContextDeps; site: SiteService; reads: PublicReads }) {
  // Every page reads it: a public read, rebuilt when the admin saves (the service's cached row changes).
  const answer = reads.cached();
  const read = reads.add("/api/site", () => {
    const row = site.get();
    return answer(row, () => siteView(row));
  });
  const admin = new Elysia()
    .use(adminContext(context))
    .put("/api/admin/site", ({ body, actor }) => siteView(site.update(body ?? {}, actor)), { body: siteBody });
  return new Elysia().get("/api/site", () => asJson(read())).use(admin);
}
