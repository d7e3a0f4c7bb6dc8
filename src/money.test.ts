import { expect, test } from "bun:test";
import { formatXrp, parseXrp } from "./money.ts";

test.each([
  [0, "0.000000"],
  [1, "0.000001"],
  [5_000_000, "5.000000"],
  [123_456_789, "123.456789"],
  [-2_500_000, "-2.500000"],
])("formatXrp(%d) = %s", (drops, text) => expect(formatXrp(drops)).toBe(text));

test.each([
  ["5", 5_000_000],
  ["0.000001", 1],
  [" 20.5 ", 20_500_000],
  ["100.000000", 100_000_000],
  ["1.0000001", null],
  ["-1", null],
  ["1e3", null],
  ["", null],
  ["abc", null],
  ["0x10", null],
])("parseXrp(%j) = %p", (text, drops) => expect(parseXrp(text)).toBe(drops));
