import { expect, test } from "bun:test";
import { statusTone } from "./StatusBadge";

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
