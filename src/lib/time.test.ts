import { expect, test } from "bun:test";
import { DAY_MS, dayStart, HOUR_MS, MINUTE_MS, nextDayAt, parseDay, utcDay, waitText } from "./time.ts";

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

test("a moment's UTC day starts at its midnight, computed the same way as the day's text", () => {
  expect([MINUTE_MS, HOUR_MS, DAY_MS]).toEqual([60_000, 3_600_000, 86_400_000]);
  const midnight = Date.UTC(2026, 10, 28);
  for (const ms of [midnight, midnight + 1, midnight + DAY_MS - 1, Date.UTC(2024, 1, 29, 12), 0, -1, 1]) {
    expect(dayStart(ms)).toBe(Date.parse(`${utcDay(ms)}T00:00:00Z`));
    expect(nextDayAt(ms)).toBe(dayStart(ms) + DAY_MS);
  }
  expect(dayStart(midnight + DAY_MS - 1)).toBe(midnight);
  expect(nextDayAt(midnight)).toBe(Date.UTC(2026, 10, 29));
  expect(dayStart(-1)).toBe(-DAY_MS);
});

test("a day written as text is its midnight; anything else is no day", () => {
  expect(parseDay("2026-11-28")).toBe(Date.UTC(2026, 10, 28));
  expect(parseDay("2024-02-29")).toBe(Date.UTC(2024, 1, 29));
  for (const text of ["", "2026-11-28T00:00:00Z", "28/11/2026", "2026-1-28", "yesterday", "2026-02-30", "2026-13-01"])
    expect(parseDay(text)).toBeNull();
});
