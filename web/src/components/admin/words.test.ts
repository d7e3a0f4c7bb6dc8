import { expect, test } from "bun:test";
import { claimTypeWords, fieldWords, payoutTone, readableXrp, statusWords } from "./words";

test("amounts read as a person writes them: grouped thousands, no trailing zeros, nothing rounded", () => {
  expect(readableXrp("100000.000000")).toBe("100,000 XRP");
  expect(readableXrp("22.800000")).toBe("22.8 XRP");
  expect(readableXrp("0.000001")).toBe("0.000001 XRP");
  expect(readableXrp("1234567.890123")).toBe("1,234,567.890123 XRP");
  expect(readableXrp(null)).toBe("unknown");
});

test("a negative amount keeps its sign: the browser's own reading lost it", () => {
  expect(readableXrp("-1.500000")).toBe("-1.5 XRP");
  expect(readableXrp("-0.000001")).toBe("-0.000001 XRP");
  expect(readableXrp("-1234567.890123")).toBe("-1,234,567.890123 XRP");
  expect(readableXrp("-100.000000")).toBe("-100 XRP");
  expect(readableXrp("")).toBe("unknown");
  expect(readableXrp("abc")).toBe("unknown");
});

test("codes become words", () => {
  expect(statusWords("PROCESSED")).toBe("Paid");
  expect(statusWords("NEEDS_ATTENTION")).toBe("Needs attention");
  expect(statusWords("WITHDRAWN")).toBe("Withdrawn (nothing sent)");
  expect(claimTypeWords("SOCIAL_SHARE", "LinkedIn")).toBe("Shared on LinkedIn");
  expect(claimTypeWords("SOCIAL_SHARE", null)).toBe("Social sharing bonus");
  expect(fieldWords("minAmount cannot be above maxAmount")).toBe(
    "The minimum amount cannot be above the maximum amount",
  );
  expect(fieldWords("bonusDailyLimit must be a positive XRP amount with at most 6 decimals")).toBe(
    "The bonus budget per day must be a positive XRP amount with at most 6 decimals",
  );
  expect(fieldWords("autoApprove.maxPerDay must be a positive XRP amount")).toBe(
    "The auto-approve most per day must be a positive XRP amount",
  );
});

test("a payout's status as a colour: a withdrawn one (nothing sent) is neither paid nor failed nor under way", () => {
  expect(["SUCCESS", "FAILED", "WITHDRAWN", "PENDING", "NEEDS_ATTENTION"].map(payoutTone)).toEqual([
    "green",
    "red",
    "grey",
    "yellow",
    "yellow",
  ]);
});
