// The audit log: every admin action, newest first, narrowed by action, admin and days.
import { useQuery } from "@tanstack/react-query";
import { auditLogKey } from "../../api/admin";
import { api, unwrap } from "../../api/client";

// ?action=, ?admin=, ?from=, ?to= (YYYY-MM-DD, UTC days), as the page's URL keeps them
export const AUDIT_FILTERS = ["action", "admin", "from", "to"] as const;
export type AuditFilters = Partial<Record<(typeof AUDIT_FILTERS)[number], string>>;

// GET /api/admin/audit-log: 50 entries older than `before` (the newest without it) that match.
export const useAuditLog = (filters: AuditFilters, before: number | null) =>
  useQuery({
    queryKey: [...auditLogKey, filters, before],
    queryFn: () =>
      unwrap(api.admin["audit-log"].get({ query: { ...filters, before: before ? String(before) : undefined } })),
  });

// The same entries as a CSV download (the newest 10,000 that match).
export const auditCsvUrl = (filters: AuditFilters) => {
  const query = new URLSearchParams(
    Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])),
  ).toString();
  return `/api/admin/audit-log/csv${query ? `?${query}` : ""}`;
};
