// Two-factor sign-in's rows: the user's sealed TOTP secrets and last accepted step, and their
// recovery codes (SHA-256 hashes).
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { recoveryCodes, users } from "../../db/schema.ts";

export function createTwoFactorRepository(db: Db) {
  return {
    setPending(userId: number, sealed: string) {
      db.update(users).set({ totpPendingSecret: sealed }).where(eq(users.id, userId)).run();
    },
    // Turns the pending secret on, with the step its first code was for and new recovery codes.
    enable(userId: number, sealed: string, step: number, codeHashes: string[], now: number) {
      db.update(users).set({ totpSecret: sealed, totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step }).where(eq(users.id, userId)).run();
      this.replaceRecoveryCodes(userId, codeHashes, now);
    },
    // Whether the user has it on.
    enabled(userId: number): boolean {
      return (db.select({ at: users.totpEnabledAt }).from(users).where(eq(users.id, userId)).get()?.at ?? null) !== null;
    },
    disable(userId: number) {
      db.update(users).set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId)).run();
      db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
    },
    // Takes the step only when it is after the last one accepted (the same code twice: false).
    takeStep(userId: number, step: number): boolean {
      return db.sqlite.run("update users set totp_last_step = ? where id = ? and (totp_last_step is null or totp_last_step < ?)", [step, userId, step]).changes > 0;
    },
    // Uses a recovery code once (false when it is not one of the user's unused codes).
    spendRecoveryCode(userId: number, codeHash: string, now: number): boolean {
      return db.sqlite.run("update recovery_codes set used_at = ? where user_id = ? and code_hash = ? and used_at is null", [now, userId, codeHash]).changes > 0;
    },
    replaceRecoveryCodes(userId: number, codeHashes: string[], now: number) {
      db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
      if (codeHashes.length > 0) db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now }))).run();
    },
    recoveryCodesLeft(userId: number): number {
      return db.select({ n: sql<number>`count(*)` }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))).get()?.n ?? 0;
    },
  };
}
export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
