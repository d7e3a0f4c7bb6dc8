// The figures: XRP paid out so far (validated payouts), and the admin's last 30 days.
import type { Db } from "../../db/client.ts";
import { DAY_MS, utcDay } from "../../lib/time.ts";
import type { DayFigures } from "./model.ts";
import { createStatsRepository } from "./repository.ts";

export const CHART_DAYS = 30;

export function createStatsService({ db, clock, cacheMs = 5_000 }: { db: Db; clock: () => number; cacheMs?: number }) {
  const repo = createStatsRepository(db);
  let cached: { at: number; drops: number } | null = null;
  return {
    // Drops paid so far; cached briefly because every open page polls it every 30 s.
    paidDrops(): number {
      const now = clock();
      if (!cached || now - cached.at >= cacheMs) cached = { at: now, drops: repo.paidDrops() };
      return cached.drops;
    },

    // The last 30 UTC days, today last: requests and XRP accepted, XRP paid (by the day it settled).
    lastDays(): DayFigures[] {
      const today = Math.floor(clock() / DAY_MS) * DAY_MS;
      const since = today - (CHART_DAYS - 1) * DAY_MS;
      const accepted = new Map(repo.daysSince(utcDay(since)).map((row) => [row.day, row]));
      const paid = new Map(repo.paidByDaySince(since).map((row) => [row.day, row.drops]));
      return Array.from({ length: CHART_DAYS }, (_, i) => {
        const day = utcDay(since + i * DAY_MS);
        return { day, requests: accepted.get(day)?.requests ?? 0, requestedDrops: accepted.get(day)?.amountDrops ?? 0, paidDrops: paid.get(day) ?? 0 };
      });
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
