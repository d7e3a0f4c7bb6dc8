// All SQL of the ad slots and their clicks (a slot's count reads ad_clicks_slot_time).
import { and, count, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adClicks, type AdSlotRow, adSlots } from "../../db/schema.ts";

const p = sql.placeholder;

export function createAdRepository(db: Db) {
  const all = db.select().from(adSlots).prepare();
  const clicks = db
    .select({ n: count() })
    .from(adClicks)
    .where(and(eq(adClicks.slot, p("slot")), gte(adClicks.createdAt, p("since"))))
    .prepare();
  const bySlot = db.select().from(adSlots).where(eq(adSlots.slot, p("slot"))).prepare();
  const click = db.insert(adClicks).values({ slot: p("slot"), createdAt: p("at") }).prepare();
  return {
    all: () => all.all(),
    bySlot: (slot: string) => bySlot.get({ slot }),
    clicksSince: (slot: string, since: number) => clicks.get({ slot, since })!.n,
    click: (slot: string, at: number) => void click.run({ slot, at }),
    save: (row: AdSlotRow) =>
      db.insert(adSlots).values(row).onConflictDoUpdate({ target: adSlots.slot, set: { ...row } }).returning().get(),
    remove: (slot: string) => db.delete(adSlots).where(eq(adSlots.slot, slot)).returning({ slot: adSlots.slot }).get(),
  };
}
