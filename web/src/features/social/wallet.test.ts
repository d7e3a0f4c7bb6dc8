import { describe, expect, test } from "bun:test";
import { ADDRESS_INVALID, ADDRESS_REQUIRED, checkBonusAddress, shortHash } from "./wallet";

describe("checkBonusAddress", () => {
  test.each([
    { input: "", error: ADDRESS_REQUIRED },
    { input: "   ", error: ADDRESS_REQUIRED },
    { input: "xHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", error: ADDRESS_INVALID },
    { input: "rShort", error: ADDRESS_INVALID },
    { input: "rHb9CJAWyB4rj91VRWn96Dkuk-4bwdtyTh", error: ADDRESS_INVALID },
    { input: `r${"a".repeat(35)}`, error: ADDRESS_INVALID },
  ])("'$input' -> $error", ({ input, error }) => {
    expect(checkBonusAddress(input)).toEqual({ address: null, error });
  });

  test("a valid address is trimmed", () => {
    expect(checkBonusAddress("  rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh ")).toEqual({
      address: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh",
      error: null,
    });
    expect(checkBonusAddress(`r${"a".repeat(24)}`).error).toBeNull();
  });
});

test("shortHash keeps the first 8 characters", () => {
  expect(shortHash("E3FE6EA3D48F0C2B639448020EA4F03D4F4F8FFDB243A852A0F59177921B4879")).toBe("E3FE6EA3…");
  expect(shortHash("ABC")).toBe("ABC");
});
