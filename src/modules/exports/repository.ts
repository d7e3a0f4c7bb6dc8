// All SQL of the CSV exports: every payment with its user's name, every signup of both lists.
import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { earningAlertSignups, newsletterSignups, payouts, users } from "../../db/schema.ts";

export function createExportRepository(db: Db) {
  const payments = db
    .select({ payout: payouts, username: users.username })
    .from(payouts)
    .leftJoin(users, eq(users.id, payouts.userId))
    .orderBy(desc(payouts.id))
    .prepare();
  const newsletter = db.select().from(newsletterSignups).orderBy(asc(newsletterSignups.id)).prepare();
  const earningAlerts = db.select().from(earningAlertSignups).orderBy(asc(earningAlertSignups.id)).prepare();
  return {
    payments: () => payments.all(),
    newsletter: () => newsletter.all(),
    earningAlerts: () => earningAlerts.all(),
  };
}
export type ExportRepository = ReturnType<typeof createExportRepository>;
