// The confirmation dialog's total is summed in the browser: XRP strings (6 decimals, as the server
// sends them) to integer drops and back, never through floating point.
import { expect, test } from "bun:test";
import { dropsToXrp, shortAddress, xrpToDrops } from "./ui";

test("XRP amounts as the server writes them become whole drops", () => {
  expect(xrpToDrops("5.000000")).toBe(5_000_000);
  expect(xrpToDrops("22.8")).toBe(22_800_000);
  expect(xrpToDrops("0.000001")).toBe(1);
  expect(xrpToDrops("100")).toBe(100_000_000);
});

test("a total of many amounts has no floating-point error", () => {
  const amounts = ["0.1", "0.2", "6.031813", "5.369519", "6.703173"];
  expect(dropsToXrp(amounts.reduce((sum, a) => sum + xrpToDrops(a), 0))).toBe("18.404505");
  expect(dropsToXrp(0)).toBe("0.000000");
  expect(dropsToXrp(1)).toBe("0.000001");
});

test("an address is shortened to its first 6 and last 4 characters", () => {
  expect(shortAddress("rwoP6xjxsLck9QuVL7NtpgYN9F12zdHRqe")).toBe("rwoP6x...HRqe");
});
