// The audit log: who changed what, when and from which IP. recordAudit is called inside the admin
// action's own transaction (the caller's immediate()), so an action and its record land together.
import type { Db } from "../../db/client.ts";
import type { User } from "../../db/schema.ts";
import { AUDIT_PAGE_SIZE } from "./model.ts";
import { type AuditRepository, createAuditRepository } from "./repository.ts";

export interface AuditEntry {
  // a person, or the server acting by a rule (AUTO_ACTOR: no user, no IP)
  actor: Pick<User, "id" | "username"> | typeof AUTO_ACTOR;
  action: string;
  targetType?: string;
  targetId?: string | number;
  details?: unknown;
  ip: string | null;
}

// The actor of what the auto-approve rule does: the audit log names it 'Auto'.
export const AUTO_ACTOR = { id: null, username: "Auto" } as const;

// The statements are prepared once per database, whichever service writes the first entry.
const repositories = new WeakMap<Db, AuditRepository>();
function repositoryOf(db: Db): AuditRepository {
  let repo = repositories.get(db);
  if (!repo) repositories.set(db, (repo = createAuditRepository(db)));
  return repo;
}

export function recordAudit(db: Db, entry: AuditEntry, now: number): void {
  repositoryOf(db).insert({
    actorUserId: entry.actor.id,
    actorName: entry.actor.username,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    details: entry.details ?? null,
    ipAddress: entry.ip,
    createdAt: now,
  });
}

export function createAuditService({ db }: { db: Db }) {
  const repo = repositoryOf(db);
  return {
    // The entries older than `before` (an id), newest first, one page.
    page: (before: number) => repo.olderThan(before, AUDIT_PAGE_SIZE),
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
