import { Elysia } from "elysia";
import type { CurrentUser } from "../../auth/current-user.ts";
import { cookieJar } from "../../http/cookies.ts";
import { requireAdmin } from "../../auth/current-user.ts";
import type { Db } from "../../db/client.ts";
import { recordAudit } from "../audit/service.ts";
import { settingsBody } from "./model.ts";
import { settingsView, type SettingsService } from "./service.ts";

export interface SettingsRouteDeps {
  db: Db;
  clock: () => number;
  settings: SettingsService;
  currentUser: CurrentUser;
  clientIp: (request: Request, server: unknown) => string;
}

export function settingsAdminRoutes({ db, clock, settings, currentUser, clientIp }: SettingsRouteDeps) {
  return new Elysia()
    .get("/api/admin/faucet/settings", () => settingsView(settings.get()))
    .post(
      "/api/admin/faucet/settings",
      ({ body, request, server, set }) => {
        const admin = requireAdmin(currentUser, cookieJar(request, set));
        const updated = db.transaction(() => {
          const row = settings.update(body, admin.id);
          recordAudit(db, { actor: admin, action: "faucet_settings.update", targetType: "faucet_settings", targetId: 1, details: settingsView(row), ip: clientIp(request, server) }, clock());
          return row;
        }, { behavior: "immediate" });
        return settingsView(updated);
      },
      { body: settingsBody },
    );
}
