// The admin's block list (list, add, remove) and its enforcement: the forms that create something
// refuse a blocked address, IP (or network) or device before their own checks run.
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { cookieJar } from "../../http/cookies.ts";
import { DEVICE_COOKIE } from "../../http/device.ts";
import { idParam } from "../../http/params.ts";
import { blockBody } from "./model.ts";
import type { BlocklistService } from "./service.ts";

// The calls a blocked party is refused, and whether their body names an XRP address (`address`).
export const GUARDED_FORMS: Record<string, { address: boolean }> = {
  "/api/faucet/request": { address: true },
  "/api/reviews/bonus-request": { address: true },
  "/api/social/bonus-request": { address: true },
  "/api/newsletter/signup": { address: false },
  "/api/earning-alerts/signup": { address: false },
  "/api/advertising/submit": { address: false },
  "/api/register": { address: false },
};

export interface BlocklistRouteDeps {
  context: ContextDeps;
  blocklist: BlocklistService;
}

export function blocklistRoutes({ context, blocklist }: BlocklistRouteDeps) {
  // Global: it applies to the routes the app adds after this plugin (app.ts uses it before them).
  // It runs after the body's schema and before the route's own hooks (the proof of work) and handler.
  const guard = new Elysia().onBeforeHandle({ as: "global" }, ({ request, path, body, server, set }) => {
    const form = request.method === "POST" ? GUARDED_FORMS[path] : undefined;
    if (!form) return;
    blocklist.refuseBlocked({
      ip: context.clientIp(request, server),
      deviceId: cookieJar(request, set as never).get(DEVICE_COOKIE) ?? null,
      address: form.address ? (body as { address?: unknown } | null | undefined)?.address : undefined,
    });
  });

  const adminRoutes = new Elysia()
    .use(adminContext(context))
    .get("/api/admin/blocklist", () => blocklist.list())
    .post(
      "/api/admin/blocklist",
      ({ body, actor, set }) => {
        const entry = blocklist.add(body ?? {}, actor);
        set.status = 201;
        return entry;
      },
      { body: blockBody },
    )
    .delete("/api/admin/blocklist/:id", ({ params, actor }) => {
      blocklist.remove(idParam(params.id), actor);
      return { success: true as const };
    });

  return new Elysia().use(guard).use(adminRoutes);
}
