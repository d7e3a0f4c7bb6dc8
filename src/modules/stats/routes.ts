// The figures: the public counter of XRP paid out, and the admin's daily chart.
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { asJson, type PublicReads } from "../../http/public-reads.ts";
import { dayView, payoutTotalView } from "./model.ts";
import type { StatsService } from "./service.ts";

export function statsRoutes({ context, stats, reads }: { context: ContextDeps; stats: StatsService; reads: PublicReads }) {
  // The counter every page polls: a public read, rebuilt when the (cached) total moves.
  const answer = reads.cached();
  const total = reads.add("/api/stats/payouts", () => {
    const drops = stats.paidDrops();
    return answer(drops, () => payoutTotalView(drops));
  });
  const publicRoutes = new Elysia().get("/api/stats/payouts", () => asJson(total()));
  const adminRoutes = new Elysia().use(adminContext(context)).get("/api/admin/stats/daily", () => stats.lastDays().map(dayView));
  return new Elysia().use(publicRoutes).use(adminRoutes);
}
