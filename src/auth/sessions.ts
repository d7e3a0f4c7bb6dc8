// Sessions in the Lucia design: the cookie carries a random token, the database keeps only its
// SHA-256, and a session nearer its end than half its life is extended (sliding expiry).
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sessions, users, type User } from "../db/schema.ts";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export function generateSessionToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

export function sessionIdFromToken(token: string): string {
  return new Bun.CryptoHasher("sha256").update(token).digest("hex");
}

export interface ValidSession {
  user: User;
  expiresAt: number;
  // true when the expiry moved and the cookie must be sent again
  refreshed: boolean;
}

export type SessionService = ReturnType<typeof createSessionService>;

export function createSessionService({ db, clock }: { db: Db; clock: () => number }) {
  const findSession = db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare();
  const extend = db
    .update(sessions)
    .set({ expiresAt: sql`${sql.placeholder("expiresAt")}` })
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare();
  const remove = db.delete(sessions).where(eq(sessions.id, sql.placeholder("id"))).prepare();

  return {
    create(userId: number): { token: string; expiresAt: number } {
      const token = generateSessionToken();
      const now = clock();
      const expiresAt = now + SESSION_LIFETIME_MS;
      db.insert(sessions).values({ id: sessionIdFromToken(token), userId, expiresAt, createdAt: now }).run();
      return { token, expiresAt };
    },

    validate(token: string): ValidSession | null {
      if (token.length < 20 || token.length > 100) return null;
      const id = sessionIdFromToken(token);
      const row = findSession.get({ id });
      if (!row) return null;
      const now = clock();
      if (now >= row.expiresAt) {
        remove.run({ id });
        return null;
      }
      if (row.expiresAt - now < SESSION_LIFETIME_MS / 2) {
        const expiresAt = now + SESSION_LIFETIME_MS;
        extend.run({ id, expiresAt });
        return { user: row.user, expiresAt, refreshed: true };
      }
      return { user: row.user, expiresAt: row.expiresAt, refreshed: false };
    },

    invalidate(token: string): void {
      remove.run({ id: sessionIdFromToken(token) });
    },

    invalidateAllForUser(userId: number): void {
      db.delete(sessions).where(eq(sessions.userId, userId)).run();
    },
  };
}
