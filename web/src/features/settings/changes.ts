// A save of the settings as the admin's screens confirm it: the settings it would leave (the form's
// values read as the server stores them), the changes that loosen a limit with what each means, the
// server's ceiling the budgets would pass, and the values that set it back (Undo).
import { formatXrp, parseXrp, plainXrp } from "../../../../src/shared/money";
import { loosenings, type SettingChange, settingsChanges } from "../../../../src/shared/settings-words";
import type { ChangePlan } from "../../components/admin/dialogs";
import { readableXrp } from "../../components/admin/words";
import type { SettingsChange, useSettings } from "./api";

export type Settings = NonNullable<ReturnType<typeof useSettings>["data"]>;
// The server's ceiling as GET /api/admin/health tells it: a day's most (null: none) and one payment's.
export type Ceiling = { daily: string | null; payment: string } | null | undefined;

const XRP_FIELDS = new Set(["dailyLimit", "minAmount", "maxAmount", "bonusDailyLimit", "maxPerDay"]);

// A typed value as the settings hold it ("200.0" -> "200", "0500" -> 500); as typed when it is not one
// (the server refuses it under its field).
const stored = (field: string, value: unknown): unknown => {
  if (typeof value !== "string") return value;
  if (XRP_FIELDS.has(field)) {
    const drops = parseXrp(value);
    return drops === null ? value : plainXrp(drops);
  }
  return /^\s*\d+\s*$/.test(value) ? Number(value) : value;
};

const merged = (current: Record<string, unknown>, change: Record<string, unknown>) => ({
  ...current,
  ...Object.fromEntries(Object.entries(change).map(([field, value]) => [field, stored(field, value)])),
});

// The settings a save of `change` would leave.
export function settingsAfter(current: Settings, change: SettingsChange): Settings {
  const { autoApprove, ...top } = change;
  return {
    ...(merged(current, top) as Settings),
    autoApprove: merged(current.autoApprove, autoApprove ?? {}) as Settings["autoApprove"],
  };
}

// What the ceiling would say of the settings after the save: the daily budgets past what the server
// signs in a day, or one request's most past one payment's most.
export function ceilingWarnings(ceiling: Ceiling, after: Settings): string[] {
  if (!ceiling) return [];
  const budgets = (parseXrp(after.dailyLimit) ?? 0) + (parseXrp(after.bonusDailyLimit ?? "0") ?? 0);
  const daily = ceiling.daily === null ? null : parseXrp(ceiling.daily);
  const largest = parseXrp(after.maxAmount);
  const payment = parseXrp(ceiling.payment);
  return [
    daily !== null && budgets > daily
      ? `The daily budgets would add up to ${readableXrp(formatXrp(budgets))}, more than the ${readableXrp(ceiling.daily)} the server signs in a day: payouts past it wait for the next day. Restart the server with a higher --max-daily-payout to raise it.`
      : null,
    largest !== null && payment !== null && largest > payment
      ? `One request could be ${readableXrp(after.maxAmount)}, more than the ${readableXrp(ceiling.payment)} one payment may send (--max-payout): such a payout is refused.`
      : null,
  ].filter((w): w is string => w !== null);
}

// The confirmation a save needs (with the ceiling the settings would pass), or null when it loosens
// nothing (saved at once: a raised budget loosens).
export function confirmation(
  current: Settings,
  change: SettingsChange,
  ceiling: Ceiling,
  words: { title: string; confirmLabel: string; run: () => void },
): ChangePlan | null {
  const after = settingsAfter(current, change);
  const loose = loosenings(current, after);
  if (loose.length === 0) return null;
  // the loosenings first, then whatever else the save changes
  const looseFields = new Set(loose.map((c) => c.field));
  const others = settingsChanges(current, after).filter((c) => !looseFields.has(c.field));
  return { ...words, changes: [...loose, ...others], warnings: ceilingWarnings(ceiling, after) };
}

// The body that sets the changed settings back to what they were before the save.
export function undoChange(before: Settings, changes: SettingChange[]): SettingsChange {
  const body: Record<string, unknown> = {};
  const auto: Record<string, unknown> = {};
  for (const { field } of changes) {
    if (field.startsWith("autoApprove.")) {
      const name = field.slice("autoApprove.".length) as keyof Settings["autoApprove"];
      auto[name] = before.autoApprove[name];
    } else body[field] = before[field as keyof Settings];
  }
  return { ...body, ...(Object.keys(auto).length > 0 ? { autoApprove: auto } : {}) } as SettingsChange;
}
