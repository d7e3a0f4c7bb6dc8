// All SQL of password-reset links (the database keeps each link's SHA-256, never the token); the
// user's own rows (found by id or email, a new password, their sessions ended) through the
// account's repository.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { passwordResets, type PasswordReset } from "../../db/schema.ts";
import { createAccountRepository } from "../account/repository.ts";

const p = sql.placeholder;

export function createPasswordResetRepository(db: Db) {
  const accounts = createAccountRepository(db);
  const insert = db
    .insert(passwordResets)
    .values({
      id: p("id"),
      userId: p("userId"),
      expiresAt: p("expiresAt"),
      createdBy: p("createdBy"),
      createdAt: p("createdAt"),
    })
    .prepare();
  const byId = db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.id, p("id")))
    .prepare();
  // A link is used once: the compare-and-set that takes it, and the user's other open links closed.
  const use = db
    .update(passwordResets)
    .set({ usedAt: sql`${p("at")}` })
    .where(and(eq(passwordResets.id, p("id")), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, p("at"))))
    .returning({ id: passwordResets.id })
    .prepare();
  const closeAll = db
    .update(passwordResets)
    .set({ usedAt: sql`${p("at")}` })
    .where(and(eq(passwordResets.userId, p("userId")), isNull(passwordResets.usedAt)))
    .prepare();

  return {
    insert: (row: Pick<PasswordReset, "id" | "userId" | "expiresAt" | "createdBy" | "createdAt">) => insert.run(row),
    byId: (id: string): PasswordReset | undefined => byId.get({ id }),
    // true when this call took the link (unused and not expired at `at`)
    use: (id: string, at: number): boolean => use.all({ id, at }).length === 1,
    closeAll: (userId: number, at: number) => closeAll.run({ userId, at }),
    userById: accounts.userById,
    byEmail: accounts.byEmail,
    setPassword: accounts.setPassword,
    endSessions: accounts.endSessions,
  };
}
