// Sessions in the Lucia design: the cookie carries a random token, the database keeps only its
// SHA-256, and a session nearer its end than half its life is extended (sliding expiry). Each keeps
// where it signed in from and when it was last seen (a user's list of sessions), and when a
// two-factor code was last entered in it (the step-up money actions need).
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sessions, users, type User } from "../db/schema.ts";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
// "last seen" moves at most this often (one write a minute per active session, not per request)
export const LAST_SEEN_EVERY_MS = 60_000;

export function generateSessionToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

export function sessionIdFromToken(token: string): string {
  return new Bun.CryptoHasher("sha256").update(token).digest("hex");
}

// What a session shows its user: an id that names it in the list (a prefix of the stored SHA-256 of
// its token: it opens nothing).
export const publicSessionId = (id: string) => id.slice(0, 16);

// Where a new session signs in from.
export interface SessionOrigin {
  ip: string | null;
  ipNetwork: string | null;
  deviceId: string | null;
  userAgent: string | null;
  // a two-factor code was entered with the password
  withCode: boolean;
}

export interface SessionInfo {
  id: string;
  steppedUpAt: number | null;
}

export interface ValidSession {
  user: User;
  session: SessionInfo;
  expiresAt: number;
  // true when the expiry moved and the cookie must be sent again
  refreshed: boolean;
}

export type SessionService = ReturnType<typeof createSessionService>;

export function createSessionService({ db, clock }: { db: Db; clock: () => number }) {
  const findSession = db
    .select({ user: users, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt, steppedUpAt: sessions.steppedUpAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare();
  const touch = db
    .update(sessions)
    .set({ expiresAt: sql`${sql.placeholder("expiresAt")}`, lastSeenAt: sql`${sql.placeholder("lastSeenAt")}` })
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare();
  const remove = db.delete(sessions).where(eq(sessions.id, sql.placeholder("id"))).prepare();

  return {
    create(userId: number, origin: SessionOrigin | null = null): { token: string; expiresAt: number } {
      const token = generateSessionToken();
      const now = clock();
      const expiresAt = now + SESSION_LIFETIME_MS;
      db.insert(sessions)
        .values({
          id: sessionIdFromToken(token),
          userId,
          expiresAt,
          ip: origin?.ip ?? null,
          ipNetwork: origin?.ipNetwork ?? null,
          deviceId: origin?.deviceId ?? null,
          userAgent: origin?.userAgent ?? null,
          lastSeenAt: now,
          steppedUpAt: origin?.withCode ? now : null,
          createdAt: now,
        })
        .run();
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
      const session = { id, steppedUpAt: row.steppedUpAt };
      const slide = row.expiresAt - now < SESSION_LIFETIME_MS / 2;
      const expiresAt = slide ? now + SESSION_LIFETIME_MS : row.expiresAt;
      if (slide || row.lastSeenAt === null || now - row.lastSeenAt >= LAST_SEEN_EVERY_MS) touch.run({ id, expiresAt, lastSeenAt: now });
      return { user: row.user, session, expiresAt, refreshed: slide };
    },

    // A two-factor code was just entered in this session.
    stepUp(sessionId: string): number {
      const now = clock();
      db.update(sessions).set({ steppedUpAt: now }).where(eq(sessions.id, sessionId)).run();
      return now;
    },

    // The user's sessions, last seen first.
    list(userId: number) {
      return db
        .select({ id: sessions.id, ip: sessions.ip, deviceId: sessions.deviceId, userAgent: sessions.userAgent, lastSeenAt: sessions.lastSeenAt, createdAt: sessions.createdAt })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > ${clock()}`))
        .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`), desc(sessions.createdAt))
        .all();
    },

    // Ends the user's session named by its public id; false when they have none by that id.
    end(userId: number, publicId: string): boolean {
      if (!/^[0-9a-f]{16}$/.test(publicId)) return false;
      return db.sqlite.run("delete from sessions where user_id = ? and substr(id, 1, 16) = ?", [userId, publicId]).changes > 0;
    },

    // Ends every session of the user but `keepId`; answers how many.
    endOthers(userId: number, keepId: string): number {
      return db.sqlite.run("delete from sessions where user_id = ? and id <> ?", [userId, keepId]).changes;
    },

    invalidate(token: string): void {
      remove.run({ id: sessionIdFromToken(token) });
    },

    invalidateAllForUser(userId: number): void {
      db.delete(sessions).where(eq(sessions.userId, userId)).run();
    },
  };
}
