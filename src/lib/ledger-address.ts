import type * as AddressCodec from "ripple-address-codec";
import { INVALID_ADDRESS, looksLikeAddress } from "../shared/forms.ts";
import { remembered } from "./remembered.ts";

// Loaded at the first address checked, not at start: the codec's checksum loads node:crypto, a
// noticeable part of the compiled binary's start. A `require` in a function keeps it lazy in the
// bundle and the check synchronous.
let codec: typeof AddressCodec | undefined;
const addressCodec = () => (codec ??= require("ripple-address-codec") as typeof AddressCodec);

export interface LedgerAddress {
  address: string; // classic r-address
  tag: number | null; // destination tag (from an X-address)
}

export { INVALID_ADDRESS };

// The latest texts checked and what they were (a checksum is two SHA-256s: a flood asking for one
// address again and again checks it once).
const PARSED_REMEMBERED = 10_000;
const checked = remembered(PARSED_REMEMBERED, check);

// A classic address with a valid checksum, or an X-address (split into address and tag).
export function parseLedgerAddress(input: unknown): LedgerAddress | null {
  if (typeof input !== "string") return null;
  const text = input.trim();
  // (the shape the browser checks too, before its checksum: a typo of the wrong length costs no hash)
  if (!looksLikeAddress(text)) return null;
  const value = checked(text);
  return value && { ...value };
}

function check(text: string): LedgerAddress | null {
  const { isValidClassicAddress, isValidXAddress, xAddressToClassicAddress } = addressCodec();
  if (text.startsWith("r")) return isValidClassicAddress(text) ? { address: text, tag: null } : null;
  if (isValidXAddress(text)) {
    const { classicAddress, tag } = xAddressToClassicAddress(text);
    return { address: classicAddress, tag: tag === false ? null : tag };
  }
  return null;
}
