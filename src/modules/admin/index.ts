// Every /api/admin route is mounted here. createApp's onBeforeHandle guard answers 401/403 for
// all of them before any handler runs; handlers call requireAdmin again to know who acts.
import { Elysia } from "elysia";
import type { CurrentUser } from "../../auth/current-user.ts";
import type { Db } from "../../db/client.ts";
import { settingsAdminRoutes } from "../settings/index.ts";
import type { SettingsService } from "../settings/service.ts";

export interface AdminRouteDeps {
  db: Db;
  clock: () => number;
  settings: SettingsService;
  currentUser: CurrentUser;
  clientIp: (request: Request, server: unknown) => string;
}

export function adminRoutes(deps: AdminRouteDeps) {
  return new Elysia().use(settingsAdminRoutes(deps));
}
