// The faucet settings (one row). The API speaks XRP strings; the database holds drops.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { faucetSettings } from "../../db/schema.ts";
import { badRequest } from "../../http/errors.ts";
import { formatXrp, parseXrp } from "../../money.ts";
import { MAX_POW_DIFFICULTY } from "../pow/service.ts";
import type { SettingsInput } from "./model.ts";

export type FaucetSettings = typeof faucetSettings.$inferSelect;

// The most one setting may say, so that a typo cannot open the tap: 1,000,000 XRP.
const MAX_SETTING_DROPS = 1_000_000 * 1_000_000;
// New accounts one network may register in an hour / a day.
export const MAX_ACCOUNTS_SETTING = 1000;

// A whole number from 1 to MAX_ACCOUNTS_SETTING, given as a number or a string of digits.
function accountLimit(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = typeof value === "number" ? value : typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > MAX_ACCOUNTS_SETTING) {
    throw badRequest(`${name} must be a whole number from 1 to ${MAX_ACCOUNTS_SETTING}`);
  }
  return parsed;
}

export function createSettingsService({ db, clock }: { db: Db; clock: () => number }) {
  // One process owns the database, so the row is cached and replaced on every update.
  let cached: FaucetSettings | null = null;
  const read = (): FaucetSettings => {
    if (cached) return cached;
    db.insert(faucetSettings).values({ id: 1, updatedAt: clock() }).onConflictDoNothing().run();
    cached = db.select().from(faucetSettings).where(eq(faucetSettings.id, 1)).get()!;
    return cached;
  };

  return {
    get: read,

    update(input: SettingsInput, adminId: number): FaucetSettings {
      const current = read();
      const drops = (value: string | number | undefined, name: string, fallback: number) => {
        if (value === undefined) return fallback;
        const parsed = parseXrp(String(value));
        if (parsed === null || parsed <= 0 || parsed > MAX_SETTING_DROPS) {
          throw badRequest(`${name} must be a positive XRP amount with at most 6 decimals`);
        }
        return parsed;
      };
      const dailyLimitDrops = drops(input.dailyLimit, "dailyLimit", current.dailyLimitDrops);
      const minAmountDrops = drops(input.minAmount, "minAmount", current.minAmountDrops);
      const maxAmountDrops = drops(input.maxAmount, "maxAmount", current.maxAmountDrops);
      if (minAmountDrops > maxAmountDrops) throw badRequest("minAmount cannot be above maxAmount");
      if (maxAmountDrops > dailyLimitDrops) throw badRequest("maxAmount cannot be above dailyLimit");
      const powDifficulty = input.powDifficulty === undefined ? current.powDifficulty : Number(input.powDifficulty);
      if (!Number.isInteger(powDifficulty) || powDifficulty < 0 || powDifficulty > MAX_POW_DIFFICULTY || String(input.powDifficulty ?? 0).trim() === "") {
        throw badRequest(`powDifficulty must be a whole number from 0 (off) to ${MAX_POW_DIFFICULTY}`);
      }
      const accountsPerHour = accountLimit(input.accountsPerHour, "accountsPerHour", current.accountsPerHour);
      const accountsPerDay = accountLimit(input.accountsPerDay, "accountsPerDay", current.accountsPerDay);
      if (accountsPerHour > accountsPerDay) throw badRequest("accountsPerHour cannot be above accountsPerDay");
      // Re-read after the change (and after a rolled-back transaction, which leaves the old row).
      cached = null;
      return db
        .update(faucetSettings)
        .set({
          dailyLimitDrops,
          minAmountDrops,
          maxAmountDrops,
          enabled: input.enabled ?? current.enabled,
          ipGrouping: input.ipGrouping ?? current.ipGrouping,
          powDifficulty,
          accountsPerHour,
          accountsPerDay,
          updatedBy: adminId,
          updatedAt: clock(),
        })
        .where(eq(faucetSettings.id, 1))
        .returning()
        .get()!;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;

// The shape of GET/POST /api/admin/faucet/settings (product.md section 7).
export function settingsView(s: FaucetSettings) {
  const plain = (drops: number) => formatXrp(drops).replace(/\.?0+$/, "");
  return {
    dailyLimit: plain(s.dailyLimitDrops),
    minAmount: plain(s.minAmountDrops),
    maxAmount: plain(s.maxAmountDrops),
    enabled: s.enabled,
    ipGrouping: s.ipGrouping,
    powDifficulty: s.powDifficulty,
    accountsPerHour: s.accountsPerHour,
    accountsPerDay: s.accountsPerDay,
    updatedAt: new Date(s.updatedAt).toISOString(),
  };
}
