// The conditions the operator is told about before visitors notice, and how the API shows them.
import type { Alert } from "../../db/schema.ts";
import { iso } from "../../lib/time.ts";

export const ALERT_KINDS = {
  wallet_low: "Hot wallet running low",
  payouts_paused: "Payouts paused",
  payout_waiting: "A payout is waiting",
  outside_payment: "Sent from the hot wallet outside the faucet",
  another_signer: "Another server is paying from the hot wallet",
  ledger_stalled: "No validated ledger",
  disk_low: "Disk almost full",
  database_read_only: "Database cannot be written",
  backup_failing: "Backups failing",
  budget_used_early: "Day's budget used before noon",
  surge: "A surge of requests",
} as const;
export type AlertKind = keyof typeof ALERT_KINDS;

// How often the conditions are checked, and their thresholds.
export const ALERTS_EVERY_MS = 60_000;
export const PAYOUT_WAIT_MS = 30 * 60_000;
export const LEDGER_STALL_MS = 5 * 60_000;
// how long transactions sent from the wallet outside the faucet keep their alert open
export const OUTSIDE_PAYMENT_ALERT_MS = 24 * 60 * 60_000;
export const DISK_FREE_MIN = 0.1;
export const WALLET_DAYS_DEFAULT = 3;
// cleared alerts shown on /admin
export const RECENT_ALERTS = 20;

export const alertView = (a: Alert) => ({
  id: a.id,
  kind: a.kind,
  title: ALERT_KINDS[a.kind as AlertKind] ?? a.kind,
  message: a.message,
  raisedAt: iso(a.raisedAt),
  updatedAt: iso(a.updatedAt),
  clearedAt: iso(a.clearedAt),
  open: a.clearedAt === null,
  emailed: a.emailedAt !== null,
});
