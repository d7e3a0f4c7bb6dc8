// All SQL of the faucet settings: one row (id 1), created with the defaults on first read. Prepared once.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { faucetSettings } from "../../db/schema.ts";

const p = sql.placeholder;
const s = faucetSettings;

export interface SettingsChange {
  dailyLimitDrops: number;
  minAmountDrops: number;
  maxAmountDrops: number;
  enabled: boolean;
  ipGrouping: string;
  powDifficulty: number;
  accountsPerHour: number;
  accountsPerDay: number;
  autoApproveEnabled: boolean;
  autoApproveMaxRiskScore: number;
  autoApproveHoldMinutes: number;
  autoApproveMaxPerDayDrops: number;
  bonusDailyLimitDrops: number;
  bonusMinAccountAgeHours: number;
  updatedBy: number;
  updatedAt: number;
}

export function createSettingsRepository(db: Db) {
  // (migration 0010 makes the row with subnet grouping: ip_grouping's column default is still
  // 'address' from 0003, and SQLite cannot change a default in place)
  const ensure = db
    .insert(s)
    .values({ id: 1, ipGrouping: "subnet", updatedAt: p("now") })
    .onConflictDoNothing()
    .prepare();
  const read = db.select().from(s).where(eq(s.id, 1)).prepare();
  // (a placeholder inside sql`` skips the column's mapping: the booleans are bound as 1 or 0)
  const update = db
    .update(s)
    .set({
      dailyLimitDrops: sql`${p("dailyLimitDrops")}`,
      minAmountDrops: sql`${p("minAmountDrops")}`,
      maxAmountDrops: sql`${p("maxAmountDrops")}`,
      enabled: sql`${p("enabled")}`,
      ipGrouping: sql`${p("ipGrouping")}`,
      powDifficulty: sql`${p("powDifficulty")}`,
      accountsPerHour: sql`${p("accountsPerHour")}`,
      accountsPerDay: sql`${p("accountsPerDay")}`,
      autoApproveEnabled: sql`${p("autoApproveEnabled")}`,
      autoApproveMaxRiskScore: sql`${p("autoApproveMaxRiskScore")}`,
      autoApproveHoldMinutes: sql`${p("autoApproveHoldMinutes")}`,
      autoApproveMaxPerDayDrops: sql`${p("autoApproveMaxPerDayDrops")}`,
      bonusDailyLimitDrops: sql`${p("bonusDailyLimitDrops")}`,
      bonusMinAccountAgeHours: sql`${p("bonusMinAccountAgeHours")}`,
      updatedBy: sql`${p("updatedBy")}`,
      updatedAt: sql`${p("updatedAt")}`,
    })
    .where(eq(s.id, 1))
    .returning()
    .prepare();

  return {
    // The row, created with the defaults when there is none yet.
    read(now: number) {
      ensure.run({ now });
      return read.get()!;
    },
    update: (change: SettingsChange) =>
      update.get({
        ...change,
        enabled: change.enabled ? 1 : 0,
        autoApproveEnabled: change.autoApproveEnabled ? 1 : 0,
      })!,
  };
}
