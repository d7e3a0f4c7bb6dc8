// The alerts' rows: the open one of each kind, raising, updating and clearing, the admins to tell.
import { desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type Alert, alerts, users } from "../../db/schema.ts";

export function createAlertRepository(db: Db) {
  return {
    open: (): Alert[] =>
      db.select().from(alerts).where(isNull(alerts.clearedAt)).orderBy(desc(alerts.raisedAt), desc(alerts.id)).all(),
    recentlyCleared: (limit: number): Alert[] =>
      db
        .select()
        .from(alerts)
        .where(isNotNull(alerts.clearedAt))
        .orderBy(desc(alerts.clearedAt), desc(alerts.id))
        .limit(limit)
        .all(),
    raise: (kind: string, message: string, now: number): Alert =>
      db.insert(alerts).values({ kind, message, raisedAt: now, updatedAt: now }).returning().get(),
    update: (id: number, message: string, now: number) =>
      db.update(alerts).set({ message, updatedAt: now }).where(eq(alerts.id, id)).run(),
    clear: (id: number, now: number) =>
      db.update(alerts).set({ clearedAt: now, updatedAt: now }).where(eq(alerts.id, id)).run(),
    markEmailed: (id: number, now: number) => db.update(alerts).set({ emailedAt: now }).where(eq(alerts.id, id)).run(),
    admins: () =>
      db
        .select({ id: users.id, email: users.email, username: users.username })
        .from(users)
        .where(sql`${users.isAdmin} = 1`)
        .all(),
  };
}
