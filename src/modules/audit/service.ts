// The audit log: who changed what, when and from which IP. recordAudit is called inside the admin
// action's own transaction (the caller's immediate()), so an action and its record land together.
import type { Db } from "../../db/client.ts";
import type { User } from "../../db/schema.ts";
import { AUDIT_CSV_MAX, AUDIT_PAGE_SIZE, type AuditFilter } from "./model.ts";
import { type AuditRepository, createAuditRepository } from "./repository.ts";

export interface AuditEntry {
  // a person, the server acting by a rule (AUTO_ACTOR: no user, no IP), or a visitor without an account
  actor: Pick<User, "id" | "username"> | typeof AUTO_ACTOR | typeof VISITOR_ACTOR;
  action: string;
  targetType?: string;
  targetId?: string | number;
  details?: unknown;
  ip: string | null;
}

// The actor of what the auto-approve rule does: the audit log names it 'Auto'.
export const AUTO_ACTOR = { id: null, username: "Auto" } as const;
// The actor of what a visitor without an account does (withdrawing their own request): 'Visitor'.
export const VISITOR_ACTOR = { id: null, username: "Visitor" } as const;

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
    // The entries older than `before` (an id) that match the filter, newest first, one page.
    page: (filter: AuditFilter, before: number) => repo.matching(filter, before, AUDIT_PAGE_SIZE),
    // The newest AUDIT_CSV_MAX entries that match, for the CSV.
    all: (filter: AuditFilter) => repo.matching(filter, Number.MAX_SAFE_INTEGER, AUDIT_CSV_MAX),
    // What the filters offer.
    filters: () => ({ actions: repo.actions(), admins: repo.admins(AUTO_ACTOR.username) }),
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
