// The admin's claims: rewards waiting for a decision and those decided, as filtered in the URL.
import { useQuery } from "@tanstack/react-query";
import { type ListQuery, paged } from "../../api/admin";
import { api } from "../../api/client";

export const claimsKey = ["/api/admin/claims"] as const;
export const processedClaimsKey = ["/api/admin/processed-claims"] as const;

export function useClaims(query: ListQuery = {}) {
  return useQuery({
    queryKey: [...claimsKey, query],
    placeholderData: (previous) => previous,
    queryFn: async () => {
      const { data, total, pageSize } = await paged(api.admin.claims.get({ query }));
      return { ...data, total: Number(total ?? data.pendingRewards.length), pageSize: Number(pageSize ?? 200) };
    },
  });
}
export function useProcessedClaims(query: ListQuery = {}) {
  return useQuery({
    queryKey: [...processedClaimsKey, query],
    placeholderData: (previous) => previous,
    queryFn: async () => {
      const { data, total, pageSize } = await paged(api.admin["processed-claims"].get({ query }));
      return { ...data, total: Number(total ?? data.processedClaims.length), pageSize: Number(pageSize ?? 200) };
    },
  });
}
