// All SQL of GET /metrics: one grouped count per table, read at every scrape. Each walks the
// table's status index (faucet_requests_status_time, payouts_status; rewards has none and is
// the smallest table): bench/results/2026-11-26-metrics-scrape.md has its cost on a large database.
import { count } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { faucetRequests, payouts, rewards } from "../../db/schema.ts";

export interface StatusCount {
  status: string;
  n: number;
}

export function createMetricsRepository(db: Db) {
  const faucetByStatus = db
    .select({ status: faucetRequests.status, n: count() })
    .from(faucetRequests)
    .groupBy(faucetRequests.status)
    .prepare();
  const claimsByStatus = db
    .select({ status: rewards.status, n: count() })
    .from(rewards)
    .groupBy(rewards.status)
    .prepare();
  const payoutsByStatus = db
    .select({ status: payouts.status, n: count() })
    .from(payouts)
    .groupBy(payouts.status)
    .prepare();
  return {
    faucetRequestsByStatus: (): StatusCount[] => faucetByStatus.all(),
    claimsByStatus: (): StatusCount[] => claimsByStatus.all(),
    payoutsByStatus: (): StatusCount[] => payoutsByStatus.all(),
  };
}
