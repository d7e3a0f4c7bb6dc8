// What the faucet has paid: the home page's totals. (The admin's last 30 days are admin-api.ts.)
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";

export const payoutStatsKey = ["/api/stats/payouts"] as const;

export const usePayoutStats = () => useQuery({ queryKey: payoutStatsKey, queryFn: () => unwrap(api.stats.payouts.get()), refetchInterval: 30_000 });
