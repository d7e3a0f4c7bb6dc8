// The admin's CSV downloads: GET /api/admin/export/payments.csv, newsletter.csv, earning-alerts.csv.
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { csvResponse } from "./model.ts";
import type { ExportService } from "./service.ts";

export function exportRoutes({ context, csvExports }: { context: ContextDeps; csvExports: ExportService }) {
  return new Elysia()
    .use(adminContext(context))
    .get("/api/admin/export/:name", ({ params }) => csvResponse(csvExports.table(params.name)));
}
