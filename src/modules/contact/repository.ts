// All SQL of the contact inbox (newest first: contact_messages_time, without the bursts:
// contact_messages_calm_time; the unread count: contact_messages_unread; a network's messages since a
// moment: contact_messages_network_time; a wide network's: contact_messages_wide_time).
import { and, count, desc, eq, gt, isNull, min, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contactMessages as m } from "../../db/schema.ts";

const p = sql.placeholder;
// (a literal, not a parameter: the planner takes the partial index contact_messages_calm_time only
// for a condition it can see implies the index's)
const calm = sql`${m.inBurst} = 0`;

export function createContactRepository(db: Db) {
  const insert = db
    .insert(m)
    .values({
      name: p("name"),
      email: p("email"),
      message: p("message"),
      ipAddress: p("ipAddress"),
      ipNetwork: p("ipNetwork"),
      ipWide: p("ipWide"),
      userAgent: p("userAgent"),
      createdAt: p("createdAt"),
    })
    .returning({ id: m.id })
    .prepare();
  // (id after the time: messages of one millisecond keep one order from page to page)
  const page = db
    .select()
    .from(m)
    .orderBy(desc(m.createdAt), desc(m.id))
    .limit(p("limit"))
    .offset(p("offset"))
    .prepare();
  const calmPage = db
    .select()
    .from(m)
    .where(calm)
    .orderBy(desc(m.createdAt), desc(m.id))
    .limit(p("limit"))
    .offset(p("offset"))
    .prepare();
  const total = db.select({ n: count() }).from(m).prepare();
  const calmTotal = db.select({ n: count() }).from(m).where(calm).prepare();
  const unread = db.select({ n: count() }).from(m).where(isNull(m.readAt)).prepare();
  const fromNetwork = db
    .select({ n: count(), first: min(m.createdAt) })
    .from(m)
    .where(and(eq(m.ipNetwork, p("network")), gt(m.createdAt, p("since"))))
    .prepare();
  const fromWide = db
    .select({ n: count() })
    .from(m)
    .where(and(eq(m.ipWide, p("wide")), gt(m.createdAt, p("since"))))
    .prepare();
  const markBurst = db
    .update(m)
    .set({ inBurst: true })
    .where(and(eq(m.ipWide, p("wide")), gt(m.createdAt, p("since")), calm))
    .prepare();
  return {
    insert: (row: {
      name: string;
      email: string;
      message: string;
      ipAddress: string;
      ipNetwork: string;
      ipWide: string;
      userAgent: string | null;
      createdAt: number;
    }) => insert.get(row)!,
    page: (limit: number, offset: number, hideBursts: boolean) => (hideBursts ? calmPage : page).all({ limit, offset }),
    // every message, and those in no burst
    totals: () => ({ all: total.get()!.n, calm: calmTotal.get()!.n }),
    unread: () => unread.get()!.n,
    // a network's messages since a moment, and the first of them
    fromNetwork: (network: string, since: number) => {
      const row = fromNetwork.get({ network, since })!;
      return { n: row.n, first: row.first };
    },
    fromWide: (wide: string, since: number) => fromWide.get({ wide, since })!.n,
    markBurst: (wide: string, since: number) => void markBurst.run({ wide, since }),
    setRead: (id: number, readAt: number | null) => db.update(m).set({ readAt }).where(eq(m.id, id)).returning().get(),
    remove: (id: number) => db.delete(m).where(eq(m.id, id)).returning({ id: m.id }).get(),
  };
}
