import { t } from "elysia";

const amount = t.Union([t.String({ maxLength: 32 }), t.Number()]);

export const settingsBody = t.Object(
  {
    dailyLimit: t.Optional(amount),
    minAmount: t.Optional(amount),
    maxAmount: t.Optional(amount),
    enabled: t.Optional(t.Boolean({ error: "enabled must be true or false" })),
    powDifficulty: t.Optional(t.Union([t.Number(), t.String({ maxLength: 32 })])),
    ipGrouping: t.Optional(t.Union([t.Literal("address"), t.Literal("subnet")], { error: "ipGrouping must be 'address' or 'subnet'" })),
  },
  { additionalProperties: true },
);
export type SettingsInput = typeof settingsBody.static;
