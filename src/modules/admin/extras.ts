// What an operator needs beyond the spec's panels: the audit log, review moderation, CSV exports
// and the daily figures behind the chart.
import { Elysia } from "elysia";
import { requireAdmin, type CurrentUser } from "../../auth/current-user.ts";
import type { Db } from "../../db/client.ts";
import type { ClientIpResolver } from "../../http/client-ip.ts";
import { flag, jsonBody } from "../../http/body.ts";
import { cookieJar } from "../../http/cookies.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { DROPS_PER_XRP, formatXrp } from "../../money.ts";
import { reviewView, type ReviewRow, type ReviewService } from "../reviews/service.ts";

const DAY = 24 * 60 * 60 * 1000;
const iso = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());

// A cell a spreadsheet could run as a formula: one starting with a control character (Excel and
// LibreOffice skip some of them), or whose first visible character, after any blanks or invisible
// format characters, is = + - @ (or their full-width forms).
const FORMULA_START = /^\p{Cc}|^[\s\p{Z}\p{Cf}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u;

// A CSV cell (RFC 4180). A cell that could start a formula is defused as OWASP recommends: prefixed
// with a single quote, so a spreadsheet shows it as text, and always quoted.
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : typeof value === "string" ? value : typeof value === "number" ? String(value) : JSON.stringify(value);
  const defused = FORMULA_START.test(text);
  if (defused) text = `'${text}`;
  return defused || /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csv = (name: string, header: string[], rows: unknown[][]) =>
  new Response([header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n", {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${name}.csv"`, "cache-control": "no-store" },
  });

export function adminExtraRoutes({ db, clock, currentUser, clientIp, reviews }: { db: Db; clock: () => number; currentUser: CurrentUser; clientIp: ClientIpResolver; reviews: ReviewService }) {
  const sqlite = db.sqlite;
  // A Map: an export name from the URL never reaches Object.prototype (__proto__, constructor, ...).
  const exports = new Map<string, () => Response>(Object.entries({
    payments: () =>
      csv(
        "payments",
        ["id", "kind", "user", "destination", "destination_tag", "amount_xrp", "status", "tx_hash", "error", "created_at"],
        sqlite
          .query<any, []>("select p.*, u.username from payouts p left join users u on u.id = p.user_id order by p.id desc")
          .all()
          .map((p) => [p.id, p.kind, p.username, p.destination, p.destination_tag, formatXrp(p.amount_drops), p.status, p.tx_hash, p.error, iso(p.created_at)]),
      ),
    newsletter: () =>
      csv(
        "newsletter",
        ["id", "email", "name", "status", "source", "notes", "created_at"],
        sqlite.query<any, []>("select * from newsletter_signups order by id").all().map((s) => [s.id, s.email, s.name, s.status, s.source, s.notes, iso(s.created_at)]),
      ),
    "earning-alerts": () =>
      csv(
        "earning-alerts",
        ["id", "email", "name", "phone", "alert_types", "status", "source", "notes", "created_at"],
        sqlite
          .query<any, []>("select * from earning_alert_signups order by id")
          .all()
          .map((s) => [s.id, s.email, s.name, s.phone, JSON.parse(s.alert_types).join(" "), s.status, s.source, s.notes, iso(s.created_at)]),
      ),
  }));

  return new Elysia()
    .get("/api/admin/audit-log", ({ query }) => {
      const before = Number.parseInt(String(query.before ?? ""), 10);
      const rows = sqlite
        .query<any, [number]>("select * from audit_log where id < ? order by id desc limit 50")
        .all(Number.isFinite(before) ? before : Number.MAX_SAFE_INTEGER);
      return {
        entries: rows.map((r) => ({
          id: r.id,
          actorName: r.actor_name,
          action: r.action,
          targetType: r.target_type,
          targetId: r.target_id,
          details: r.details ? JSON.parse(r.details) : null,
          ipAddress: r.ip_address,
          createdAt: iso(r.created_at),
        })),
        nextBefore: rows.length === 50 ? rows.at(-1).id : null,
      };
    })
    .get("/api/admin/reviews", () =>
      sqlite
        .query<ReviewRow & { ip_address: string | null }, []>("select * from reviews order by created_at desc, id desc limit 300")
        .all()
        .map((r) => ({ ...reviewView(r), ipAddress: r.ip_address })),
    )
    .patch(
      "/api/admin/reviews/:id",
      (ctx) => {
        const admin = requireAdmin(currentUser, cookieJar(ctx.request, ctx.set));
        const approved = (ctx.body as { approved?: unknown } | null)?.approved;
        if (typeof approved !== "boolean") throw badRequest("approved must be true or false");
        if (!/^\d{1,15}$/.test(ctx.params.id)) throw badRequest("The id must be a number");
        return reviews.moderate(Number(ctx.params.id), approved, { actor: admin, ip: clientIp(ctx.request, ctx.server) });
      },
      { body: jsonBody({ approved: flag("approved must be true or false") }) },
    )
    .get("/api/admin/export/:name", ({ params }) => {
      const make = exports.get(params.name.replace(/\.csv$/, ""));
      if (!make) throw notFound(`No export named ${params.name.slice(0, 100)}`);
      return make();
    })
    .get("/api/admin/stats/daily", () => {
      const today = Math.floor(clock() / DAY) * DAY;
      const since = today - 29 * DAY;
      const requested = new Map(
        sqlite
          .query<{ day: string; requests: number; amount_drops: number }, [string]>("select day, requests, amount_drops from faucet_daily_totals where day >= ?")
          .all(new Date(since).toISOString().slice(0, 10))
          .map((r) => [r.day, r]),
      );
      const paid = new Map(
        sqlite
          .query<{ day: string; drops: number }, [number]>(
            "select strftime('%Y-%m-%d', updated_at / 1000, 'unixepoch') as day, sum(amount_drops) as drops from payouts where status = 'paid' and updated_at >= ? group by day",
          )
          .all(since)
          .map((r) => [r.day, r.drops]),
      );
      return Array.from({ length: 30 }, (_, i) => {
        const day = new Date(since + i * DAY).toISOString().slice(0, 10);
        return { day, requests: requested.get(day)?.requests ?? 0, xrpRequested: (requested.get(day)?.amount_drops ?? 0) / DROPS_PER_XRP, xrpPaid: (paid.get(day) ?? 0) / DROPS_PER_XRP };
      });
    });
}
