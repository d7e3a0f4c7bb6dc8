// The admin's faucet settings: read and change (each change audited).
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { settingsBody, settingsView } from "./model.ts";
import type { SettingsService } from "./service.ts";

export function settingsRoutes({ context, settings }: { context: ContextDeps; settings: SettingsService }) {
  return new Elysia()
    .use(adminContext(context))
    .get("/api/admin/faucet/settings", () => settingsView(settings.get()))
    .post("/api/admin/faucet/settings", ({ body, actor }) => settingsView(settings.update(body, actor).row), {
      body: settingsBody,
    });
}
