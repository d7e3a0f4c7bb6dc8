// All SQL of the figures: XRP paid so far, the latest payments, and per UTC day what the faucet accepted and what was paid.
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { faucetDailyTotals, payouts } from "../../db/schema.ts";
import type { RecentPayout } from "./model.ts";

const p = sql.placeholder;

export function createStatsRepository(db: Db) {
  const paidTotal = db
    .select({ drops: sql<number | null>`sum(${payouts.amountDrops})` })
    .from(payouts)
    .where(eq(payouts.status, "paid"))
    .prepare();
  const daysSince = db
    .select({
      day: faucetDailyTotals.day,
      requests: faucetDailyTotals.requests,
      amountDrops: faucetDailyTotals.amountDrops,
    })
    .from(faucetDailyTotals)
    .where(gte(faucetDailyTotals.day, p("since")))
    .prepare();
  // the UTC day a payout was settled on
  const paidOn = sql<string>`strftime('%Y-%m-%d', ${payouts.updatedAt} / 1000, 'unixepoch')`;
  const paidByDaySince = db
    .select({ day: paidOn, drops: sql<number>`sum(${payouts.amountDrops})` })
    .from(payouts)
    .where(and(eq(payouts.status, "paid"), gte(payouts.updatedAt, p("since"))))
    .groupBy(paidOn)
    .prepare();

  // the latest paid payouts, newest settled first: named, through the partial index of paid ones
  // (the planner would take the status index, then sort every paid payout)
  const latestPaid = db.sqlite.prepare<RecentPayout, [number]>(
    `select destination, amount_drops as amountDrops, tx_hash as txHash, updated_at as paidAt
       from payouts indexed by payouts_paid_time where status = 'paid' order by updated_at desc limit ?`,
  );

  return {
    latestPaid: (limit: number) => latestPaid.all(limit),
    paidDrops: () => paidTotal.get()?.drops ?? 0,
    daysSince: (day: string) => daysSince.all({ since: day }),
    paidByDaySince: (since: number) => paidByDaySince.all({ since }),
  };
}
