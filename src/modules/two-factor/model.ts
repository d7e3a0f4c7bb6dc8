// Two-factor sign-in's words, bodies and answers.
import { jsonBody, text } from "../../http/body.ts";
import { appError, badRequest, conflict, forbidden, notFound, tooManyRequests } from "../../lib/errors.ts";
import { said } from "../i18n/messages.ts";
import { waitIn } from "../i18n/values.ts";

export const RECOVERY_CODE_COUNT = 10;

// Wrong codes for one account, from any network (guesses.ts): the first FREE_WRONG_CODES of a streak
// are checked at once; after the n-th (n >= 5) the next code is checked only 2^(n-4) seconds later
// (2 s, 4 s, 8 s, ...), at most 15 minutes. A streak ends 15 minutes after its wait, without a new
// wrong code. The owner is told once a streak, when it reaches FREE_WRONG_CODES.
export const FREE_WRONG_CODES = 5;
export const MAX_CODE_WAIT_MS = 15 * 60_000;
export const CODE_STREAK_QUIET_MS = 15 * 60_000;
export const codeWaitMs = (failures: number): number =>
  failures < FREE_WRONG_CODES ? 0 : Math.min(2 ** (failures - FREE_WRONG_CODES + 1) * 1000, MAX_CODE_WAIT_MS);

// "Too many wrong codes for this account. Please try again in 8 seconds." (under a minute, in seconds)
const wrongCodesWait = (ms: number) =>
  said("server.twoFactor.wrongCodesWait", { wait: waitIn(ms, Date.now(), { seconds: true }) });

export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app, or a recovery code",
  wrongCode: "That code is not right. Check the time on your phone and enter the newest code.",
  setupCodeRequired: "Enter the setup code that --seed-admin printed on the server's console",
  wrongSetupCode:
    "That setup code is not right, or it has expired or been used. Ask the operator to run --seed-admin on the server's console for a new one.",
  notSetUp: "Start the setup first: scan the QR code, then enter the code your app shows",
  setupAgain: "Too many wrong codes: this setup was cancelled. Start the setup again and scan the new QR code.",
  alreadyOn: "Two-factor sign-in is already on",
  notOn: "Two-factor sign-in is not on",
  requiredForAdmins: "Admins of this server must keep two-factor sign-in on",
  enabled: "Two-factor sign-in is on",
  disabled: "Two-factor sign-in is off",
  notOnForUser: "This user has no two-factor sign-in to reset",
  resetOwn: "Turn off your own two-factor sign-in on your settings page",
  reset: (username: string, ended: number) =>
    `Two-factor sign-in is off for ${username}${ended ? ` and ${ended === 1 ? "their session" : `their ${ended} sessions`} ended` : ""}: they sign in with their password alone and can turn it on again.`,
  wrongCodesWait: (ms: number) => wrongCodesWait(ms).text,
} as const;

export const twoFactorErrors = {
  codeRequired: () => badRequest(TWO_FACTOR_MESSAGES.codeRequired, "CODE_REQUIRED"),
  wrongCode: () => badRequest(TWO_FACTOR_MESSAGES.wrongCode, "WRONG_CODE"),
  setupCodeRequired: () => badRequest(TWO_FACTOR_MESSAGES.setupCodeRequired, "SETUP_CODE_REQUIRED"),
  wrongSetupCode: () => badRequest(TWO_FACTOR_MESSAGES.wrongSetupCode, "WRONG_SETUP_CODE"),
  notSetUp: () => conflict(TWO_FACTOR_MESSAGES.notSetUp, "TWO_FACTOR_NOT_SET_UP"),
  setupAgain: () => badRequest(TWO_FACTOR_MESSAGES.setupAgain, "TWO_FACTOR_SETUP_AGAIN"),
  alreadyOn: () => conflict(TWO_FACTOR_MESSAGES.alreadyOn, "TWO_FACTOR_ON"),
  notOn: () => conflict(TWO_FACTOR_MESSAGES.notOn, "TWO_FACTOR_OFF"),
  notOnForUser: () => conflict(TWO_FACTOR_MESSAGES.notOnForUser, "TWO_FACTOR_OFF"),
  resetOwn: () => badRequest(TWO_FACTOR_MESSAGES.resetOwn, "RESET_OWN_TWO_FACTOR"),
  userNotFound: () => notFound("User not found"),
  requiredForAdmins: () => appError(403, "TWO_FACTOR_REQUIRED_FOR_ADMINS", TWO_FACTOR_MESSAGES.requiredForAdmins),
  wrongCodesWait: (seconds: number) => tooManyRequests(wrongCodesWait(seconds * 1000), seconds, "WRONG_CODES_WAIT"),
  forbidden,
};

export const codeBody = jsonBody({ code: text(64, TWO_FACTOR_MESSAGES.codeRequired) });
// (the body limit bounds the password; the service says what is wrong with it)
const password = text(64 * 1024, "password must be text");
// Setting it up: the password, or for an admin of a server paying real XRP, the console's setup code.
export const setupBody = jsonBody({ password, setupCode: text(64, TWO_FACTOR_MESSAGES.setupCodeRequired) });
// A step-up: a code, or for an account without two-factor sign-in, the password.
export const stepUpBody = jsonBody({ code: text(64, TWO_FACTOR_MESSAGES.codeRequired), password });

// The setup code --seed-admin prints works this long, once.
export const SETUP_CODE_LIFETIME_MS = 24 * 60 * 60_000;

// What GET /api/user says of the user's second factor.
export interface TwoFactorStatus {
  enabled: boolean;
  // an admin of a server that pays real XRP: they must have it (and cannot turn it off)
  required: boolean;
  // ... and have not set it up yet: they may do nothing else until it is
  setupRequired: boolean;
  recoveryCodesLeft: number;
}
