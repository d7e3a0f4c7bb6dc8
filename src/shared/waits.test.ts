import { expect, test } from "bun:test";
import { durationWords, waitWords } from "./waits.ts";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

test.each([
  [30_000, "less than a minute"],
  [MIN, "1 min"],
  [12 * MIN - 5_000, "12 min"],
  [HOUR, "1 h"],
  [23 * HOUR + 31 * MIN, "23 h 31 min"],
  [47 * HOUR + 59 * MIN, "47 h 59 min"],
  [3 * DAY + 4 * HOUR + 10 * MIN, "3 days 4 h"],
  [2 * DAY, "2 days"],
  [20.5 * DAY, "20 days"],
  [52856.2 * DAY, "more than a year"],
])("durationWords(%d) = %j", (ms, words) => expect(durationWords(ms)).toBe(words));

const at = (iso: string) => Date.parse(iso);

test("a wait that ends on another day says the day and the time, and how long", () => {
  expect(waitWords(at("2026-12-03T22:50:00Z"), at("2026-12-02T23:18:00Z"))).toBe(
    "tomorrow at 22:50 UTC (in 23 h 32 min)",
  );
  expect(waitWords(at("2026-12-05T09:00:00Z"), at("2026-12-01T23:00:00Z"))).toBe(
    "on Dec 5 at 09:00 UTC (in 3 days 10 h)",
  );
});

test("a wait later today says today; a near one says only how long", () => {
  expect(waitWords(at("2026-12-02T17:20:00Z"), at("2026-12-02T14:18:00Z"))).toBe("today at 17:20 UTC (in 3 h 2 min)");
  expect(waitWords(at("2026-12-03T00:05:00Z"), at("2026-12-02T23:53:00Z"))).toBe("in 12 min");
  expect(waitWords(at("2026-12-02T14:18:20Z"), at("2026-12-02T14:18:00Z"))).toBe("in less than a minute");
});

test("a moment with seconds says its nearest minute, its duration rounded up", () => {
  expect(waitWords(at("2026-12-03T22:50:30Z"), at("2026-12-02T23:18:00Z"))).toBe(
    "tomorrow at 22:51 UTC (in 23 h 33 min)",
  );
  expect(waitWords(at("2026-12-03T22:50:04Z"), at("2026-12-02T23:18:00Z"))).toBe(
    "tomorrow at 22:50 UTC (in 23 h 33 min)",
  );
});

test("a wait already over is now; ISO strings are read too", () => {
  expect(waitWords(at("2026-12-02T14:00:00Z"), at("2026-12-02T14:00:00Z"))).toBe("now");
  expect(waitWords("2026-12-02T13:00:00Z", "2026-12-02T14:00:00Z")).toBe("now");
  expect(waitWords("2026-12-03T13:00:00.000Z", "2026-12-02T14:00:00.000Z")).toBe("tomorrow at 13:00 UTC (in 23 h)");
});
