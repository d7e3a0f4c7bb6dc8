// What every admin screen's hooks share (docs/api.md, admin section): the write that refetches and
// says so (useAdminAction), a page of a list with its total, the list filters kept in the URL, and the
// keys every admin write refreshes (the audit log, the sidebar's counts). Each feature's api.ts holds
// its own reads and writes.
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { toast } from "../components/ui/use-toast";
import { errorText } from "../lib/errors";
import { unwrap, type Answer, type Ok } from "./client";

export const auditLogKey = ["/api/admin/audit-log"] satisfies QueryKey;
export const countsKey = ["/api/admin/counts"] satisfies QueryKey;
// Health at a glance (features/at-a-glance): here, so a feature that refreshes it (the contact
// inbox) does not bring the admin's panels into a visitor's page.
export const healthKey = ["/api/admin/health"] as const;

// Lists an admin refetches by hand (a button, or after a write of their own).
export const cachedUntilRefetched = { staleTime: Number.POSITIVE_INFINITY, retry: 1 } as const;

// The server's list filters (GET /api/admin/faucet/requests, /api/admin/claims, /api/admin/processed-claims),
// kept in the page's URL: status, risk (low|medium|high), reason, from / to (YYYY-MM-DD), q, sort
// (createdAt|amount|risk), order (asc|desc), page.
export const LIST_FILTERS = ["status", "risk", "reason", "from", "to", "q", "sort", "order", "page"] as const;
export type ListQuery = Record<string, string>;

// A page of a list; the total and the page size come in headers when the server sends them.
export async function paged<A extends Answer>(call: Promise<A>) {
  const answer = await call;
  const data = await unwrap(answer);
  const header = (name: string) => answer.response?.headers.get(name) ?? null;
  return { data, total: header("x-total-count"), pageSize: header("x-page-size") };
}

// A write that refetches what it changed and says so in a toast. `send` is a treaty call, e.g.
// `(id) => api.admin.claims({ id }).post({ status })`; its answer is unwrapped here.
export function useAdminAction<I, A extends Answer>(options: {
  send: (input: I) => Promise<A>;
  refresh: QueryKey[];
  // (`action`: a button in the toast, e.g. Undo)
  success: (output: Ok<A>, input: I) => Parameters<typeof toast>[0];
  failure: string;
  // an error the screen shows itself (under its field): no toast for it
  handled?: (error: unknown) => boolean;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => unwrap(options.send(input)),
    onSuccess: (output, input) => {
      toast(options.success(output, input));
      for (const key of [...options.refresh, auditLogKey, countsKey])
        void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => {
      if (options.handled?.(error)) return;
      toast({ variant: "destructive", title: options.failure, description: errorText(error) });
    },
  });
}
