// What GET /metrics exposes: the metric names and their help, the states each count is given in
// (every known one, 0 included, so a series does not vanish when its count does), and what the
// composition may give for the metrics other modules own.
import { FAUCET_STATUSES } from "../faucet/model.ts";
import { CLAIM_STATUSES } from "../rewards/model.ts";

// The Prometheus text format (version 0.0.4), as prom-client's Registry writes it.
export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

// Every name and its help. Prometheus conventions: a `_total` counter, `_seconds` and `_drops`
// (XRP's base unit) in base units, a count of rows by state as a gauge.
export const METRICS = {
  httpRequests: {
    name: "xrp_faucet_http_requests_total",
    help: "HTTP requests answered, by method, route pattern (unmatched: no route) and status",
  },
  httpDuration: {
    name: "xrp_faucet_http_request_duration_seconds",
    help: "Time to answer an HTTP request (until the answer is ready), by method and route pattern",
  },
  faucetRequests: { name: "xrp_faucet_faucet_requests", help: "Faucet requests in the database, by status" },
  claims: { name: "xrp_faucet_claims", help: "Bonus claims (rewards) in the database, by status" },
  payouts: { name: "xrp_faucet_payouts", help: "Payouts in the database, by the payout engine's state" },
  payoutsQueued: { name: "xrp_faucet_payouts_queued", help: "Payouts waiting for the payout engine (the queue)" },
  payoutsInFlight: {
    name: "xrp_faucet_payouts_in_flight",
    help: "Payouts signed and sent, waiting for a validated ledger",
  },
  payoutsPaused: {
    name: "xrp_faucet_payouts_paused",
    help: "1 while the payout engine is paused (an admin resumes it), else 0",
  },
  ledgerAge: {
    name: "xrp_faucet_ledger_validated_age_seconds",
    help: "Seconds since the newest validated ledger the XRPL connection has seen closed (counted from the start until it sees one)",
  },
  walletBalance: {
    name: "xrp_faucet_hot_wallet_balance_drops",
    help: "The hot wallet's balance in drops, as the ledger last said (kept up to 30 s)",
  },
  walletSpendable: {
    name: "xrp_faucet_hot_wallet_spendable_drops",
    help: "The hot wallet's balance above its reserve, in drops, as the ledger last said (kept up to 30 s)",
  },
  budgetUsed: {
    name: "xrp_faucet_budget_used_drops",
    help: "Drops of today's (UTC) budget taken, by pool (faucet, bonus)",
  },
  budgetLeft: {
    name: "xrp_faucet_budget_left_drops",
    help: "Drops of today's (UTC) budget released so far and not taken, by pool (faucet, bonus)",
  },
  backupAge: { name: "xrp_faucet_backup_age_seconds", help: "Seconds since the last good backup" },
  openAlerts: { name: "xrp_faucet_open_alerts", help: "Alerts open now" },
  cpu: { name: "process_cpu_seconds_total", help: "Total user and system CPU time spent in seconds" },
  memory: { name: "process_resident_memory_bytes", help: "Resident memory size in bytes" },
  startTime: { name: "process_start_time_seconds", help: "Start time of the process since unix epoch in seconds" },
  openFds: { name: "process_open_fds", help: "Number of open file descriptors" },
} as const;

export const FAUCET_REQUEST_STATES: readonly string[] = FAUCET_STATUSES;
export const CLAIM_STATES: readonly string[] = ["PENDING", ...CLAIM_STATUSES];
// The payout engine's states (db/schema.ts, docs/payouts.md).
export const PAYOUT_STATES: readonly string[] = [
  "queued",
  "preflight_refused",
  "sequence_assigned",
  "in_flight",
  "paid",
  "failed_on_ledger",
  "needs_attention",
  "withdrawn",
];
export const BUDGET_POOLS = ["faucet", "bonus"] as const;

// Metrics owned by other modules, given to createApp (each left out while absent): the backups'
// age (null: no good backup yet) and the alerts open now.
export interface MetricsSources {
  backupAgeSeconds?: () => number | null;
  openAlerts?: () => number;
}
