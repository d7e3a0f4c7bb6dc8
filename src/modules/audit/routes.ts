// The admin's audit log: every admin action that changed something, 50 a page, narrowed by action,
// admin and days; and the same as a CSV download.
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { csvResponse } from "../exports/model.ts";
import { auditCsv, auditFilter, auditPageView, auditQuery, beforeParam } from "./model.ts";
import type { AuditService } from "./service.ts";

export function auditRoutes({ context, audit }: { context: ContextDeps; audit: AuditService }) {
  return new Elysia()
    .use(adminContext(context))
    .get(
      "/api/admin/audit-log",
      ({ query }) => auditPageView(audit.page(auditFilter(query), beforeParam(query.before)), audit.filters()),
      { query: auditQuery },
    )
    .get("/api/admin/audit-log/csv", ({ query }) => csvResponse(auditCsv(audit.all(auditFilter(query)))), {
      query: auditQuery,
    });
}
