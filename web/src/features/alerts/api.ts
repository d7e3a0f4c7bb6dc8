// The operator's alerts (raised and cleared by the server's checks, once a minute).
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";

export const alertsKey = ["/api/admin/alerts"] as const;

// GET /api/admin/alerts: the open alerts and the latest cleared.
export const useOperatorAlerts = () =>
  useQuery({ queryKey: alertsKey, queryFn: () => unwrap(api.admin.alerts.get()), refetchInterval: 30_000 });
