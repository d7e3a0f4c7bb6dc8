// The faucet settings (one row). The API speaks XRP strings; the database holds drops. An admin's
// change and its audit entry land in one transaction.
import type { Db } from "../../db/client.ts";
import type { faucetSettings } from "../../db/schema.ts";
import { immediate } from "../../db/transaction.ts";
import type { Actor } from "../../auth/actor.ts";
import { requireStepUp } from "../../auth/step-up.ts";
import { DROPS_PER_XRP, parseXrp } from "../../shared/money.ts";
import { recordAudit } from "../audit/service.ts";
import { MAX_POW_DIFFICULTY } from "../pow/service.ts";
import {
  MAX_BONUS_ACCOUNT_AGE_HOURS,
  MAX_HOLD_MINUTES,
  MAX_RISK_SCORE,
  type SettingChange,
  type SettingsInput,
  settingsChanges,
  settingsErrors,
  settingsView,
} from "./model.ts";
import { loosenings } from "../../shared/settings-words.ts";
import { createSettingsRepository, type SettingsChange } from "./repository.ts";

export type FaucetSettings = typeof faucetSettings.$inferSelect;

// The most one setting may say, so that a typo cannot open the tap: 1,000,000 XRP.
const MAX_SETTING_DROPS = 1_000_000 * DROPS_PER_XRP;
// New accounts one network may register in an hour / a day.
export const MAX_ACCOUNTS_SETTING = 1000;

// A whole number from 1 to MAX_ACCOUNTS_SETTING, given as a number or a string of digits.
function accountLimit(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed =
    typeof value === "number" ? value : typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > MAX_ACCOUNTS_SETTING)
    throw settingsErrors.accountLimitInvalid(name, MAX_ACCOUNTS_SETTING);
  return parsed;
}

// A whole number from 0 to max, given as a number or a string of digits (the auto-approve rule's).
function wholeNumber(value: unknown, max: number, fallback: number, invalid: () => Error): number {
  if (value === undefined) return fallback;
  const parsed =
    typeof value === "number" ? value : typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > max) throw invalid();
  return parsed;
}

// A change that loosens what goes out (more money, or fewer checks on a farm: shared/settings-words.ts
// says which way each setting loosens) needs a fresh two-factor code (auth/step-up.ts), auto-approve's
// values whether it is on or off: a loose value set while it is off is what a later "on" turns on.
// Tightening needs none. (perIpDaily and perDeviceDaily are not settable through the API.)
const loosens = (current: FaucetSettings, next: Partial<FaucetSettings>): boolean =>
  loosenings(settingsView(current), settingsView({ ...current, ...next })).length > 0;

export function createSettingsService({ db, clock }: { db: Db; clock: () => number }) {
  const repo = createSettingsRepository(db);
  // One process owns the database, so the row is cached and replaced on every update.
  let cached: FaucetSettings | null = null;
  const read = (): FaucetSettings => (cached ??= repo.read(clock()));

  return {
    get: read,

    update(input: SettingsInput, actor: Actor): { row: FaucetSettings; changes: SettingChange[] } {
      const current = read();
      const drops = (value: string | number | undefined, name: string, fallback: number) => {
        if (value === undefined) return fallback;
        const parsed = parseXrp(String(value));
        if (parsed === null || parsed <= 0 || parsed > MAX_SETTING_DROPS) throw settingsErrors.amountInvalid(name);
        return parsed;
      };
      const dailyLimitDrops = drops(input.dailyLimit, "dailyLimit", current.dailyLimitDrops);
      const minAmountDrops = drops(input.minAmount, "minAmount", current.minAmountDrops);
      const maxAmountDrops = drops(input.maxAmount, "maxAmount", current.maxAmountDrops);
      if (minAmountDrops > maxAmountDrops) throw settingsErrors.minAboveMax();
      if (maxAmountDrops > dailyLimitDrops) throw settingsErrors.maxAboveDailyLimit();
      const powDifficulty = input.powDifficulty === undefined ? current.powDifficulty : Number(input.powDifficulty);
      if (
        !Number.isInteger(powDifficulty) ||
        powDifficulty < 0 ||
        powDifficulty > MAX_POW_DIFFICULTY ||
        String(input.powDifficulty ?? 0).trim() === ""
      ) {
        throw settingsErrors.powDifficultyInvalid(MAX_POW_DIFFICULTY);
      }
      const bonusDailyLimitDrops = drops(input.bonusDailyLimit, "bonusDailyLimit", current.bonusDailyLimitDrops);
      const bonusMinAccountAgeHours = wholeNumber(
        input.bonusMinAccountAgeHours,
        MAX_BONUS_ACCOUNT_AGE_HOURS,
        current.bonusMinAccountAgeHours,
        settingsErrors.bonusAccountAgeInvalid,
      );
      const accountsPerHour = accountLimit(input.accountsPerHour, "accountsPerHour", current.accountsPerHour);
      const accountsPerDay = accountLimit(input.accountsPerDay, "accountsPerDay", current.accountsPerDay);
      if (accountsPerHour > accountsPerDay) throw settingsErrors.hourAboveDay();
      const auto = input.autoApprove ?? {};
      const autoApproveMaxRiskScore = wholeNumber(
        auto.maxRiskScore,
        MAX_RISK_SCORE,
        current.autoApproveMaxRiskScore,
        () => settingsErrors.autoApproveInvalid("maxRiskScore"),
      );
      const autoApproveHoldMinutes = wholeNumber(
        auto.holdMinutes,
        MAX_HOLD_MINUTES,
        current.autoApproveHoldMinutes,
        () => settingsErrors.autoApproveInvalid("holdMinutes"),
      );
      let autoApproveMaxPerDayDrops = current.autoApproveMaxPerDayDrops;
      if (auto.maxPerDay !== undefined) {
        const parsed = parseXrp(String(auto.maxPerDay));
        if (parsed === null || parsed <= 0 || parsed > MAX_SETTING_DROPS)
          throw settingsErrors.autoApproveInvalid("maxPerDay");
        autoApproveMaxPerDayDrops = parsed;
      }
      const autoApproveEnabled = auto.enabled ?? current.autoApproveEnabled;
      const change: Omit<SettingsChange, "updatedBy" | "updatedAt"> = {
        dailyLimitDrops,
        minAmountDrops,
        maxAmountDrops,
        enabled: input.enabled ?? current.enabled,
        ipGrouping: input.ipGrouping ?? current.ipGrouping,
        powDifficulty,
        accountsPerHour,
        accountsPerDay,
        autoApproveEnabled,
        autoApproveMaxRiskScore,
        autoApproveHoldMinutes,
        autoApproveMaxPerDayDrops,
        bonusDailyLimitDrops,
        bonusMinAccountAgeHours,
      };
      if (loosens(current, change)) requireStepUp(actor);
      const now = clock();
      // Re-read after the change (and after a rolled-back transaction, which leaves the old row).
      cached = null;
      return immediate(db, () => {
        const row = repo.update({ ...change, updatedBy: actor.admin.id, updatedAt: now });
        const after = settingsView(row);
        const changes = settingsChanges(settingsView(current), after);
        // the values after the change, and each changed value's before and after
        recordAudit(
          db,
          {
            actor: actor.admin,
            ip: actor.ip,
            action: "faucet_settings.update",
            targetType: "faucet_settings",
            targetId: 1,
            details: { ...after, changes },
          },
          now,
        );
        return { row, changes };
      });
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
