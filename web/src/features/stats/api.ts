// What the faucet has paid: the home page's totals. (The admin's last 30 days are admin-api.ts.)
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";

export const payoutStatsKey = ["/api/stats/payouts"] as const;

export const usePayoutStats = () =>
  useQuery({ queryKey: payoutStatsKey, queryFn: () => unwrap(api.stats.payouts.get()), refetchInterval: 30_000 });

export const recentPayoutsKey = ["/api/stats/recent-payouts"] as const;

// The latest payments (shortened address, amount, hash, when), reread every 30 s: the home page's feed.
export const useRecentPayouts = () =>
  useQuery({
    queryKey: recentPayoutsKey,
    queryFn: () => unwrap(api.stats["recent-payouts"].get()),
    refetchInterval: 30_000,
  });
