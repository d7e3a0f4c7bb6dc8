// The admin's calls of the faucet: the requests list and today's budgets (apart from api.ts, which
// the public pages read, so they never carry these).
import { useQuery } from "@tanstack/react-query";
import { type ListQuery, paged } from "../../api/admin";
import { api, unwrap } from "../../api/client";
import { budgetKey } from "./api";

export const adminRequestsKey = ["/api/admin/faucet/requests"] as const;

// GET /api/admin/faucet/requests: a page of requests as filtered; the total and the page size come in headers.
export function useAdminFaucetRequests(query: ListQuery = {}) {
  return useQuery({
    queryKey: [...adminRequestsKey, query],
    placeholderData: (previous) => previous,
    queryFn: async () => {
      const { data: rows, total, pageSize } = await paged(api.admin.faucet.requests.get({ query }));
      return { rows, total: Number(total ?? rows.length), pageSize: Number(pageSize ?? 200) };
    },
  });
}

// GET /api/admin/faucet/budget: today's faucet, bonus and auto-approve budgets, hour by hour (reread
// each half minute: a slice opens every hour and requests use it).
export const useBudgetToday = () =>
  useQuery({ queryKey: budgetKey, queryFn: () => unwrap(api.admin.faucet.budget.get()), refetchInterval: 30_000 });

// GET /api/admin/faucet/requests/:id: one request's file (its key starts with the list's, so what
// refreshes the list, a change the back office is told of or an action, refreshes it too).
export const useRequestFile = (id: number | null) =>
  useQuery({
    queryKey: [...adminRequestsKey, "file", id],
    enabled: id !== null,
    queryFn: () => unwrap(api.admin.faucet.requests({ id: id! }).get()),
  });
export type RequestFileData = NonNullable<ReturnType<typeof useRequestFile>["data"]>;
