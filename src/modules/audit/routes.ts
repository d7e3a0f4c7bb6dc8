// The admin's audit log: every admin action that changed something, 50 a page.
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { auditPageView, beforeParam } from "./model.ts";
import type { AuditService } from "./service.ts";

export function auditRoutes({ context, audit }: { context: ContextDeps; audit: AuditService }) {
  return new Elysia().use(adminContext(context)).get("/api/admin/audit-log", ({ query }) => auditPageView(audit.page(beforeParam(query.before))));
}
