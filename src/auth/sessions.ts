// Sessions in the Lucia design: the cookie carries a random token, the database keeps only its
// SHA-256, and a session nearer its end than half its life is extended (sliding expiry). Each keeps
// where it signed in from and when it was last seen (a user's list of sessions), and when a
// two-factor code was last entered in it (the step-up money actions need).
import type { Db } from "../db/client.ts";
import type { User } from "../db/schema.ts";
import { createSessionRepository } from "./repository.ts";

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
  const repo = createSessionRepository(db);

  return {
    create(userId: number, origin: SessionOrigin | null = null): { token: string; expiresAt: number } {
      const token = generateSessionToken();
      const now = clock();
      const expiresAt = now + SESSION_LIFETIME_MS;
      repo.insert({
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
      });
      return { token, expiresAt };
    },

    validate(token: string): ValidSession | null {
      if (token.length < 20 || token.length > 100) return null;
      const id = sessionIdFromToken(token);
      const row = repo.find(id);
      if (!row) return null;
      const now = clock();
      if (now >= row.expiresAt) {
        repo.remove(id);
        return null;
      }
      const session = { id, steppedUpAt: row.steppedUpAt };
      const slide = row.expiresAt - now < SESSION_LIFETIME_MS / 2;
      const expiresAt = slide ? now + SESSION_LIFETIME_MS : row.expiresAt;
      if (slide || row.lastSeenAt === null || now - row.lastSeenAt >= LAST_SEEN_EVERY_MS) repo.touch(id, expiresAt, now);
      return { user: row.user, session, expiresAt, refreshed: slide };
    },

    // A two-factor code was just entered in this session.
    stepUp(sessionId: string): number {
      const now = clock();
      repo.setSteppedUp(sessionId, now);
      return now;
    },

    // The user's sessions, last seen first.
    list: (userId: number) => repo.listForUser(userId, clock()),

    // Ends the user's session named by its public id; false when they have none by that id.
    end(userId: number, publicId: string): boolean {
      if (!/^[0-9a-f]{16}$/.test(publicId)) return false;
      return repo.removeByPublicId(userId, publicId);
    },

    // Ends every session of the user but `keepId`; answers how many.
    endOthers: (userId: number, keepId: string): number => repo.removeOthers(userId, keepId),

    invalidate(token: string): void {
      repo.remove(sessionIdFromToken(token));
    },

    invalidateAllForUser: (userId: number) => repo.removeAllForUser(userId),
  };
}
