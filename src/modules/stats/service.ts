import type { Db } from "../../db/client.ts";
import { DROPS_PER_XRP } from "../../money.ts";

// XRP paid out so far (validated payouts), as a number of XRP; cached briefly because every open
// page polls it every 30 s.
export function createStatsService({ db, clock, cacheMs = 5_000 }: { db: Db; clock: () => number; cacheMs?: number }) {
  const paid = db.sqlite.prepare<{ drops: number | null }, []>("select sum(amount_drops) as drops from payouts where status = 'paid'");
  let cached: { at: number; value: number } | null = null;
  return {
    totalPayouts(): number {
      const now = clock();
      if (!cached || now - cached.at >= cacheMs) cached = { at: now, value: (paid.get()?.drops ?? 0) / DROPS_PER_XRP };
      return cached.value;
    },
  };
}
