import { expect, test } from "bun:test";
import { loosenings } from "./settings-words.ts";

const SAVED = {
  dailyLimit: "100",
  powDifficulty: 2000,
  ipGrouping: "subnet",
  bonusMinAccountAgeHours: 24,
  autoApprove: { enabled: false, maxRiskScore: 20, holdMinutes: 10, maxPerDay: "50" },
};
const fields = (after: Record<string, unknown>) =>
  loosenings(SAVED, { ...SAVED, ...after, autoApprove: { ...SAVED.autoApprove, ...(after.autoApprove ?? {}) } }).map(
    (c) => c.field,
  );

test("what loosens a limit: each setting its way, values typed as text or given as numbers", () => {
  expect(fields({ dailyLimit: "200.5" })).toEqual(["dailyLimit"]);
  expect(fields({ powDifficulty: "1000", bonusMinAccountAgeHours: 0 })).toEqual([
    "powDifficulty",
    "bonusMinAccountAgeHours",
  ]);
  expect(fields({ ipGrouping: "address" })).toEqual(["ipGrouping"]);
  expect(fields({ autoApprove: { enabled: true, maxRiskScore: "60", holdMinutes: 0, maxPerDay: 60 } })).toEqual([
    "autoApprove.enabled",
    "autoApprove.maxRiskScore",
    "autoApprove.holdMinutes",
    "autoApprove.maxPerDay",
  ]);
  expect(loosenings(SAVED, { ...SAVED, dailyLimit: "150" })[0]).toEqual({
    field: "dailyLimit",
    label: "Daily limit (XRP)",
    before: "100",
    after: "150",
    means: "More XRP may be paid out in a day.",
  });
});

test("what does not: tightening, the same value written otherwise, and values the server refuses", () => {
  expect(fields({ dailyLimit: "50", powDifficulty: 5000, bonusMinAccountAgeHours: 48 })).toEqual([]);
  expect(fields({ dailyLimit: "100.000", powDifficulty: "2000", autoApprove: { maxPerDay: "50.0" } })).toEqual([]);
  expect(fields({ dailyLimit: "a lot", powDifficulty: "-1", autoApprove: { maxRiskScore: "1e3" } })).toEqual([]);
});
