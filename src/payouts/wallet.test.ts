import { expect, test } from "bun:test";
import { ECDSA, Wallet } from "xrpl";
import { loadHotWallet } from "./wallet.ts";

test.each([ECDSA.ed25519, ECDSA.secp256k1])("a %s secret loads when it derives the expected address", (algorithm) => {
  const wallet = Wallet.generate(algorithm);
  expect(loadHotWallet(wallet.seed!, wallet.classicAddress).classicAddress).toBe(wallet.classicAddress);
});

test("a secret that derives another address is refused, without echoing the secret", () => {
  const wallet = Wallet.generate();
  const other = Wallet.generate().classicAddress;
  let message = "";
  try {
    loadHotWallet(wallet.seed!, other);
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toContain("refusing to start");
  expect(message).not.toContain(wallet.seed!);
});

test("garbage is refused clearly", () => {
  expect(() => loadHotWallet("not a seed", "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh")).toThrow("not a valid XRPL seed");
});
