// Step-up: an admin with two-factor sign-in approves, pays, raises a limit or unblocks only with a
// code entered in this session in the last 5 minutes (at login or in the confirmation dialog: POST
// /api/user/step-up). An admin without it is either in a server that does not require it (sandbox,
// no wallet) or refused everything until it is set up (TWO_FACTOR_SETUP).
// Handing an account to someone (a password-reset link) needs that fresh code too, and from an admin
// without two-factor sign-in, the password entered again in the last 5 minutes (a stolen session
// does not know it).
import type { User } from "../db/schema.ts";
import { appError } from "../lib/errors.ts";
import type { SessionInfo } from "./sessions.ts";

export const STEP_UP_MS = 5 * 60_000;
export const STEP_UP_REQUIRED = "Enter a code from your authenticator app to confirm this.";
export const PASSWORD_STEP_UP_REQUIRED = "Enter your password to confirm this.";
export const TWO_FACTOR_SETUP = "Set up two-factor sign-in on your settings page before using the admin screens.";

// A code (for an account without two-factor sign-in, the password) entered in this session in the
// last 5 minutes; with two-factor sign-in, only one entered since it was turned on (a password
// confirmed just before is not a code).
export const freshlyConfirmed = (
  user: Pick<User, "totpEnabledAt">,
  session: SessionInfo | null,
  now: number,
): boolean =>
  session?.steppedUpAt != null &&
  now - session.steppedUpAt <= STEP_UP_MS &&
  (user.totpEnabledAt === null || session.steppedUpAt >= user.totpEnabledAt);

// What money needs: a fresh code from an admin with two-factor sign-in (nothing from one without).
export const stepUpDone = (user: Pick<User, "totpEnabledAt">, session: SessionInfo | null, now: number): boolean =>
  user.totpEnabledAt === null || freshlyConfirmed(user, session, now);

// Services call this before moving money or loosening a limit.
export function requireStepUp(actor: { stepUpDone?: boolean }): void {
  if (actor.stepUpDone === false) throw appError(403, "STEP_UP_REQUIRED", STEP_UP_REQUIRED);
}

// Services call this before handing an account to someone: a fresh code, or without two-factor
// sign-in the password. (The same 403 STEP_UP_REQUIRED: the web's dialog asks for what the admin has.)
export function requireFreshConfirmation(actor: { confirmed?: boolean; twoFactor?: boolean }): void {
  if (actor.confirmed !== true)
    throw appError(403, "STEP_UP_REQUIRED", actor.twoFactor === false ? PASSWORD_STEP_UP_REQUIRED : STEP_UP_REQUIRED);
}

export const twoFactorSetupRequired = () => appError(403, "TWO_FACTOR_SETUP_REQUIRED", TWO_FACTOR_SETUP);
