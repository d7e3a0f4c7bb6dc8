// All SQL of sessions (auth/sessions.ts has the rules: tokens, sliding expiry, last used, where).
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";

export type SessionRow = typeof sessions.$inferInsert;
// where a request comes from, as a session keeps it
export interface PlaceRow {
  ip: string;
  network: string;
  userAgent: string | null;
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;

export function createSessionRepository(db: Db) {
  const findSession = db
    .select({
      user: users,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      steppedUpAt: sessions.steppedUpAt,
      ipNetwork: sessions.ipNetwork,
      userAgent: sessions.userAgent,
      confirmedNetworks: sessions.confirmedNetworks,
      confirmedUserAgents: sessions.confirmedUserAgents,
      elsewhereIpNetwork: sessions.elsewhereIpNetwork,
      elsewhereUserAgent: sessions.elsewhereUserAgent,
      elsewhereAt: sessions.elsewhereAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare();
  const p = sql.placeholder;
  // the expiry, last seen and where it was last used
  const used = {
    expiresAt: sql`${p("expiresAt")}`,
    lastSeenAt: sql`${p("lastSeenAt")}`,
    lastIp: sql`${p("ip")}`,
    lastIpNetwork: sql`${p("network")}`,
    lastUserAgent: sql`${p("userAgent")}`,
  };
  const touch = db
    .update(sessions)
    .set(used)
    .where(eq(sessions.id, p("id")))
    .prepare();
  // used from a place new to the session: also where it is used elsewhere (since the first such
  // use), and its step-up cleared
  const usedElsewhere = db
    .update(sessions)
    .set({
      ...used,
      elsewhereIp: sql`${p("ip")}`,
      elsewhereIpNetwork: sql`${p("network")}`,
      elsewhereUserAgent: sql`${p("userAgent")}`,
      elsewhereAt: sql`coalesce(${sessions.elsewhereAt}, ${p("lastSeenAt")})`,
      steppedUpAt: null,
    })
    .where(eq(sessions.id, p("id")))
    .prepare();
  const remove = db
    .delete(sessions)
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare();

  return {
    insert(row: SessionRow): void {
      db.insert(sessions).values(row).run();
    },
    // The session with its user.
    find: (id: string) => findSession.get({ id }),
    touch: (id: string, expiresAt: number, lastSeenAt: number, place: PlaceRow) =>
      void touch.run({ id, expiresAt, lastSeenAt, ...place }),
    usedElsewhere: (id: string, expiresAt: number, lastSeenAt: number, place: PlaceRow) =>
      void usedElsewhere.run({ id, expiresAt, lastSeenAt, ...place }),
    remove: (id: string) => void remove.run({ id }),
    setSteppedUp(id: string, at: number): void {
      db.update(sessions).set({ steppedUpAt: at }).where(eq(sessions.id, id)).run();
    },
    // A code entered from a place: it is known to the session from then on, and no longer elsewhere.
    confirmPlace(id: string, at: number, confirmedNetworks: string[], confirmedUserAgents: string[]): void {
      db.update(sessions)
        .set({
          steppedUpAt: at,
          confirmedNetworks,
          confirmedUserAgents,
          elsewhereIp: null,
          elsewhereIpNetwork: null,
          elsewhereUserAgent: null,
          elsewhereAt: null,
        })
        .where(eq(sessions.id, id))
        .run();
    },
    // The user's sessions not expired at `now`, last seen first.
    listForUser(userId: number, now: number) {
      return db
        .select({
          id: sessions.id,
          ip: sessions.ip,
          ipNetwork: sessions.ipNetwork,
          deviceId: sessions.deviceId,
          userAgent: sessions.userAgent,
          lastSeenAt: sessions.lastSeenAt,
          lastIp: sessions.lastIp,
          lastIpNetwork: sessions.lastIpNetwork,
          lastUserAgent: sessions.lastUserAgent,
          elsewhereIp: sessions.elsewhereIp,
          elsewhereIpNetwork: sessions.elsewhereIpNetwork,
          elsewhereUserAgent: sessions.elsewhereUserAgent,
          elsewhereAt: sessions.elsewhereAt,
          createdAt: sessions.createdAt,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > ${now}`))
        .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`), desc(sessions.createdAt))
        .all();
    },
    // Raw SQL for the deletes that answer how many went (Drizzle's bun:sqlite run() returns nothing).
    removeByPublicId(userId: number, publicId: string): boolean {
      return (
        db.sqlite.run("delete from sessions where user_id = ? and substr(id, 1, 16) = ?", [userId, publicId]).changes >
        0
      );
    },
    removeOthers(userId: number, keepId: string): number {
      return db.sqlite.run("delete from sessions where user_id = ? and id <> ?", [userId, keepId]).changes;
    },
    removeAllForUser(userId: number): number {
      return db.sqlite.run("delete from sessions where user_id = ?", [userId]).changes;
    },
  };
}
