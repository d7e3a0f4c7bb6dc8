// What the audit log's calls answer: a page of entries, newest first, each in a person's words (what
// was done, to what, and for a change its values before and after), where the next page starts, the
// filters it may be narrowed by, and the same entries as CSV.
import { t } from "elysia";
import type { AuditLogEntry } from "../../db/schema.ts";
import { badRequest } from "../../lib/errors.ts";
import { DAY_MS, parseDay } from "../../lib/time.ts";
import type { CsvTable } from "../exports/model.ts";

export const AUDIT_PAGE_SIZE = 50;
// the most entries one CSV holds (the newest that match)
export const AUDIT_CSV_MAX = 10_000;

// `?before=<id>`: the entries older than that id; anything else reads as the newest.
export function beforeParam(raw: unknown): number {
  const before = Number.parseInt(String(raw ?? ""), 10);
  return Number.isFinite(before) ? before : Number.MAX_SAFE_INTEGER;
}

// What an action was, in words (an action not listed shows as recorded).
export const ACTION_WORDS: Record<string, string> = {
  "faucet_settings.update": "Changed the faucet settings",
  "faucet_request.approve": "Approved a faucet request",
  "faucet_request.reject": "Rejected a faucet request",
  "faucet_request.retry_payout": "Retried a faucet payout",
  "reward.approved": "Approved a claim",
  "reward.paid": "Marked a claim paid",
  "reward.denied": "Denied a claim",
  "user.pay": "Paid a user",
  "payout.withdraw": "Withdrew a held payout (nothing sent)",
  "payouts.resume": "Resumed payouts",
  "user.reset_link": "Made a password reset link",
  "blocklist.add": "Blocked a party",
  "blocklist.remove": "Unblocked a party",
  "review.approve": "Published a review",
  "review.hide": "Hid a review",
  "advertising_requests.update": "Updated an advertising request",
  "newsletter_signups.update": "Updated a newsletter signup",
  "earning_alert_signups.update": "Updated an earning-alert signup",
  "backup.create": "Made a backup",
  "backup.create_failed": "A backup failed",
  "backup.download": "Downloaded a backup",
  "upload.delete": "Deleted an image",
  "admin.sign_in": "Signed in",
  "admin.session_elsewhere": "Session used from elsewhere",
  "two_factor.enable": "Turned on two-factor sign-in",
  "two_factor.disable": "Turned off two-factor sign-in",
  "two_factor.recovery_codes": "Made new recovery codes",
  "two_factor.step_up": "Confirmed with a code",
  "password.step_up": "Confirmed with the password",
};
const TARGET_WORDS: Record<string, string> = {
  faucet_request: "Faucet request",
  faucet_settings: "Faucet settings",
  user: "User",
  payout: "Payout",
  reward: "Claim",
  review: "Review",
  block_list: "Block list entry",
  advertising_requests: "Advertising request",
  newsletter_signups: "Newsletter signup",
  earning_alert_signups: "Earning-alert signup",
  backup: "Backup",
  upload: "Image",
};
export const actionWords = (action: string) => ACTION_WORDS[action] ?? action;
const targetWords = (type: string | null, id: string | null) => {
  if (!type) return "";
  const name = TARGET_WORDS[type] ?? type.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
  return type === "faucet_settings" ? name : `${name} #${id}`;
};

// A change's values (recorded with the entry, as `details.changes`): before and after, in words.
interface RecordedChange {
  label: string;
  before: string;
  after: string;
}
const changesOf = (details: unknown): RecordedChange[] => {
  const changes = (details as { changes?: unknown } | null)?.changes;
  return Array.isArray(changes) ? (changes as RecordedChange[]) : [];
};

export function auditEntryView(r: AuditLogEntry) {
  return {
    id: r.id,
    actorName: r.actorName,
    action: r.action,
    actionText: actionWords(r.action),
    targetType: r.targetType,
    targetId: r.targetId,
    target: targetWords(r.targetType, r.targetId),
    details: r.details ?? null,
    changes: changesOf(r.details),
    ipAddress: r.ipAddress,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

export function auditPageView(rows: AuditLogEntry[], filters: { actions: string[]; admins: string[] }) {
  return {
    entries: rows.map(auditEntryView),
    nextBefore: rows.length === AUDIT_PAGE_SIZE ? rows.at(-1)!.id : null,
    // what the filters offer: every action and every admin the log holds
    filters: {
      actions: filters.actions.map((value) => ({ value, label: actionWords(value) })),
      admins: filters.admins,
    },
  };
}

export const auditCsv = (rows: AuditLogEntry[]): CsvTable => ({
  name: "audit-log",
  header: ["id", "when", "admin", "action", "action_code", "target", "changes", "ip"],
  rows: rows.map((r) => {
    const e = auditEntryView(r);
    return [
      e.id,
      e.createdAt,
      e.actorName,
      e.actionText,
      e.action,
      e.target,
      e.changes.map((c) => `${c.label}: ${c.before} -> ${c.after}`).join("; "),
      e.ipAddress,
    ];
  }),
});

// ---- the filters: ?action=, ?admin=, ?from=YYYY-MM-DD, ?to=YYYY-MM-DD (UTC days, both included)
export const auditQuery = t.Object(
  {
    before: t.Optional(t.String({ maxLength: 20 })),
    action: t.Optional(t.String({ maxLength: 100, error: "action must be an action's code (at most 100 characters)" })),
    admin: t.Optional(t.String({ maxLength: 100, error: "admin must be an admin's name (at most 100 characters)" })),
    from: t.Optional(t.String({ maxLength: 10 })),
    to: t.Optional(t.String({ maxLength: 10 })),
  },
  { additionalProperties: true },
);

export interface AuditFilter {
  action: string | null;
  admin: string | null;
  // ms, inclusive / exclusive
  since: number | null;
  until: number | null;
}

const dayAsked = (text: string | undefined, name: string): number | null => {
  if (text === undefined || text === "") return null;
  const ms = parseDay(text);
  if (ms === null) throw badRequest(`${name} must be a date such as 2026-01-31`, "AUDIT_DATE_INVALID");
  return ms;
};

export function auditFilter(query: typeof auditQuery.static): AuditFilter {
  const since = dayAsked(query.from, "from");
  const to = dayAsked(query.to, "to");
  return { action: query.action || null, admin: query.admin || null, since, until: to === null ? null : to + DAY_MS };
}
