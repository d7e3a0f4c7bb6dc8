// The admin screen's reads and writes (docs/api.md, admin section).
import { useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { getJson, sendJson } from "../api/client";
import type { User } from "../api/session";
import { toast } from "../components/ui/use-toast";
import { errorText } from "../lib/errors";

export type Reward = { id: number; userId: number; username: string | null; type: string; amount: string; status: string; platform: string | null; address: string | null; reason: string | null; createdAt: string; processedAt: string | null; txHash: string | null };
export type Payout = { id: number; userId: number | null; username: string | null; amount: string; status: string; state: string; txHash: string | null; error: string | null; createdAt: string };
export type AdminUser = User & { createdAt: string };
export type AdminFaucetRequest = {
  id: number;
  userName: string | null;
  amount: string;
  destinationAddress: string;
  destinationTag: number | null;
  reason: string | null;
  riskScore: number | null;
  riskReasons: string[];
  requesterIp: string | null;
  deviceId: string | null;
  status: string;
  rejectReason: string | null;
  payoutStatus: string | null;
  payoutError: string | null;
  createdAt: string;
  processedAt: string | null;
  txHash: string | null;
};
export type Settings = { dailyLimit: string; minAmount: string; maxAmount: string; enabled: boolean; ipGrouping?: "address" | "subnet"; powDifficulty?: number | string; accountsPerHour?: number | string; accountsPerDay?: number | string; updatedAt: string };
export type Wallet =
  | { configured: false; message: string }
  | {
      configured: true;
      sandbox: boolean;
      notice: string | null;
      server: string;
      address: string;
      balance?: string;
      spendable?: string;
      reserve?: string;
      queued: number;
      inFlight: number;
      needsAttention: number;
      paused: boolean;
      pausedReason: string | null;
      lastError: string | null;
      ledgerError?: string;
    };
export type Signup = { id: number; email: string; name: string | null; status: string; source: string | null; notes: string | null; createdAt: string; phone?: string | null; alertTypes?: string[] };
export type AdRequest = { id: number; companyName: string; email: string; budget: string; website: string | null; message: string | null; status: string; notes: string | null; adminName: string | null; createdAt: string; processedAt: string | null };

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
} satisfies Record<string, QueryKey>;

const read = <T,>(key: readonly string[], options: { cachedUntilRefetched?: boolean } = {}) =>
  useQuery({
    queryKey: key,
    queryFn: () => getJson<T>(key[0]!),
    ...(options.cachedUntilRefetched ? { staleTime: Number.POSITIVE_INFINITY, retry: 1 } : {}),
  });

export type Summary = { totalOwed: string; totalUsers: number; usersWithWallet: number; activeUsers: number; pendingRewards: number };
export type UsersAnswer = { users: AdminUser[]; total: number; page: number; pageSize: number; summary: Summary; pendingRewards: Reward[]; payoutHistory: Payout[] };

// GET /api/admin/users: one page of users (searched on the server), the totals and the lists around them.
export function useAdminUsers(search = "", page = 1) {
  const params = new URLSearchParams();
  if (search) params.set("search", search);
  if (page > 1) params.set("page", String(page));
  const path = params.size ? `${keys.users[0]}?${params}` : keys.users[0]!;
  return useQuery({
    queryKey: [...keys.users, search, page],
    queryFn: () => getJson<UsersAnswer>(path),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
    placeholderData: (previous) => previous,
  });
}
export const useClaims = () => read<{ pendingRewards: Reward[]; users: User[] }>(keys.claims);
export const useProcessedClaims = () => read<{ processedClaims: Reward[]; users: User[] }>(keys.processed);
// GET /api/admin/faucet/requests?page=N: a page of open requests; the total comes in a header.
export function useAdminFaucetRequests(page = 1) {
  return useQuery({
    queryKey: [...keys.requests, page],
    placeholderData: (previous) => previous,
    queryFn: async () => {
      const path = `${keys.requests[0]}${page > 1 ? `?page=${page}` : ""}`;
      const response = await fetch(path, { credentials: "same-origin", headers: { accept: "application/json" } });
      if (!response.ok) throw new Error(`Request failed ${response.status}: ${response.statusText}`);
      const rows = (await response.json()) as AdminFaucetRequest[];
      return { rows, total: Number(response.headers.get("x-total-count") ?? rows.length), pageSize: Number(response.headers.get("x-page-size") ?? 200) };
    },
  });
}
export const useSettings = () => read<Settings>(keys.settings);
export const useWallet = () => useQuery({ queryKey: keys.wallet, queryFn: () => getJson<Wallet>(keys.wallet[0]!), refetchInterval: 15_000 });
export const useSignups = (key: readonly string[]) => read<Signup[]>(key);
export const useAdRequests = () => read<AdRequest[]>(keys.advertising, { cachedUntilRefetched: true });

// A write that refetches what it changed and says so in a toast.
export function useAdminAction<I, O = unknown>(options: {
  send: (input: I) => Promise<O>;
  refresh: QueryKey[];
  success: (output: O, input: I) => { title: string; description?: string };
  failure: string;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.send,
    onSuccess: (output, input) => {
      toast(options.success(output, input));
      for (const key of [...options.refresh, ["/api/admin/audit-log"]]) void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => toast({ variant: "destructive", title: options.failure, description: errorText(error) }),
  });
}

export const post = <O,>(path: string, body?: unknown) => sendJson<O>("POST", path, body);
export const patch = <O,>(path: string, body: unknown) => sendJson<O>("PATCH", path, body);
