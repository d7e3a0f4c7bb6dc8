// All SQL of sessions (auth/sessions.ts has the rules: tokens, sliding expiry, last seen).
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";

export type SessionRow = typeof sessions.$inferInsert;
export type SessionRepository = ReturnType<typeof createSessionRepository>;

export function createSessionRepository(db: Db) {
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
    insert(row: SessionRow): void {
      db.insert(sessions).values(row).run();
    },
    // The session with its user.
    find: (id: string) => findSession.get({ id }),
    touch: (id: string, expiresAt: number, lastSeenAt: number) => void touch.run({ id, expiresAt, lastSeenAt }),
    remove: (id: string) => void remove.run({ id }),
    setSteppedUp(id: string, at: number): void {
      db.update(sessions).set({ steppedUpAt: at }).where(eq(sessions.id, id)).run();
    },
    // The user's sessions not expired at `now`, last seen first.
    listForUser(userId: number, now: number) {
      return db
        .select({ id: sessions.id, ip: sessions.ip, deviceId: sessions.deviceId, userAgent: sessions.userAgent, lastSeenAt: sessions.lastSeenAt, createdAt: sessions.createdAt })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > ${now}`))
        .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`), desc(sessions.createdAt))
        .all();
    },
    // Raw SQL for the two deletes that answer how many went (Drizzle's bun:sqlite run() returns nothing).
    removeByPublicId(userId: number, publicId: string): boolean {
      return db.sqlite.run("delete from sessions where user_id = ? and substr(id, 1, 16) = ?", [userId, publicId]).changes > 0;
    },
    removeOthers(userId: number, keepId: string): number {
      return db.sqlite.run("delete from sessions where user_id = ? and id <> ?", [userId, keepId]).changes;
    },
    removeAllForUser(userId: number): void {
      db.delete(sessions).where(eq(sessions.userId, userId)).run();
    },
  };
}
