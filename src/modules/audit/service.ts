// The audit log: who changed what, when and from which IP. Called inside the admin action's
// own transaction where there is one, so an action and its record land together.
import type { Db } from "../../db/client.ts";
import { auditLog, type User } from "../../db/schema.ts";

export interface AuditEntry {
  actor: Pick<User, "id" | "username">;
  action: string;
  targetType?: string;
  targetId?: string | number;
  details?: unknown;
  ip: string;
}

export function recordAudit(db: Pick<Db, "insert">, entry: AuditEntry, now: number) {
  db.insert(auditLog)
    .values({
      actorUserId: entry.actor.id,
      actorName: entry.actor.username,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId === undefined ? null : String(entry.targetId),
      details: entry.details ?? null,
      ipAddress: entry.ip,
      createdAt: now,
    })
    .run();
}
