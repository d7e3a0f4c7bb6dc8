// The admin's last 30 days.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import type { Data } from "../../api/types";

export type Day = Data<typeof api.admin.stats.daily.get>[number];

const dailyKey = ["/api/admin/stats/daily"] as const;

export const useDailyStats = () => useQuery({ queryKey: dailyKey, queryFn: () => unwrap(api.admin.stats.daily.get()) });
