// The figures: XRP paid out so far (validated payouts), the latest payments, and the admin's last 30 days.
import type { Db } from "../../db/client.ts";
import { DAY_MS, dayStart, utcDay } from "../../lib/time.ts";
import { type DayFigures, RECENT_PAYOUTS, type RecentPayout } from "./model.ts";
import { createStatsRepository } from "./repository.ts";

export const CHART_DAYS = 30;

export function createStatsService({ db, clock, cacheMs = 5_000 }: { db: Db; clock: () => number; cacheMs?: number }) {
  const repo = createStatsRepository(db);
  let cached: { at: number; drops: number } | null = null;
  let feed: { key: number; rows: RecentPayout[] } | null = null;
  // Drops paid so far; cached briefly because every open page polls it every 30 s.
  const paidDrops = (): number => {
    const now = clock();
    if (!cached || now - cached.at >= cacheMs) cached = { at: now, drops: repo.paidDrops() };
    return cached.drops;
  };
  return {
    paidDrops,

    // The latest payments, for the public feed: the paid total is its key (it grows with each one),
    // so the feed is read again only when a payout settled.
    recentPayouts(): { key: number; rows: RecentPayout[] } {
      const key = paidDrops();
      if (!feed || feed.key !== key) feed = { key, rows: repo.latestPaid(RECENT_PAYOUTS) };
      return feed;
    },

    // The last 30 UTC days, today last: requests and XRP accepted, XRP paid (by the day it settled).
    lastDays(): DayFigures[] {
      const today = dayStart(clock());
      const since = today - (CHART_DAYS - 1) * DAY_MS;
      const accepted = new Map(repo.daysSince(utcDay(since)).map((row) => [row.day, row]));
      const paid = new Map(repo.paidByDaySince(since).map((row) => [row.day, row.drops]));
      return Array.from({ length: CHART_DAYS }, (_, i) => {
        const day = utcDay(since + i * DAY_MS);
        return {
          day,
          requests: accepted.get(day)?.requests ?? 0,
          requestedDrops: accepted.get(day)?.amountDrops ?? 0,
          paidDrops: paid.get(day) ?? 0,
        };
      });
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
