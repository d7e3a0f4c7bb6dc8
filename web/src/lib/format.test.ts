import { describe, expect, test } from "bun:test";
import { formatRelativeTime, formatXrp } from "./format";

describe("formatXrp", () => {
  test("shows amounts with 6 decimals", () => {
    expect(formatXrp("0.01")).toBe("0.010000");
    expect(formatXrp(5)).toBe("5.000000");
    expect(formatXrp("0.000000")).toBe("0.000000");
  });
  test("treats missing or invalid amounts as zero", () => {
    expect(formatXrp(null)).toBe("0.000000");
    expect(formatXrp("abc")).toBe("0.000000");
    expect(formatXrp(Number.NaN)).toBe("0.000000");
  });
  test("keeps a negative amount's sign and every drop", () => {
    expect(formatXrp("-1.5")).toBe("-1.500000");
    expect(formatXrp("-0.000001")).toBe("-0.000001");
    expect(formatXrp(-2.5)).toBe("-2.500000");
    expect(formatXrp("123456789.123456")).toBe("123456789.123456");
  });
});

describe("formatRelativeTime", () => {
  const now = new Date("2025-01-10T12:00:00Z");
  test("recent moments read as just now", () => {
    expect(formatRelativeTime("2025-01-10T11:59:30Z", now)).toBe("just now");
  });
  test("older moments use the largest whole unit", () => {
    expect(formatRelativeTime("2025-01-10T09:00:00Z", now)).toBe("3 hours ago");
    expect(formatRelativeTime("2025-01-09T12:00:00Z", now)).toBe("yesterday");
    expect(formatRelativeTime("2025-01-05T12:00:00Z", now)).toBe("5 days ago");
  });
});
