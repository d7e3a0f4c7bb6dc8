// What the faucet settings' calls accept and answer: the body schema, the view (XRP strings, the
// database holds drops), and the settings' own errors.
import { t } from "elysia";
import type { faucetSettings } from "../../db/schema.ts";
import { badRequest } from "../../lib/errors.ts";
import { formatXrp } from "../../shared/money.ts";

const amount = t.Union([t.String({ maxLength: 32 }), t.Number()]);

// The auto-approve rule's bounds: a risk score is 0-100; a hold of at most a day.
export const MAX_RISK_SCORE = 100;
export const MAX_HOLD_MINUTES = 1440;
// The account age a bonus may ask for: at most 30 days.
export const MAX_BONUS_ACCOUNT_AGE_HOURS = 720;
export const AUTO_APPROVE_MESSAGES = {
  maxRiskScore: `autoApprove.maxRiskScore must be a whole number from 0 to ${MAX_RISK_SCORE}`,
  holdMinutes: `autoApprove.holdMinutes must be a whole number from 0 to ${MAX_HOLD_MINUTES}`,
  maxPerDay: "autoApprove.maxPerDay must be a positive XRP amount with at most 6 decimals",
};

export const settingsBody = t.Object(
  {
    dailyLimit: t.Optional(amount),
    minAmount: t.Optional(amount),
    maxAmount: t.Optional(amount),
    enabled: t.Optional(t.Boolean({ error: "enabled must be true or false" })),
    powDifficulty: t.Optional(t.Union([t.Number(), t.String({ maxLength: 32 })])),
    // whole numbers from 1 to 1000; the service checks them and answers with the message
    accountsPerHour: t.Optional(
      t.Union([t.Number(), t.String({ maxLength: 32 })], {
        error: "accountsPerHour must be a whole number from 1 to 1000",
      }),
    ),
    accountsPerDay: t.Optional(
      t.Union([t.Number(), t.String({ maxLength: 32 })], {
        error: "accountsPerDay must be a whole number from 1 to 1000",
      }),
    ),
    // the day's budget for social and reviewer bonuses (XRP) and the account age a bonus needs (hours)
    bonusDailyLimit: t.Optional(amount),
    bonusMinAccountAgeHours: t.Optional(
      t.Union([t.Number(), t.String({ maxLength: 32 })], {
        error: `bonusMinAccountAgeHours must be a whole number from 0 to ${MAX_BONUS_ACCOUNT_AGE_HOURS}`,
      }),
    ),
    ipGrouping: t.Optional(
      t.Union([t.Literal("address"), t.Literal("subnet")], { error: "ipGrouping must be 'address' or 'subnet'" }),
    ),
    // the auto-approve rule; each field optional (the others keep their values); the service checks the ranges
    autoApprove: t.Optional(
      t.Object(
        {
          enabled: t.Optional(t.Boolean({ error: "autoApprove.enabled must be true or false" })),
          maxRiskScore: t.Optional(
            t.Union([t.Number(), t.String({ maxLength: 32 })], { error: AUTO_APPROVE_MESSAGES.maxRiskScore }),
          ),
          holdMinutes: t.Optional(
            t.Union([t.Number(), t.String({ maxLength: 32 })], { error: AUTO_APPROVE_MESSAGES.holdMinutes }),
          ),
          maxPerDay: t.Optional(
            t.Union([t.String({ maxLength: 32 }), t.Number()], { error: AUTO_APPROVE_MESSAGES.maxPerDay }),
          ),
        },
        {
          additionalProperties: true,
          error:
            'autoApprove must be an object such as {"enabled": true, "maxRiskScore": 20, "holdMinutes": 10, "maxPerDay": "50"}',
        },
      ),
    ),
  },
  { additionalProperties: true },
);
export type SettingsInput = typeof settingsBody.static;

export const settingsErrors = {
  amountInvalid: (name: string) =>
    badRequest(`${name} must be a positive XRP amount with at most 6 decimals`, "AMOUNT_INVALID"),
  minAboveMax: () => badRequest("minAmount cannot be above maxAmount", "MIN_ABOVE_MAX"),
  maxAboveDailyLimit: () => badRequest("maxAmount cannot be above dailyLimit", "MAX_ABOVE_DAILY_LIMIT"),
  powDifficultyInvalid: (max: number) =>
    badRequest(`powDifficulty must be a whole number from 0 (off) to ${max}`, "POW_DIFFICULTY_INVALID"),
  accountLimitInvalid: (name: string, max: number) =>
    badRequest(`${name} must be a whole number from 1 to ${max}`, "ACCOUNT_LIMIT_INVALID"),
  hourAboveDay: () => badRequest("accountsPerHour cannot be above accountsPerDay", "HOUR_ABOVE_DAY"),
  bonusAccountAgeInvalid: () =>
    badRequest(
      `bonusMinAccountAgeHours must be a whole number from 0 to ${MAX_BONUS_ACCOUNT_AGE_HOURS}`,
      "BONUS_ACCOUNT_AGE_INVALID",
    ),
  autoApproveInvalid: (field: keyof typeof AUTO_APPROVE_MESSAGES) =>
    badRequest(AUTO_APPROVE_MESSAGES[field], "AUTO_APPROVE_INVALID"),
};

// The shape of GET/POST /api/admin/faucet/settings (product.md section 7), also the audit entry's details.
export function settingsView(s: typeof faucetSettings.$inferSelect) {
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
    bonusDailyLimit: plain(s.bonusDailyLimitDrops),
    bonusMinAccountAgeHours: s.bonusMinAccountAgeHours,
    autoApprove: {
      enabled: s.autoApproveEnabled,
      maxRiskScore: s.autoApproveMaxRiskScore,
      holdMinutes: s.autoApproveHoldMinutes,
      maxPerDay: plain(s.autoApproveMaxPerDayDrops),
    },
    updatedAt: new Date(s.updatedAt).toISOString(),
  };
}

// What a save changed, field by field, in words (src/shared: the admin's toast says the same).
export { type SettingChange, settingsChanges } from "../../shared/settings-words.ts";
