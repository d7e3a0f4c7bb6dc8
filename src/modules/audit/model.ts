// What the audit log's calls answer: a page of entries, newest first, each in a person's words (what
// was done, to what, and for a change its values before and after), where the next page starts, the
// filters it may be narrowed by, and the same entries as CSV.
import { t } from "elysia";
import type { AuditLogEntry } from "../../db/schema.ts";
import { badRequest } from "../../lib/errors.ts";
import { DAY_MS, parseDay } from "../../lib/time.ts";
import { readableXrp } from "../../shared/money.ts";
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
  "faucet_request.withdraw": "Withdrew their own waiting request (the visitor)",
  "reward.approved": "Approved a claim",
  "reward.paid": "Marked a claim paid",
  "reward.denied": "Denied a claim",
  "user.pay": "Paid a user",
  "payout.withdraw": "Withdrew a held payout (nothing sent)",
  "payouts.resume": "Resumed payouts",
  "payouts.pause": "Paused payouts",
  "user.reset_link": "Made a password reset link",
  "user.disable": "Disabled an account",
  "user.enable": "Enabled an account again",
  "user.note": "Wrote the admins' note on a user",
  "blocklist.add": "Blocked a party",
  "blocklist.remove": "Unblocked a party",
  "review.approve": "Published a review",
  "review.hide": "Rejected a review (hidden)",
  "review.delete": "Deleted a review",
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
  "two_factor.reset": "Reset a user's two-factor sign-in",
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

// What an entry's details say besides a change (an approval's amount, address and reason, a rejection's
// reason, the user an action was about), in words, in this order; other details are left to the CSV.
const FACT_WORDS: [key: string, label: string, words: (value: unknown, all: Record<string, unknown>) => string][] = [
  ["amount", "Amount", (v) => readableXrp(String(v))],
  ["address", "Address", (v, all) => (all.destinationTag == null ? String(v) : `${v} (tag ${all.destinationTag})`)],
  ["reason", "Reason", String],
  ["riskScore", "Risk score", String],
  ["username", "User", String],
  ["sessionsEnded", "Sessions ended", String],
  ["withdrawnPayout", "Payout withdrawn", (v) => `#${v}`],
  ["held", "Payouts held", String],
  ["rating", "Rating", (v) => `${v}/5`],
  ["name", "Name", String],
  ["content", "Text", String],
];
interface RecordedFact {
  label: string;
  value: string;
}
const factsOf = (details: unknown): RecordedFact[] => {
  if (details === null || typeof details !== "object" || Array.isArray(details)) return [];
  const all = details as Record<string, unknown>;
  return FACT_WORDS.filter(([key]) => all[key] !== undefined && all[key] !== null && all[key] !== "").map(
    ([key, label, words]) => ({ label, value: words(all[key], all) }),
  );
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
    facts: factsOf(r.details),
    ipAddress: r.ipAddress,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

export function auditPageView(rows: AuditLogEntry[], filters: { actions: string[]; admins: string[] }) {
  return {
    entries: rows.map(auditEntryView),
    nextBefore: rows.length === AUDIT_PAGE_SIZE ? rows.at(-1)!.id : null,
    // what the filters offer: every action the log holds, and every admin (and the auto-approve
    // rule) who acted in it: not the users whose own actions it records (turning on two-factor sign-in)
    filters: {
      actions: filters.actions.map((value) => ({ value, label: actionWords(value) })),
      admins: filters.admins,
    },
  };
}

export const auditCsv = (rows: AuditLogEntry[]): CsvTable => ({
  name: "audit-log",
  header: ["id", "when", "admin", "action", "action_code", "target", "changes", "details", "ip"],
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
      e.facts.map((f) => `${f.label}: ${f.value}`).join("; "),
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
