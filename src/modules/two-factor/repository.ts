// Two-factor sign-in's rows: the user's sealed TOTP secrets and last accepted step, their recovery
// codes (SHA-256 hashes), an admin's one-time setup code from --seed-admin (SHA-256), and their
// streak of wrong codes.
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type CodeGuesses, codeGuesses, recoveryCodes, twoFactorSetupCodes, users } from "../../db/schema.ts";

const p = sql.placeholder;

export type CodeStreak = Pick<CodeGuesses, "failures" | "lastFailedAt">;

export function createTwoFactorRepository(db: Db) {
  const streak = { failures: codeGuesses.failures, lastFailedAt: codeGuesses.lastFailedAt };
  const streakOf = db
    .select(streak)
    .from(codeGuesses)
    .where(eq(codeGuesses.userId, p("userId")))
    .prepare();
  // a login's, before its password is checked: only an account with two-factor sign-in on has one
  const streakByName = db
    .select(streak)
    .from(users)
    .innerJoin(codeGuesses, eq(codeGuesses.userId, users.id))
    .where(and(sql`lower(${users.username}) = lower(${p("username")})`, isNotNull(users.totpEnabledAt)))
    .prepare();
  const saveStreak = db
    .insert(codeGuesses)
    .values({ userId: p("userId"), failures: p("failures"), lastFailedAt: p("at") })
    .onConflictDoUpdate({
      target: codeGuesses.userId,
      set: { failures: sql`excluded.failures`, lastFailedAt: sql`excluded.last_failed_at` },
    })
    .prepare();
  const endStreak = db
    .delete(codeGuesses)
    .where(eq(codeGuesses.userId, p("userId")))
    .prepare();

  return {
    // The account's wrong codes in a row and when the last came (none: undefined).
    codeStreak: (userId: number): CodeStreak | undefined => streakOf.get({ userId }),
    codeStreakByName: (username: string): CodeStreak | undefined => streakByName.get({ username }),
    saveCodeStreak: (userId: number, failures: number, at: number) => void saveStreak.run({ userId, failures, at }),
    endCodeStreak: (userId: number) => void endStreak.run({ userId }),

    // The secret a setup made (null: none, a setup cancelled).
    setPending(userId: number, sealed: string | null) {
      db.update(users).set({ totpPendingSecret: sealed }).where(eq(users.id, userId)).run();
    },
    // Turns the pending secret on, with the step its first code was for and new recovery codes.
    enable(userId: number, sealed: string, step: number, codeHashes: string[], now: number) {
      db.update(users)
        .set({ totpSecret: sealed, totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step })
        .where(eq(users.id, userId))
        .run();
      this.replaceRecoveryCodes(userId, codeHashes, now);
    },
    // The user's name and whether they have it on (undefined: no such user).
    user: (userId: number) =>
      db
        .select({ username: users.username, enabledAt: users.totpEnabledAt })
        .from(users)
        .where(eq(users.id, userId))
        .get(),
    // Whether the user has it on.
    enabled(userId: number): boolean {
      return (
        (db.select({ at: users.totpEnabledAt }).from(users).where(eq(users.id, userId)).get()?.at ?? null) !== null
      );
    },
    disable(userId: number) {
      db.update(users)
        .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
        .where(eq(users.id, userId))
        .run();
      db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
    },
    // Takes the step only when it is after the last one accepted (the same code twice: false).
    takeStep(userId: number, step: number): boolean {
      return (
        db.sqlite.run(
          "update users set totp_last_step = ? where id = ? and (totp_last_step is null or totp_last_step < ?)",
          [step, userId, step],
        ).changes > 0
      );
    },
    // Uses a recovery code once (false when it is not one of the user's unused codes).
    spendRecoveryCode(userId: number, codeHash: string, now: number): boolean {
      return (
        db.sqlite.run("update recovery_codes set used_at = ? where user_id = ? and code_hash = ? and used_at is null", [
          now,
          userId,
          codeHash,
        ]).changes > 0
      );
    },
    replaceRecoveryCodes(userId: number, codeHashes: string[], now: number) {
      db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
      if (codeHashes.length > 0)
        db.insert(recoveryCodes)
          .values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })))
          .run();
    },
    // The admin's setup code: a new one replaces the last.
    putSetupCode(userId: number, codeHash: string, expiresAt: number, now: number) {
      db.insert(twoFactorSetupCodes)
        .values({ userId, codeHash, expiresAt, createdAt: now })
        .onConflictDoUpdate({ target: twoFactorSetupCodes.userId, set: { codeHash, expiresAt, createdAt: now } })
        .run();
    },
    // Whether the user's setup code is this one and has not expired.
    setupCodeValid(userId: number, codeHash: string, now: number): boolean {
      const row = db
        .select({ codeHash: twoFactorSetupCodes.codeHash, expiresAt: twoFactorSetupCodes.expiresAt })
        .from(twoFactorSetupCodes)
        .where(eq(twoFactorSetupCodes.userId, userId))
        .get();
      return row !== undefined && row.expiresAt > now && row.codeHash === codeHash;
    },
    // Uses the setup code up (false when it has expired or there is none).
    takeSetupCode(userId: number, now: number): boolean {
      return (
        db.sqlite.run("delete from two_factor_setup_codes where user_id = ? and expires_at > ?", [userId, now])
          .changes > 0
      );
    },
    recoveryCodesLeft(userId: number): number {
      return (
        db
          .select({ n: sql<number>`count(*)` })
          .from(recoveryCodes)
          .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
          .get()?.n ?? 0
      );
    },
  };
}
export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
