// The figures: the public counter of XRP paid out, the feed of the latest payments, and the admin's daily chart.
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { asJson, type PublicReads } from "../../http/public-reads.ts";
import { dayView, payoutTotalView, recentPayoutView } from "./model.ts";
import type { StatsService } from "./service.ts";

export function statsRoutes({
  context,
  stats,
  reads,
}: {
  context: ContextDeps;
  stats: StatsService;
  reads: PublicReads;
}) {
  // The counter every page polls: a public read, rebuilt when the (cached) total moves.
  const answer = reads.cached();
  const total = reads.add("/api/stats/payouts", () => {
    const drops = stats.paidDrops();
    return answer(drops, () => payoutTotalView(drops));
  });
  // The home page's feed of the latest payments: a public read too, rebuilt when a payout settles.
  const feedAnswer = reads.cached();
  const feed = reads.add("/api/stats/recent-payouts", () => {
    const { key, rows } = stats.recentPayouts();
    return feedAnswer(key, () => rows.map(recentPayoutView));
  });
  const publicRoutes = new Elysia()
    .get("/api/stats/payouts", () => asJson(total()))
    .get("/api/stats/recent-payouts", () => asJson(feed()));
  const adminRoutes = new Elysia()
    .use(adminContext(context))
    .get("/api/admin/stats/daily", () => stats.lastDays().map(dayView));
  return new Elysia().use(publicRoutes).use(adminRoutes);
}
