// All SQL of the audit log: the entry an admin action writes (prepared once per database), and the
// log read back newest first, narrowed by action, admin and days (audit_log_action, audit_log_actor,
// or the id order), a page at a time or for a CSV.
import { and, desc, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditLog, type NewAuditLogEntry, users } from "../../db/schema.ts";
import type { AuditFilter } from "./model.ts";

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
  const actions = db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action).prepare();
  // the names of the admins who acted, and of the rule's actor (`ruleActor`: no user)
  const admins = db
    .selectDistinct({ name: auditLog.actorName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(or(eq(users.isAdmin, true), and(isNull(auditLog.actorUserId), eq(auditLog.actorName, p("ruleActor")))))
    .orderBy(auditLog.actorName)
    .prepare();
  return {
    insert: (row: Required<Omit<NewAuditLogEntry, "id">>) => insert.run(row),
    // The entries older than `before` (an id) that match the filter, newest first.
    matching: (f: AuditFilter, before: number, limit: number) =>
      db
        .select()
        .from(auditLog)
        .where(
          and(
            lt(auditLog.id, before),
            f.action === null ? undefined : eq(auditLog.action, f.action),
            f.admin === null ? undefined : eq(auditLog.actorName, f.admin),
            f.since === null ? undefined : gte(auditLog.createdAt, f.since),
            f.until === null ? undefined : lt(auditLog.createdAt, f.until),
          ),
        )
        .orderBy(desc(auditLog.id))
        .limit(limit)
        .all(),
    actions: () => actions.all().map((r) => r.action),
    admins: (ruleActor: string) => admins.all({ ruleActor }).map((r) => r.name),
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
