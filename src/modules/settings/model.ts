import { t } from "elysia";

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
