// Step-up for money: an admin with two-factor sign-in approves, pays, raises a limit or unblocks
// only with a code entered in this session in the last 5 minutes (at login or in the confirmation
// dialog: POST /api/user/step-up). An admin without it is either in a server that does not require
// it (sandbox, no wallet) or refused everything until it is set up (TWO_FACTOR_SETUP).
import type { User } from "../db/schema.ts";
import { appError } from "../lib/errors.ts";
import type { SessionInfo } from "./sessions.ts";

export const STEP_UP_MS = 5 * 60_000;
export const STEP_UP_REQUIRED = "Enter a code from your authenticator app to confirm this.";
export const TWO_FACTOR_SETUP = "Set up two-factor sign-in on your settings page before using the admin screens.";

export const stepUpDone = (user: Pick<User, "totpEnabledAt">, session: SessionInfo | null, now: number): boolean =>
  user.totpEnabledAt === null || (session?.steppedUpAt != null && now - session.steppedUpAt <= STEP_UP_MS);

// Services call this before moving money or loosening a limit.
export function requireStepUp(actor: { stepUpDone?: boolean }): void {
  if (actor.stepUpDone === false) throw appError(403, "STEP_UP_REQUIRED", STEP_UP_REQUIRED);
}

export const twoFactorSetupRequired = () => appError(403, "TWO_FACTOR_SETUP_REQUIRED", TWO_FACTOR_SETUP);
