// The faucet settings in a person's words, for the server (the audit log's before and after) and the
// browser (the toast after saving) alike: each setting's label, its value as a person reads it, and
// what a save changed.

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
export function settingsChanges(before: SettingsShape, after: SettingsShape): SettingChange[] {
  const flat = ({ autoApprove, ...top }: SettingsShape): Record<string, unknown> => ({
    ...top,
    ...Object.fromEntries(Object.entries(autoApprove).map(([k, x]) => [`autoApprove.${k}`, x])),
  });
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
