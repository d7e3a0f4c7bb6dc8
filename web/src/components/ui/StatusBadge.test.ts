import { expect, test } from "bun:test";
import { statusTone, statusWords } from "./StatusBadge";

test.each([
  ["PROCESSED", "green"],
  ["APPROVED", "green"],
  ["PENDING", "yellow"],
  ["REJECTED", "red"],
  ["DENIED", "red"],
  ["PAID", "green"],
  ["SOMETHING", "grey"],
])("%s is %s", (status, tone) => {
  expect(statusTone(status)).toBe(tone as ReturnType<typeof statusTone>);
});

test.each([
  ["PROCESSED", "Paid"],
  ["PENDING", "Waiting for review"],
  ["REJECTED", "Rejected"],
  ["APPROVED", "Approved"],
  ["NEEDS_ATTENTION", "Needs attention"],
])("%s reads %j", (status, words) => {
  expect(statusWords(status)).toBe(words);
});
