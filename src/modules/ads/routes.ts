// GET /api/ads (what each slot shows), GET /api/ads/:slot/click (counts the click, as ads/clicks.ts
// allows, and redirects to the ad's link), and the admin's GET /api/admin/ads, PUT and DELETE
// /api/admin/ads/:slot.
import { Elysia } from "elysia";
import { adminContext, type ContextDeps, type Visitor, visitorContext } from "../../http/context.ts";
import { jsonError } from "../../lib/errors.ts";
import type { Clicker } from "./clicks.ts";
import { adBody } from "./model.ts";
import type { AdService } from "./service.ts";

// Who clicks: their device id, or (a browser without one, which this answer gives one) their IP group.
const clickerOf = (visitor: Visitor): Clicker => {
  const { deviceId, isNew } = visitor.device;
  return {
    who: isNew ? `group ${visitor.ipGroup}` : `device ${deviceId}`,
    network: visitor.networks.network,
    wide: visitor.networks.wide,
  };
};

export function adRoutes({
  context,
  ads,
  headers,
}: {
  context: ContextDeps;
  ads: AdService;
  headers: Record<string, string>;
}) {
  const admin = new Elysia()
    .use(adminContext(context))
    .get("/api/admin/ads", () => ads.adminSlots())
    .put("/api/admin/ads/:slot", ({ params, body, actor }) => ads.save(params.slot, body ?? {}, actor), {
      body: adBody,
    })
    .delete("/api/admin/ads/:slot", ({ params, actor }) => ads.remove(params.slot, actor));
  const clicks = new Elysia().use(visitorContext(context)).get("/api/ads/:slot/click", ({ params, visitor, set }) => {
    const link = ads.click(params.slot, () => clickerOf(visitor));
    if (!link) return jsonError(404, "This slot has no ad to open", headers);
    // (the device id's Set-Cookie, when the click gave one, is in set.headers)
    const cookie = set.headers["set-cookie"];
    const answer = new Response(null, { status: 302, headers: { ...headers, location: link } });
    for (const line of Array.isArray(cookie) ? cookie : cookie ? [cookie] : [])
      answer.headers.append("set-cookie", String(line));
    return answer;
  });
  return new Elysia()
    .get("/api/ads", () => ads.publicSlots())
    .use(clicks)
    .use(admin);
}
