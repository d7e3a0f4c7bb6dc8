// The codes two-factor sign-in hands out besides the authenticator's: recovery codes and the
// admin's setup code, as they are made, typed and stored (only a SHA-256 of each).
import { RECOVERY_CODE_COUNT } from "./model.ts";

// Recovery codes: ten letters and digits in two groups (about 50 bits), e.g. "k3f9q-7m2xw".
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}
export const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

// The admin's setup code: sixteen in four groups (about 79 bits), e.g. "k3f9-q7m2-xwab-cd45".
export function newSetupCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join("");
  return chars.match(/.{4}/g)!.join("-");
}

// A recovery or setup code as typed (any case, with or without its dashes), as compared.
export const normalRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");
// What is stored of a recovery or setup code.
export const hashOf = (code: string) => new Bun.CryptoHasher("sha256").update(normalRecoveryCode(code)).digest("hex");
// A code as entered, without its spaces.
export const codeText = (code: string | null | undefined) => (code ?? "").trim().replace(/\s+/g, "");
