// The social-bonus address rules of the dashboard (spec section 5); the server checks the checksum too.
import { ADDRESS_INVALID } from "../../../../src/shared/social-bonus";
import { t } from "../../i18n";

export { ADDRESS_INVALID };
export const WALLET_PATTERN = /^r[A-Za-z0-9]{24,34}$/;
export const ADDRESS_REQUIRED = "XRP wallet address is required";

// The trimmed address, or the message to show next to the field (in the page's language: the
// constants above are its English).
export function checkBonusAddress(input: string): { address: string; error: null } | { address: null; error: string } {
  const address = input.trim();
  if (!address) return { address: null, error: t("earn.form.required") };
  if (!WALLET_PATTERN.test(address)) return { address: null, error: t("earn.form.invalid") };
  return { address, error: null };
}

// "1A2B3C4D…" for a transaction hash in the user's lists (8 characters, spec section 9).
export function shortHash(hash: string, length = 8): string {
  return hash.length > length ? `${hash.slice(0, length)}…` : hash;
}
