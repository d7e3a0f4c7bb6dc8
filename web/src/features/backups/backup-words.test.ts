// The backups screen's words: sizes, the schedule, times from now, and when the last failure is news.
import { expect, test } from "bun:test";
import { failureIsNewest, fromNow, intervalWords, sizeWords } from "./backup-words";

test("a size in decimal units, as the server's log writes it", () => {
  expect(sizeWords(0)).toBe("0 bytes");
  expect(sizeWords(1)).toBe("1 byte");
  expect(sizeWords(999)).toBe("999 bytes");
  expect(sizeWords(1000)).toBe("1.0 KB");
  expect(sizeWords(245_760)).toBe("245.8 KB");
  expect(sizeWords(999_960)).toBe("1.0 MB");
  expect(sizeWords(12_345_678)).toBe("12.3 MB");
  expect(sizeWords(1_300_000_000)).toBe("1.3 GB");
});

test("the schedule's interval in words", () => {
  expect(intervalWords(6 * 3_600_000)).toBe("every 6 hours");
  expect(intervalWords(3_600_000)).toBe("every hour");
  expect(intervalWords(30 * 60_000)).toBe("every 30 minutes");
  expect(intervalWords(60_000)).toBe("every minute");
  expect(intervalWords(86_400_000)).toBe("every day");
  expect(intervalWords(30 * 86_400_000)).toBe("every 30 days");
  expect(intervalWords(90 * 60_000)).toBe("every 90 minutes");
});

test("a time from now: past and to come; one to come is rounded, and one due within the minute is not 'just now'", () => {
  const now = new Date("2026-01-15T12:00:00Z");
  expect(fromNow("2026-01-15T10:00:00Z", now)).toBe("2 hours ago");
  expect(fromNow("2026-01-15T11:59:30Z", now)).toBe("just now");
  expect(fromNow("2026-01-15T12:00:30Z", now)).toBe("in less than a minute");
  expect(fromNow("2026-01-15T18:00:00Z", now)).toBe("in 6 hours");
  expect(fromNow("2026-01-15T17:59:58Z", now)).toBe("in 6 hours");
  expect(fromNow("2026-01-15T12:25:00Z", now)).toBe("in 25 minutes");
  expect(fromNow("2026-01-16T12:00:00Z", now)).toBe("tomorrow");
  expect(fromNow("2026-01-22T12:00:00Z", now)).toBe("in 7 days");
});

test("the last failure is news until a backup succeeds after it", () => {
  const failure = { at: "2026-01-15T12:00:00.000Z", message: "disk full" };
  expect(failureIsNewest({ lastSuccessAt: null, lastFailure: null })).toBe(false);
  expect(failureIsNewest({ lastSuccessAt: "2026-01-15T06:00:00.000Z", lastFailure: null })).toBe(false);
  expect(failureIsNewest({ lastSuccessAt: null, lastFailure: failure })).toBe(true);
  expect(failureIsNewest({ lastSuccessAt: "2026-01-15T06:00:00.000Z", lastFailure: failure })).toBe(true);
  expect(failureIsNewest({ lastSuccessAt: "2026-01-15T13:00:00.000Z", lastFailure: failure })).toBe(false);
});
