// Time-based one-time codes (RFC 6238: SHA-1, 30 s, 6 digits) through otpauth, the QR code through
// uqr. A code is accepted for its own 30 s step and the ones either side (a phone's clock drifts),
// and only for a step after the last one accepted: the same code twice is refused.
import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";

export const TOTP_PERIOD_MS = 30_000;
// the name an authenticator app shows beside the codes when none is given (the site's, two-factor/service.ts)
export const ISSUER = "XRP Faucet";

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, label = "", issuer = ISSUER) =>
  new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_MS / 1000,
    secret: Secret.fromBase32(secret),
  });

export const totpUri = (secret: string, username: string, issuer = ISSUER): string =>
  totpOf(secret, username, issuer).toString();

export const qrSvg = (text: string): string => renderSVG(text, { border: 2 });

// The step the code belongs to, or null when it is not a current code, or not after `lastStep`.
export function acceptedStep(secret: string, code: string, now: number, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / TOTP_PERIOD_MS) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

// The current code (tests and the bench make codes as a phone would).
export const totpCode = (secret: string, at: number): string => totpOf(secret).generate({ timestamp: at });
