// All SQL of the ad slots and their click counts (one row per slot and hour, ad_click_counts).
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adClickCounts, type AdSlotRow, adSlots } from "../../db/schema.ts";

const p = sql.placeholder;

export function createAdRepository(db: Db) {
  const all = db.select().from(adSlots).prepare();
  const since = and(eq(adClickCounts.slot, p("slot")), gte(adClickCounts.startsAt, p("since")));
  const clicks = db
    .select({ n: sql<number>`coalesce(sum(${adClickCounts.clicks}), 0)` })
    .from(adClickCounts)
    .where(since)
    .prepare();
  const bySlot = db
    .select()
    .from(adSlots)
    .where(eq(adSlots.slot, p("slot")))
    .prepare();
  const click = db
    .insert(adClickCounts)
    .values({ slot: p("slot"), startsAt: p("startsAt"), clicks: 1 })
    .onConflictDoUpdate({
      target: [adClickCounts.slot, adClickCounts.startsAt],
      set: { clicks: sql`${adClickCounts.clicks} + 1` },
    })
    .prepare();
  const forget = db.delete(adClickCounts).where(since).prepare();
  return {
    all: () => all.all(),
    bySlot: (slot: string) => bySlot.get({ slot }),
    clicksSince: (slot: string, since: number) => clicks.get({ slot, since })!.n,
    click: (slot: string, startsAt: number) => void click.run({ slot, startsAt }),
    // the counts from `since` on (clicks on the ad a save replaces, in the save's millisecond)
    forgetClicksSince: (slot: string, since: number) => void forget.run({ slot, since }),
    save: (row: AdSlotRow) =>
      db
        .insert(adSlots)
        .values(row)
        .onConflictDoUpdate({ target: adSlots.slot, set: { ...row } })
        .returning()
        .get(),
    remove: (slot: string) => db.delete(adSlots).where(eq(adSlots.slot, slot)).returning({ slot: adSlots.slot }).get(),
  };
}
