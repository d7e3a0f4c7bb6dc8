// The confirmation dialog's total is summed in the browser with src/shared/money.ts (its tests are there).
import { expect, test } from "bun:test";
import { shortAddress } from "./ui";

test("an address is shortened to its first 6 and last 4 characters", () => {
  expect(shortAddress("rwoP6xjxsLck9QuVL7NtpgYN9F12zdHRqe")).toBe("rwoP6x...HRqe");
});
