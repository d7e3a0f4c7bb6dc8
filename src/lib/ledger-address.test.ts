// Addresses as every form reads them: a classic address with its checksum, or an X-address split
// into address and tag; the same text asked again answers the same, whatever a caller did with the
// first answer.
import { expect, test } from "bun:test";
import { parseLedgerAddress } from "./ledger-address.ts";

const CLASSIC = "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe";
const X_WITH_TAG = "XV5kHfQmzDQjbFNv4jX3FX9Y7ig5Qh3NstjmNwF2okoHtjP"; // the classic address above, tag 12345

test("classic and X-addresses are read; a wrong checksum, other types and odd lengths are not", () => {
  expect(parseLedgerAddress(CLASSIC)).toEqual({ address: CLASSIC, tag: null });
  expect(parseLedgerAddress(` ${CLASSIC} `)).toEqual({ address: CLASSIC, tag: null });
  expect(parseLedgerAddress(X_WITH_TAG)).toEqual({ address: CLASSIC, tag: 12345 });
  expect(parseLedgerAddress(`${CLASSIC.slice(0, -1)}f`)).toBeNull();
  expect(parseLedgerAddress(42)).toBeNull();
  expect(parseLedgerAddress("r123")).toBeNull();
});

test("asked again, the same text gets the same answer, even after a caller changed the first", () => {
  const first = parseLedgerAddress(CLASSIC)!;
  first.address = "changed";
  first.tag = 7;
  expect(parseLedgerAddress(CLASSIC)).toEqual({ address: CLASSIC, tag: null });
  expect(parseLedgerAddress(`${CLASSIC.slice(0, -1)}f`)).toBeNull();
  expect(parseLedgerAddress(`${CLASSIC.slice(0, -1)}f`)).toBeNull();
});
