// The admin side of the public forms: lists, and status and notes edits. Statuses come only from
// the spec's sets for each list.
import { Elysia } from "elysia";
import { requireAdmin, type CurrentUser } from "../../auth/current-user.ts";
import type { Db } from "../../db/client.ts";
import type { ClientIpResolver } from "../../http/client-ip.ts";
import { jsonBody, text } from "../../http/body.ts";
import { cookieJar } from "../../http/cookies.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { recordAudit } from "../audit/service.ts";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const NEWSLETTER_STATUSES = ["PENDING", "APPROVED", "DENIED", "SUBSCRIBED"];
export const ALERT_STATUSES = ["PENDING", "APPROVED", "DENIED", "ACTIVE"];
export const ADVERTISING_STATUSES = ["PENDING", "CONTACTED", "APPROVED", "REJECTED"];

const editBody = (statuses: string[]) =>
  jsonBody({ status: text(40, `status must be one of ${statuses.join(", ")}`), notes: text(2000, "notes must be text of at most 2000 characters") });

interface Edit {
  status: string | undefined;
  notes: string | null | undefined;
}

function readEdit(body: unknown, allowed: string[]): Edit {
  const input = (body ?? {}) as { status?: unknown; notes?: unknown };
  if (input.status !== undefined && (typeof input.status !== "string" || !allowed.includes(input.status))) {
    throw badRequest(`status must be one of ${allowed.join(", ")}`);
  }
  if (input.notes !== undefined && input.notes !== null && (typeof input.notes !== "string" || input.notes.length > 2000)) {
    throw badRequest("notes must be text of at most 2000 characters");
  }
  if (input.status === undefined && input.notes === undefined) throw badRequest("Send a status, notes, or both");
  return { status: input.status as string | undefined, notes: input.notes === undefined ? undefined : ((input.notes as string | null)?.trim() || null) };
}

function idOf(raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw badRequest("The id must be a number");
  return Number(raw);
}

const newsletterView = (r: any) => ({
  id: r.id,
  email: r.email,
  name: r.name,
  status: r.status,
  source: r.source,
  notes: r.notes,
  ipAddress: r.ip_address,
  userAgent: r.user_agent,
  createdAt: iso(r.created_at),
});
const alertView = (r: any) => ({ ...newsletterView(r), phone: r.phone, alertTypes: JSON.parse(r.alert_types) });
const advertisingView = (r: any) => ({
  id: r.id,
  companyName: r.company_name,
  email: r.email,
  budget: r.budget,
  website: r.website,
  message: r.message,
  status: r.status,
  notes: r.notes,
  adminName: r.admin_name,
  ipAddress: r.ip_address,
  createdAt: iso(r.created_at),
  processedAt: iso(r.processed_at),
});

export function signupAdminRoutes({ db, clock, currentUser, clientIp }: { db: Db; clock: () => number; currentUser: CurrentUser; clientIp: ClientIpResolver }) {
  const sqlite = db.sqlite;

  function patch(table: string, id: number, edit: Edit, ctx: { request: Request; server: unknown; set: { headers: Record<string, unknown> } }, extra: (now: number, adminName: string) => Record<string, unknown>) {
    const admin = requireAdmin(currentUser, cookieJar(ctx.request, ctx.set));
    const now = clock();
    return sqlite.transaction(() => {
      const row = sqlite.query<any, [number]>(`select * from ${table} where id = ?`).get(id);
      if (!row) throw notFound("Not found");
      const changes: Record<string, unknown> = { ...extra(now, admin.username) };
      if (edit.status !== undefined) changes.status = edit.status;
      if (edit.notes !== undefined) changes.notes = edit.notes;
      const columns = Object.keys(changes);
      sqlite.run(`update ${table} set ${columns.map((c) => `${c} = ?`).join(", ")} where id = ?`, [...(Object.values(changes) as never[]), id]);
      recordAudit(db, { actor: admin, action: `${table}.update`, targetType: table, targetId: id, details: { status: edit.status, notes: edit.notes }, ip: clientIp(ctx.request, ctx.server) }, now);
      return sqlite.query<any, [number]>(`select * from ${table} where id = ?`).get(id);
    }).immediate();
  }

  return new Elysia()
    .get("/api/admin/newsletter-signups", () => sqlite.query("select * from newsletter_signups order by created_at desc, id desc limit 5000").all().map(newsletterView))
    .patch(
      "/api/admin/newsletter-signups/:id",
      (ctx) => newsletterView(patch("newsletter_signups", idOf(ctx.params.id), readEdit(ctx.body, NEWSLETTER_STATUSES), ctx, (now) => ({ updated_at: now }))),
      { body: editBody(NEWSLETTER_STATUSES) },
    )
    .get("/api/admin/earning-alerts-signups", () => sqlite.query("select * from earning_alert_signups order by created_at desc, id desc limit 5000").all().map(alertView))
    .patch(
      "/api/admin/earning-alerts-signups/:id",
      (ctx) => alertView(patch("earning_alert_signups", idOf(ctx.params.id), readEdit(ctx.body, ALERT_STATUSES), ctx, (now) => ({ updated_at: now }))),
      { body: editBody(ALERT_STATUSES) },
    )
    .get("/api/admin/advertising/requests", () => sqlite.query("select * from advertising_requests order by created_at desc, id desc limit 5000").all().map(advertisingView))
    .patch(
      "/api/admin/advertising/:id",
      (ctx) =>
        advertisingView(
          patch("advertising_requests", idOf(ctx.params.id), readEdit(ctx.body, ADVERTISING_STATUSES), ctx, (now, adminName) => ({ admin_name: adminName, processed_at: now })),
        ),
      { body: editBody(ADVERTISING_STATUSES) },
    );
}
