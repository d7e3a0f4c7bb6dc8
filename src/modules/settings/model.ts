// What the faucet settings' calls accept and answer: the body schema, the view (XRP strings, the
// database holds drops), and the settings' own errors.
import { t } from "elysia";
import type { faucetSettings } from "../../db/schema.ts";
import { badRequest } from "../../http/errors.ts";
import { formatXrp } from "../../money.ts";

const amount = t.Union([t.String({ maxLength: 32 }), t.Number()]);

export const settingsBody = t.Object(
  {
    dailyLimit: t.Optional(amount),
    minAmount: t.Optional(amount),
    maxAmount: t.Optional(amount),
    enabled: t.Optional(t.Boolean({ error: "enabled must be true or false" })),
    powDifficulty: t.Optional(t.Union([t.Number(), t.String({ maxLength: 32 })])),
    // whole numbers from 1 to 1000; the service checks them and answers with the message
    accountsPerHour: t.Optional(t.Union([t.Number(), t.String({ maxLength: 32 })], { error: "accountsPerHour must be a whole number from 1 to 1000" })),
    accountsPerDay: t.Optional(t.Union([t.Number(), t.String({ maxLength: 32 })], { error: "accountsPerDay must be a whole number from 1 to 1000" })),
    ipGrouping: t.Optional(t.Union([t.Literal("address"), t.Literal("subnet")], { error: "ipGrouping must be 'address' or 'subnet'" })),
  },
  { additionalProperties: true },
);
export type SettingsInput = typeof settingsBody.static;

export const settingsErrors = {
  amountInvalid: (name: string) => badRequest(`${name} must be a positive XRP amount with at most 6 decimals`, "AMOUNT_INVALID"),
  minAboveMax: () => badRequest("minAmount cannot be above maxAmount", "MIN_ABOVE_MAX"),
  maxAboveDailyLimit: () => badRequest("maxAmount cannot be above dailyLimit", "MAX_ABOVE_DAILY_LIMIT"),
  powDifficultyInvalid: (max: number) => badRequest(`powDifficulty must be a whole number from 0 (off) to ${max}`, "POW_DIFFICULTY_INVALID"),
  accountLimitInvalid: (name: string, max: number) => badRequest(`${name} must be a whole number from 1 to ${max}`, "ACCOUNT_LIMIT_INVALID"),
  hourAboveDay: () => badRequest("accountsPerHour cannot be above accountsPerDay", "HOUR_ABOVE_DAY"),
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
    updatedAt: new Date(s.updatedAt).toISOString(),
  };
}
