// All SQL of the audit log, prepared once per database: the entry an admin action writes, and the
// log read back a page at a time, newest first.
import { desc, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditLog, type NewAuditLogEntry } from "../../db/schema.ts";

const p = sql.placeholder;

export function createAuditRepository(db: Db) {
  const insert = db
    .insert(auditLog)
    .values({
      actorUserId: p("actorUserId"),
      actorName: p("actorName"),
      action: p("action"),
      targetType: p("targetType"),
      targetId: p("targetId"),
      details: p("details"),
      ipAddress: p("ipAddress"),
      createdAt: p("createdAt"),
    })
    .prepare();
  const olderThan = db.select().from(auditLog).where(lt(auditLog.id, p("before"))).orderBy(desc(auditLog.id)).limit(p("limit")).prepare();

  return {
    insert: (row: Required<Omit<NewAuditLogEntry, "id">>) => insert.run(row),
    olderThan: (before: number, limit: number) => olderThan.all({ before, limit }),
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
