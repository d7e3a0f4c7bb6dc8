// The address shape the browser checks before a proof of work: every address the ledger's codec makes
// has it, and what a typo makes of one (a letter missing, a letter the ledger never writes) has not.
import { describe, expect, test } from "bun:test";
import { classicAddressToXAddress, encodeAccountID } from "ripple-address-codec";
import { looksLikeAddress } from "./forms.ts";

const accounts = [
  new Uint8Array(20),
  new Uint8Array(20).fill(255),
  ...Array.from({ length: 200 }, () => crypto.getRandomValues(new Uint8Array(20))),
];

describe("looksLikeAddress", () => {
  test("every classic address and X-address (main and test network, with and without a tag) has the shape", () => {
    for (const id of accounts) {
      const classic = encodeAccountID(id);
      expect(looksLikeAddress(classic)).toBe(true);
      expect(looksLikeAddress(` ${classic} `)).toBe(true);
      for (const tag of [false, 0, 4294967295] as const) {
        expect(looksLikeAddress(classicAddressToXAddress(classic, tag, false))).toBe(true);
        expect(looksLikeAddress(classicAddressToXAddress(classic, tag, true))).toBe(true);
      }
    }
  });

  test("a typo's shape is refused: too short, too long, a letter the ledger never writes, another first letter", () => {
    const classic = encodeAccountID(accounts[2]!);
    for (const typo of [
      "",
      "rNotAnAddress",
      classic.slice(0, 24),
      `${classic}${"a".repeat(36 - classic.length)}`,
      `${classic.slice(0, -1)}0`,
      `${classic.slice(0, -1)}O`,
      `${classic.slice(0, -1)}l`,
      `s${classic.slice(1)}`,
      classicAddressToXAddress(classic, false, false).slice(1),
    ])
      expect(looksLikeAddress(typo)).toBe(false);
  });
});
