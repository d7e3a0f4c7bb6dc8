// All SQL of the newsletter and earning-alert signups, one set of typed statements per table.
// Prepared once.
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { earningAlertSignups, newsletterSignups } from "../../db/schema.ts";

const p = sql.placeholder;
const n = newsletterSignups;
const a = earningAlertSignups;
const LIST_MAX = 5000;

export type SignupEdit = {
  id: number;
  status: string;
  notes: string | null;
  updatedAt: number;
};

export function createSignupRepository(db: Db) {
  const insertNewsletter = db
    .insert(n)
    .values({
      email: p("email"),
      name: p("name"),
      source: p("source"),
      ipAddress: p("ipAddress"),
      userAgent: p("userAgent"),
      createdAt: p("createdAt"),
    })
    .returning({ id: n.id })
    .prepare();
  const newsletterList = db.select().from(n).orderBy(desc(n.createdAt), desc(n.id)).limit(LIST_MAX).prepare();
  const newsletterById = db
    .select()
    .from(n)
    .where(eq(n.id, p("id")))
    .prepare();
  const updateNewsletter = db
    .update(n)
    .set({ status: sql`${p("status")}`, notes: sql`${p("notes")}`, updatedAt: sql`${p("updatedAt")}` })
    .where(eq(n.id, p("id")))
    .returning()
    .prepare();

  const insertAlert = db
    .insert(a)
    .values({
      email: p("email"),
      name: p("name"),
      phone: p("phone"),
      alertTypes: p("alertTypes"),
      source: p("source"),
      ipAddress: p("ipAddress"),
      userAgent: p("userAgent"),
      createdAt: p("createdAt"),
    })
    .returning({ id: a.id })
    .prepare();
  const alertList = db.select().from(a).orderBy(desc(a.createdAt), desc(a.id)).limit(LIST_MAX).prepare();
  const alertById = db
    .select()
    .from(a)
    .where(eq(a.id, p("id")))
    .prepare();
  const updateAlert = db
    .update(a)
    .set({ status: sql`${p("status")}`, notes: sql`${p("notes")}`, updatedAt: sql`${p("updatedAt")}` })
    .where(eq(a.id, p("id")))
    .returning()
    .prepare();

  return {
    insertNewsletter: (row: {
      email: string;
      name: string | null;
      source: string;
      ipAddress: string;
      userAgent: string | null;
      createdAt: number;
    }) => insertNewsletter.get(row)!,
    newsletterList: () => newsletterList.all(),
    newsletterById: (id: number) => newsletterById.get({ id }),
    updateNewsletter: (edit: SignupEdit) => updateNewsletter.get(edit)!,

    insertAlert: (row: {
      email: string;
      name: string | null;
      phone: string | null;
      alertTypes: string[];
      source: string;
      ipAddress: string;
      userAgent: string | null;
      createdAt: number;
    }) => insertAlert.get(row)!,
    alertList: () => alertList.all(),
    alertById: (id: number) => alertById.get({ id }),
    updateAlert: (edit: SignupEdit) => updateAlert.get(edit)!,
  };
}
export type SignupRepository = ReturnType<typeof createSignupRepository>;
