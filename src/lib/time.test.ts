import { expect, test } from "bun:test";
import { utcDay, waitText } from "./time.ts";

// utcDay remembers the last day it formatted: the answer must not depend on what it was asked before.
test("utcDay gives each moment's UTC day, whatever was asked before", () => {
  const moments = [
    [Date.UTC(2026, 10, 28, 0, 0, 0, 0), "2026-11-28"],
    [Date.UTC(2026, 10, 28, 23, 59, 59, 999), "2026-11-28"],
    [Date.UTC(2026, 10, 29, 0, 0, 0, 0), "2026-11-29"],
    [Date.UTC(2026, 10, 27, 23, 59, 59, 999), "2026-11-27"],
    [0, "1970-01-01"],
    [-1, "1969-12-31"],
    [Date.UTC(2024, 1, 29, 12), "2024-02-29"],
  ] as const;
  for (const order of [moments, [...moments].reverse(), [...moments, ...moments]]) {
    for (const [ms, day] of order) expect(utcDay(ms)).toBe(day);
  }
  expect(() => utcDay(Number.NaN)).toThrow(RangeError);
});

test("waitText says minutes under an hour and a half, hours after", () => {
  expect(waitText(30_000)).toBe("in 1 minute");
  expect(waitText(89 * 60_000)).toBe("in 89 minutes");
  expect(waitText(23.5 * 3_600_000)).toBe("in 24 hours");
});
