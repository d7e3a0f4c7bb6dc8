// Health at a glance (on every /admin page) and the new install's start-here checklist.
import { useQuery } from "@tanstack/react-query";
import { healthKey } from "../../api/admin";
import { api, unwrap } from "../../api/client";

export { healthKey };
export const startHereKey = ["/api/admin/start-here"] as const;

// GET /api/admin/health: the ledger, the wallet, the queue, the pause, the last backup, open alerts, the ceiling.
export const useHealth = () =>
  useQuery({ queryKey: healthKey, queryFn: () => unwrap(api.admin.health.get()), refetchInterval: 30_000 });
export type Health = NonNullable<ReturnType<typeof useHealth>["data"]>;

// GET /api/admin/start-here: each item ticks itself from the server's state.
export const useStartHere = () =>
  useQuery({ queryKey: startHereKey, queryFn: () => unwrap(api.admin["start-here"].get()), refetchInterval: 30_000 });
