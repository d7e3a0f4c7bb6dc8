// The audit log: every admin action, newest first.
import { useQuery } from "@tanstack/react-query";
import { auditLogKey } from "../../api/admin";
import { api, unwrap } from "../../api/client";

// GET /api/admin/audit-log?before=id: 50 entries older than `before` (the newest without it).
export const useAuditLog = (before: number | null) =>
  useQuery({ queryKey: [...auditLogKey, before], queryFn: () => unwrap(api.admin["audit-log"].get({ query: { before: before ? String(before) : undefined } })) });
