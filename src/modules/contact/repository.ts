// All SQL of the contact inbox (newest first: contact_messages_time; the unread count:
// contact_messages_unread).
import { count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contactMessages as m } from "../../db/schema.ts";

const p = sql.placeholder;

export function createContactRepository(db: Db) {
  const insert = db
    .insert(m)
    .values({ name: p("name"), email: p("email"), message: p("message"), ipAddress: p("ipAddress"), userAgent: p("userAgent"), createdAt: p("createdAt") })
    .returning({ id: m.id })
    .prepare();
  const list = db.select().from(m).orderBy(desc(m.createdAt)).limit(500).prepare();
  const unread = db.select({ n: count() }).from(m).where(isNull(m.readAt)).prepare();
  return {
    insert: (row: { name: string; email: string; message: string; ipAddress: string; userAgent: string | null; createdAt: number }) => insert.get(row)!,
    list: () => list.all(),
    unread: () => unread.get()!.n,
    setRead: (id: number, readAt: number | null) => db.update(m).set({ readAt }).where(eq(m.id, id)).returning().get(),
    remove: (id: number) => db.delete(m).where(eq(m.id, id)).returning({ id: m.id }).get(),
  };
}
