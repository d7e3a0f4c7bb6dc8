// The admin screen's reads and writes (docs/api.md, admin section), through the typed client.
import { useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { api, unwrap, type Answer, type Ok } from "../api/client";
import { toast } from "../components/ui/use-toast";
import { errorText } from "../lib/errors";

export const keys = {
  users: ["/api/admin/users"],
  claims: ["/api/admin/claims"],
  processed: ["/api/admin/processed-claims"],
  requests: ["/api/admin/faucet/requests"],
  settings: ["/api/admin/faucet/settings"],
  wallet: ["/api/admin/wallet"],
  newsletter: ["/api/admin/newsletter-signups"],
  alerts: ["/api/admin/earning-alerts-signups"],
  advertising: ["/api/admin/advertising/requests"],
  reviews: ["/api/admin/reviews"],
  daily: ["/api/admin/stats/daily"],
  audit: ["/api/admin/audit-log"],
} satisfies Record<string, QueryKey>;

// Lists an admin refetches by hand (a button, or after a write of their own).
const cachedUntilRefetched = { staleTime: Number.POSITIVE_INFINITY, retry: 1 } as const;

// GET /api/admin/users: one page of users (searched on the server), the totals and the lists around them.
export function useAdminUsers(search = "", page = 1) {
  return useQuery({
    queryKey: [...keys.users, search, page],
    queryFn: () => unwrap(api.admin.users.get({ query: { search: search || undefined, page: page > 1 ? String(page) : undefined } })),
    ...cachedUntilRefetched,
    placeholderData: (previous) => previous,
  });
}
export const useClaims = () => useQuery({ queryKey: keys.claims, queryFn: () => unwrap(api.admin.claims.get()) });
export const useProcessedClaims = () => useQuery({ queryKey: keys.processed, queryFn: () => unwrap(api.admin["processed-claims"].get()) });
// GET /api/admin/faucet/requests?page=N: a page of open requests; the total and the page size come in headers.
export function useAdminFaucetRequests(page = 1) {
  return useQuery({
    queryKey: [...keys.requests, page],
    placeholderData: (previous) => previous,
    queryFn: async () => {
      const answer = await api.admin.faucet.requests.get({ query: { page: page > 1 ? String(page) : undefined } });
      const rows = await unwrap(answer);
      const header = (name: string) => answer.response.headers.get(name);
      return { rows, total: Number(header("x-total-count") ?? rows.length), pageSize: Number(header("x-page-size") ?? 200) };
    },
  });
}
export const useSettings = () => useQuery({ queryKey: keys.settings, queryFn: () => unwrap(api.admin.faucet.settings.get()) });
export const useWallet = () => useQuery({ queryKey: keys.wallet, queryFn: () => unwrap(api.admin.wallet.get()), refetchInterval: 15_000 });
export const useNewsletterSignups = () => useQuery({ queryKey: keys.newsletter, queryFn: () => unwrap(api.admin["newsletter-signups"].get()) });
export const useEarningAlertSignups = () => useQuery({ queryKey: keys.alerts, queryFn: () => unwrap(api.admin["earning-alerts-signups"].get()) });
export const useAdRequests = () => useQuery({ queryKey: keys.advertising, queryFn: () => unwrap(api.admin.advertising.requests.get()), ...cachedUntilRefetched });
export const useAdminReviews = () => useQuery({ queryKey: keys.reviews, queryFn: () => unwrap(api.admin.reviews.get()) });
export const useDailyStats = () => useQuery({ queryKey: keys.daily, queryFn: () => unwrap(api.admin.stats.daily.get()) });
// GET /api/admin/audit-log?before=id: 50 entries older than `before` (the newest without it).
export const useAuditLog = (before: number | null) =>
  useQuery({ queryKey: [...keys.audit, before], queryFn: () => unwrap(api.admin["audit-log"].get({ query: { before: before ? String(before) : undefined } })) });

// A write that refetches what it changed and says so in a toast. `send` is a treaty call, e.g.
// `(id) => api.admin.claims({ id }).post({ status })`; its answer is unwrapped here.
export function useAdminAction<I, A extends Answer>(options: {
  send: (input: I) => Promise<A>;
  refresh: QueryKey[];
  success: (output: Ok<A>, input: I) => { title: string; description?: string };
  failure: string;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => unwrap(options.send(input)),
    onSuccess: (output, input) => {
      toast(options.success(output, input));
      for (const key of [...options.refresh, keys.audit]) void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => toast({ variant: "destructive", title: options.failure, description: errorText(error) }),
  });
}
