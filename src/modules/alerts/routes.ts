// The operator's alerts on /admin: the open ones and the latest cleared.
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { alertView } from "./model.ts";
import type { AlertService } from "./service.ts";

export function alertRoutes({ context, alerts }: { context: ContextDeps; alerts: AlertService }) {
  return new Elysia().use(adminContext(context)).get("/api/admin/alerts", () => {
    const { open, cleared } = alerts.recent();
    return { open: open.map(alertView), cleared: cleared.map(alertView) };
  });
}
