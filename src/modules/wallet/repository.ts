// All SQL of the wallet card: the payouts still under way, by state.
import { count, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { payouts } from "../../db/schema.ts";

export function createWalletRepository(db: Db) {
  const counts = db
    .select({ status: payouts.status, n: count() })
    .from(payouts)
    .where(inArray(payouts.status, ["queued", "in_flight", "needs_attention"]))
    .groupBy(payouts.status)
    .prepare();
  return {
    // queued, in flight and needing attention: how many of each
    unsettledCounts: () => counts.all(),
  };
}
