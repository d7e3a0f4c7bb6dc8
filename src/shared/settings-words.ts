// The faucet settings in a person's words, for the server (the audit log's before and after) and the
// browser (the toast after saving) alike: each setting's label, its value as a person reads it, and
// what a save changed.
import { parseXrp } from "./money.ts";

export const SETTING_LABELS: Record<string, string> = {
  dailyLimit: "Daily limit (XRP)",
  minAmount: "Minimum amount (XRP)",
  maxAmount: "Maximum amount (XRP)",
  enabled: "Faucet online",
  ipGrouping: "Per-IP limits count",
  powDifficulty: "Anti-bot work",
  accountsPerHour: "New accounts per hour",
  accountsPerDay: "New accounts per day",
  bonusDailyLimit: "Bonus budget per day (XRP)",
  bonusMinAccountAgeHours: "Bonus account age (hours)",
  "autoApprove.enabled": "Auto-approve on",
  "autoApprove.maxRiskScore": "Auto-approve: highest risk score",
  "autoApprove.holdMinutes": "Auto-approve: hold (minutes)",
  "autoApprove.maxPerDay": "Auto-approve: most per day (XRP)",
};

// A value as a person reads it: yes/no, the IPv4 grouping in words, numbers and XRP as they are.
const valueWords = (field: string, value: unknown): string => {
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (field === "ipGrouping") return value === "address" ? "each IPv4 address" : "each IPv4 network (/24)";
  return String(value);
};

export interface SettingChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

// The settings as GET /api/admin/faucet/settings answers them (the fields read here).
type SettingsShape = { autoApprove: Record<string, unknown> } & Record<string, unknown>;

// What a save changed, field by field (nothing: the same values saved again).
const flat = ({ autoApprove, ...top }: SettingsShape): Record<string, unknown> => ({
  ...top,
  ...Object.fromEntries(Object.entries(autoApprove).map(([k, x]) => [`autoApprove.${k}`, x])),
});

export function settingsChanges(before: SettingsShape, after: SettingsShape): SettingChange[] {
  const a = flat(before);
  const b = flat(after);
  return Object.keys(SETTING_LABELS)
    .filter((field) => a[field] !== b[field])
    .map((field) => ({
      field,
      label: SETTING_LABELS[field]!,
      before: valueWords(field, a[field]),
      after: valueWords(field, b[field]),
    }));
}

// The settings that weaken an anti-farm limit or let more money out, which way, and what that means for
// the faucet: the server asks a fresh two-factor code for such a change (modules/settings/service.ts),
// the admin's screen a confirmation that says what it means.
type Loosening = { way: "up" | "down" | "on" | "address"; xrp?: true; means: string };
const LOOSENING: Record<string, Loosening> = {
  dailyLimit: { way: "up", xrp: true, means: "More XRP may be paid out in a day." },
  minAmount: { way: "up", xrp: true, means: "Every request is paid at least this much." },
  maxAmount: { way: "up", xrp: true, means: "One request may be paid more." },
  bonusDailyLimit: { way: "up", xrp: true, means: "More XRP may be paid in bonuses in a day." },
  powDifficulty: {
    way: "down",
    means: "A browser does less work before a form is accepted: a bot farm's requests get cheaper.",
  },
  accountsPerHour: { way: "up", means: "One network may register more accounts an hour." },
  accountsPerDay: { way: "up", means: "One network may register more accounts a day." },
  ipGrouping: {
    way: "address",
    means: "Each IPv4 address counts alone: one network with many addresses gets a limit for each of them.",
  },
  bonusMinAccountAgeHours: {
    way: "down",
    means: "A younger account may claim a bonus: at 0, an account made a moment ago.",
  },
  "autoApprove.enabled": {
    way: "on",
    means: "Low-risk requests are approved and paid without a person, up to the day's cap.",
  },
  "autoApprove.maxRiskScore": { way: "up", means: "Riskier requests may be paid without a person." },
  "autoApprove.holdMinutes": { way: "down", means: "Less time to spot a burst before it is paid." },
  "autoApprove.maxPerDay": { way: "up", xrp: true, means: "More XRP a day may be paid without a person." },
};

// A setting's value as a number to compare (drops for XRP); null when it is not one (the server refuses it).
const figure = (rule: Loosening, value: unknown): number | null => {
  if (typeof value !== "number" && typeof value !== "string") return null;
  if (rule.xrp) return parseXrp(String(value));
  return /^\s*\d+\s*$/.test(String(value)) ? Number(value) : null;
};

const loosens = (rule: Loosening, before: unknown, after: unknown): boolean => {
  if (rule.way === "on") return after === true && before !== true;
  if (rule.way === "address") return after === "address" && before !== "address";
  const [from, to] = [figure(rule, before), figure(rule, after)];
  if (from === null || to === null) return false;
  return rule.way === "up" ? to > from : to < from;
};

// What a save would loosen, field by field, each with what it means.
export function loosenings(before: SettingsShape, after: SettingsShape): (SettingChange & { means: string })[] {
  const a = flat(before);
  const b = flat(after);
  return settingsChanges(before, after).flatMap((change) => {
    const rule = LOOSENING[change.field];
    return rule && loosens(rule, a[change.field], b[change.field]) ? [{ ...change, means: rule.means }] : [];
  });
}
