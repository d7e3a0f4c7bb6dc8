// The admin screen's reads and writes (docs/api.md, admin section), through the typed client.
import { useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { api, downloadFile, unwrap, type Answer, type Ok } from "../../api/client";
import { toast } from "../../components/ui/use-toast";
import { ApiError, errorText } from "../../lib/errors";
import { saveFile } from "../../lib/save-file";
import { sizeWords } from "../backups/backup-words";

export const keys = {
  users: ["/api/admin/users"],
  claims: ["/api/admin/claims"],
  processed: ["/api/admin/processed-claims"],
  requests: ["/api/admin/faucet/requests"],
  settings: ["/api/admin/faucet/settings"],
  budget: ["/api/admin/faucet/budget"],
  wallet: ["/api/admin/wallet"],
  newsletter: ["/api/admin/newsletter-signups"],
  alerts: ["/api/admin/earning-alerts-signups"],
  advertising: ["/api/admin/advertising/requests"],
  reviews: ["/api/admin/reviews"],
  daily: ["/api/admin/stats/daily"],
  audit: ["/api/admin/audit-log"],
  counts: ["/api/admin/counts"],
  blocklist: ["/api/admin/blocklist"],
  signIns: ["/api/admin/sign-ins"],
  operatorAlerts: ["/api/admin/alerts"],
  userDetail: ["/api/admin/users", "detail"],
  backups: ["/api/admin/backups"],
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
// The server's list filters (GET /api/admin/faucet/requests, /api/admin/claims, /api/admin/processed-claims),
// kept in the page's URL: status, risk (low|medium|high), reason, from / to (YYYY-MM-DD), q, sort
// (createdAt|amount|risk), order (asc|desc), page.
export const LIST_FILTERS = ["status", "risk", "reason", "from", "to", "q", "sort", "order", "page"] as const;
export type ListQuery = Record<string, string>;

// A page of a list; the total and the page size come in headers when the server sends them.
async function paged<A extends Answer>(call: Promise<A>) {
  const answer = await call;
  const data = await unwrap(answer);
  const header = (name: string) => answer.response?.headers.get(name) ?? null;
  return { data, total: header("x-total-count"), pageSize: header("x-page-size") };
}

export function useClaims(query: ListQuery = {}) {
  return useQuery({
    queryKey: [...keys.claims, query],
    placeholderData: (previous) => previous,
    queryFn: async () => {
      const { data, total, pageSize } = await paged(api.admin.claims.get({ query }));
      return { ...data, total: Number(total ?? data.pendingRewards.length), pageSize: Number(pageSize ?? 200) };
    },
  });
}
export function useProcessedClaims(query: ListQuery = {}) {
  return useQuery({
    queryKey: [...keys.processed, query],
    placeholderData: (previous) => previous,
    queryFn: async () => {
      const { data, total, pageSize } = await paged(api.admin["processed-claims"].get({ query }));
      return { ...data, total: Number(total ?? data.processedClaims.length), pageSize: Number(pageSize ?? 200) };
    },
  });
}
// GET /api/admin/faucet/requests: a page of requests as filtered; the total and the page size come in headers.
export function useAdminFaucetRequests(query: ListQuery = {}) {
  return useQuery({
    queryKey: [...keys.requests, query],
    placeholderData: (previous) => previous,
    queryFn: async () => {
      const { data: rows, total, pageSize } = await paged(api.admin.faucet.requests.get({ query }));
      return { rows, total: Number(total ?? rows.length), pageSize: Number(pageSize ?? 200) };
    },
  });
}
export const useSettings = () => useQuery({ queryKey: keys.settings, queryFn: () => unwrap(api.admin.faucet.settings.get()) });
// GET /api/admin/faucet/budget: today's faucet, bonus and auto-approve budgets, hour by hour (reread
// each half minute: a slice opens every hour and requests use it).
export const useBudgetToday = () => useQuery({ queryKey: keys.budget, queryFn: () => unwrap(api.admin.faucet.budget.get()), refetchInterval: 30_000 });
export const useWallet = () => useQuery({ queryKey: keys.wallet, queryFn: () => unwrap(api.admin.wallet.get()), refetchInterval: 15_000 });
export const useNewsletterSignups = () => useQuery({ queryKey: keys.newsletter, queryFn: () => unwrap(api.admin["newsletter-signups"].get()) });
export const useEarningAlertSignups = () => useQuery({ queryKey: keys.alerts, queryFn: () => unwrap(api.admin["earning-alerts-signups"].get()) });
export const useAdRequests = () => useQuery({ queryKey: keys.advertising, queryFn: () => unwrap(api.admin.advertising.requests.get()), ...cachedUntilRefetched });
export const useAdminReviews = () => useQuery({ queryKey: keys.reviews, queryFn: () => unwrap(api.admin.reviews.get()) });
export const useDailyStats = () => useQuery({ queryKey: keys.daily, queryFn: () => unwrap(api.admin.stats.daily.get()) });
// GET /api/admin/audit-log?before=id: 50 entries older than `before` (the newest without it).
export const useAuditLog = (before: number | null) =>
  useQuery({ queryKey: [...keys.audit, before], queryFn: () => unwrap(api.admin["audit-log"].get({ query: { before: before ? String(before) : undefined } })) });

// GET /api/admin/counts: what waits, beside the sidebar's section names (refetched each minute).
export const useCounts = () => useQuery({ queryKey: keys.counts, queryFn: () => unwrap(api.admin.counts.get()), refetchInterval: 60_000 });
// GET /api/admin/users/:id: a user's whole file.
export const useUserFile = (id: number) => useQuery({ queryKey: [...keys.userDetail, id], queryFn: () => unwrap(api.admin.users({ id }).get()) });

// GET /api/admin/blocklist: every block, active or expired, with its refusals.
export const useBlocklist = () => useQuery({ queryKey: keys.blocklist, queryFn: () => unwrap(api.admin.blocklist.get()) });

// GET /api/admin/sign-ins: the latest 20 admin sign-ins, each flagged when its network or device was
// new to that admin (reread each minute).
// GET /api/admin/alerts: the open alerts and the latest cleared (checked once a minute on the server).
export const useOperatorAlerts = () => useQuery({ queryKey: keys.operatorAlerts, queryFn: () => unwrap(api.admin.alerts.get()), refetchInterval: 30_000 });
export const useAdminSignIns = () => useQuery({ queryKey: keys.signIns, queryFn: () => unwrap(api.admin["sign-ins"].get()), refetchInterval: 60_000 });

// GET /api/admin/backups: the schedule, every backup (newest first), the last success and failure;
// reread every 2 s while a backup runs, else each minute (the schedule makes them by itself).
export const useBackups = () =>
  useQuery({
    queryKey: keys.backups,
    queryFn: () => unwrap(api.admin.backups.get()),
    refetchInterval: (query) => (query.state.data?.running ? 2_000 : 60_000),
  });

// The server's words when it was started without --backup-dir (409 BACKUPS_OFF).
export const BACKUPS_OFF = "BACKUPS_OFF";

// POST /api/admin/backups, "Back up now": answers once the copy is made and checked (a backup under
// way is joined). Success or failure, the status is read again (a failure is its lastFailure).
export function useBackUpNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.admin.backups.post()),
    onSuccess: (file) => toast({ title: "Backup made", description: `${file.name} (${sizeWords(file.sizeBytes)})` }),
    onError: (error) =>
      toast(
        error instanceof ApiError && error.code === BACKUPS_OFF
          ? { variant: "destructive", title: "Backups are not configured", description: "Start the server with --backup-dir DIR (or set BACKUP_DIR) to turn them on." }
          : { variant: "destructive", title: "Backup failed", description: errorText(error) },
      ),
    onSettled: () => {
      for (const key of [keys.backups, keys.audit, keys.operatorAlerts]) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

// GET /api/admin/backups/:name, saved as a file: fetched through the client (an admin with two-factor
// sign-in confirms with a code first: a plain link would get the 403), then handed to the browser.
export function useDownloadBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const file = await downloadFile(`/api/admin/backups/${encodeURIComponent(name)}`);
      saveFile(file.blob, file.name);
      return file;
    },
    onSuccess: (file) => {
      toast({ title: "Backup downloaded", description: `${file.name} (${sizeWords(file.blob.size)})` });
      void queryClient.invalidateQueries({ queryKey: keys.audit });
    },
    onError: (error) =>
      toast(
        error instanceof ApiError && error.code === "STEP_UP_CANCELLED"
          ? { title: "Download cancelled", description: "Not confirmed: the backup was not downloaded." }
          : { variant: "destructive", title: "Download failed", description: errorText(error) },
      ),
  });
}

// A write that refetches what it changed and says so in a toast. `send` is a treaty call, e.g.
// `(id) => api.admin.claims({ id }).post({ status })`; its answer is unwrapped here.
export function useAdminAction<I, A extends Answer>(options: {
  send: (input: I) => Promise<A>;
  refresh: QueryKey[];
  success: (output: Ok<A>, input: I) => { title: string; description?: string };
  failure: string;
  // an error the screen shows itself (under its field): no toast for it
  handled?: (error: unknown) => boolean;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => unwrap(options.send(input)),
    onSuccess: (output, input) => {
      toast(options.success(output, input));
      for (const key of [...options.refresh, keys.audit, keys.counts]) void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => {
      if (options.handled?.(error)) return;
      toast({ variant: "destructive", title: options.failure, description: errorText(error) });
    },
  });
}

// The settings field a refusal of POST /api/admin/faucet/settings is about: its message starts with
// the field's name ("bonusDailyLimit must be...", "minAmount cannot be above maxAmount",
// "autoApprove.holdMinutes must be..."); null for any other refusal.
export function settingsFieldOf<F extends string>(error: unknown, fields: readonly F[], prefix = ""): F | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const first = error.message.split(" ", 1)[0] ?? "";
  return fields.find((f) => `${prefix}${f}` === first) ?? null;
}
