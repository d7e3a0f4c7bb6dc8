// The figures: the public counter of XRP paid out, and the admin's daily chart.
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { dayView, payoutTotalView } from "./model.ts";
import type { StatsService } from "./service.ts";

export function statsRoutes({ context, stats }: { context: ContextDeps; stats: StatsService }) {
  const publicRoutes = new Elysia().get("/api/stats/payouts", () => payoutTotalView(stats.paidDrops()));
  const adminRoutes = new Elysia().use(adminContext(context)).get("/api/admin/stats/daily", () => stats.lastDays().map(dayView));
  return new Elysia().use(publicRoutes).use(adminRoutes);
}
