// All SQL of the advertiser enquiries. Prepared once.
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { advertisingRequests } from "../../db/schema.ts";

const p = sql.placeholder;
const r = advertisingRequests;

export function createAdvertisingRepository(db: Db) {
  const insert = db
    .insert(r)
    .values({
      companyName: p("companyName"),
      email: p("email"),
      budget: p("budget"),
      website: p("website"),
      message: p("message"),
      ipAddress: p("ipAddress"),
      userAgent: p("userAgent"),
      createdAt: p("createdAt"),
    })
    .returning({ id: r.id })
    .prepare();
  const list = db.select().from(r).orderBy(desc(r.createdAt), desc(r.id)).limit(5000).prepare();
  const byId = db
    .select()
    .from(r)
    .where(eq(r.id, p("id")))
    .prepare();
  const update = db
    .update(r)
    .set({
      status: sql`${p("status")}`,
      notes: sql`${p("notes")}`,
      adminName: sql`${p("adminName")}`,
      processedAt: sql`${p("processedAt")}`,
    })
    .where(eq(r.id, p("id")))
    .returning()
    .prepare();

  return {
    insert: (row: {
      companyName: string;
      email: string;
      budget: string;
      website: string | null;
      message: string | null;
      ipAddress: string;
      userAgent: string | null;
      createdAt: number;
    }) => insert.get(row)!,
    list: () => list.all(),
    byId: (id: number) => byId.get({ id }),
    update: (edit: { id: number; status: string; notes: string | null; adminName: string; processedAt: number }) =>
      update.get(edit)!,
  };
}
