import { expect, test } from "bun:test";
import { formatXrp, parseXrp, plainXrp, totalXrp, xrpToDrops } from "./money.ts";

test.each([
  [0, "0.000000"],
  [1, "0.000001"],
  [5_000_000, "5.000000"],
  [123_456_789, "123.456789"],
  [-2_500_000, "-2.500000"],
  [-1_500_000, "-1.500000"],
  [-1, "-0.000001"],
  [-0, "0.000000"],
])("formatXrp(%d) = %s", (drops, text) => expect(formatXrp(drops)).toBe(text));

test.each([
  ["5", 5_000_000],
  ["0.000001", 1],
  [" 20.5 ", 20_500_000],
  ["100.000000", 100_000_000],
  ["1.0000001", null],
  ["-1", null],
  ["-0.000001", null],
  ["-0", null],
  ["1e3", null],
  ["", null],
  ["abc", null],
  ["0x10", null],
])("parseXrp(%j) = %p", (text, drops) => expect(parseXrp(text)).toBe(drops));

// The browser reads the server's amounts back: what formatXrp writes, negative ones included.
test("XRP amounts as the server writes them become whole drops", () => {
  expect(xrpToDrops("5.000000")).toBe(5_000_000);
  expect(xrpToDrops("22.8")).toBe(22_800_000);
  expect(xrpToDrops("0.000001")).toBe(1);
  expect(xrpToDrops("100")).toBe(100_000_000);
});

test("a negative amount reads back as the negative drops formatXrp wrote it from", () => {
  // the browser's own copy read "-0.000001" as +1 drop and wrote -1_500_000 as "-2.-500000"
  expect(xrpToDrops("-0.000001")).toBe(-1);
  expect(xrpToDrops("-1.500000")).toBe(-1_500_000);
  expect(xrpToDrops("-0")).toBe(0);
  for (const drops of [-1, -1_500_000, -2_500_000, -123_456_789, 0, 1, 999_999])
    expect(xrpToDrops(formatXrp(drops))).toBe(drops);
});

test.each(["", "abc", "1e3", "0x10", "1.0000001", "--1", "- 1", "1.", ".5"])("xrpToDrops(%j) is refused", (text) =>
  expect(xrpToDrops(text)).toBeNull(),
);

test("a total of many amounts has no floating-point error", () => {
  const amounts = ["0.1", "0.2", "6.031813", "5.369519", "6.703173"];
  expect(totalXrp(amounts)).toBe("18.404505");
  expect(totalXrp([])).toBe("0.000000");
  expect(formatXrp(0)).toBe("0.000000");
  expect(formatXrp(1)).toBe("0.000001");
});

test("a total with a negative amount subtracts it; one that is not an amount leaves the total unknown", () => {
  expect(totalXrp(["2.000000", "-0.500000"])).toBe("1.500000");
  expect(totalXrp(["-1.000000", "-0.500000"])).toBe("-1.500000");
  expect(totalXrp(["1.000000", "abc"])).toBeNull();
});

test.each([
  [5_000_000, "5"],
  [22_800_000, "22.8"],
  [100_000_000, "100"],
  [1, "0.000001"],
  [100_000, "0.1"],
  [0, "0"],
  [-1_500_000, "-1.5"],
  [-1, "-0.000001"],
  [-10_000_000, "-10"],
])("plainXrp(%d) = %s", (drops, text) => expect(plainXrp(drops)).toBe(text));
