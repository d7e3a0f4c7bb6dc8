// The hot wallet: derived from its secret with the secret's own algorithm, and refused when it
// does not derive the address the operator said it should. The secret is never logged.
import { decodeSeed } from "ripple-address-codec";
import { ECDSA, Wallet } from "xrpl";

export function loadHotWallet(seed: string, expectedAddress: string): Wallet {
  let type: string | null;
  try {
    type = decodeSeed(seed).type;
  } catch {
    throw new Error("the hot wallet secret is not a valid XRPL seed (it should start with 's')");
  }
  const wallet = Wallet.fromSeed(seed, { algorithm: type === "ed25519" ? ECDSA.ed25519 : ECDSA.secp256k1 });
  if (wallet.classicAddress !== expectedAddress) {
    throw new Error(
      `the hot wallet secret derives ${wallet.classicAddress}, not XRPL_ADDRESS ${expectedAddress}; refusing to start`,
    );
  }
  return wallet;
}
