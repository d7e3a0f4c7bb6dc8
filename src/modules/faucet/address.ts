import { isValidClassicAddress, isValidXAddress, xAddressToClassicAddress } from "ripple-address-codec";
import { INVALID_ADDRESS } from "../../shared/forms.ts";

export interface LedgerAddress {
  address: string; // classic r-address
  tag: number | null; // destination tag (from an X-address)
}

export { INVALID_ADDRESS };

// A classic address with a valid checksum, or an X-address (split into address and tag).
export function parseLedgerAddress(input: unknown): LedgerAddress | null {
  if (typeof input !== "string") return null;
  const text = input.trim();
  if (text.length < 25 || text.length > 60) return null;
  if (text.startsWith("r")) return isValidClassicAddress(text) ? { address: text, tag: null } : null;
  if (isValidXAddress(text)) {
    const { classicAddress, tag } = xAddressToClassicAddress(text);
    return { address: classicAddress, tag: tag === false ? null : tag };
  }
  return null;
}
