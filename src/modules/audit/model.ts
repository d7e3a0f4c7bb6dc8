// What the audit log's call answers: a page of entries, newest first, and where the next page starts.
import type { AuditLogEntry } from "../../db/schema.ts";

export const AUDIT_PAGE_SIZE = 50;

// `?before=<id>`: the entries older than that id; anything else reads as the newest.
export function beforeParam(raw: unknown): number {
  const before = Number.parseInt(String(raw ?? ""), 10);
  return Number.isFinite(before) ? before : Number.MAX_SAFE_INTEGER;
}

export function auditEntryView(r: AuditLogEntry) {
  return {
    id: r.id,
    actorName: r.actorName,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    details: r.details ?? null,
    ipAddress: r.ipAddress,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

export function auditPageView(rows: AuditLogEntry[]) {
  return { entries: rows.map(auditEntryView), nextBefore: rows.length === AUDIT_PAGE_SIZE ? rows.at(-1)!.id : null };
}
