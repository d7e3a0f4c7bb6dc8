// What the account's calls accept and answer: body and query schemas with the product's messages,
// the views of a user (as themselves, in the admin's list, beside a claim) and of their history,
// and the account's own errors.
import { t } from "elysia";
import type { FaucetRequest, Reward, User } from "../../db/schema.ts";
import { jsonBody, text } from "../../http/body.ts";
import { appError, badRequest, conflict, notFound, tooManyRequests, unauthorized } from "../../lib/errors.ts";
import type { Said } from "../../lib/errors.ts";
import { iso } from "../../lib/time.ts";
import { formatXrp } from "../../shared/money.ts";
import { MIN_PASSWORD_LENGTH, newPasswordProblem } from "../../auth/passwords.ts";
import {
  issueText,
  MAX_PASSWORD_LENGTH,
  MIN_ADMIN_PASSWORD_LENGTH,
  PASSWORD_TOO_LONG,
  PASSWORD_WARNING_IDS,
  type PasswordIssue,
  type PasswordOwner,
  type PasswordWarning,
  plainPasswordProblem,
} from "../../shared/password-rule.ts";
import { INVALID_ADDRESS } from "../../shared/forms.ts";
import { INVALID_EMAIL } from "../../shared/email.ts";
import { type Language, LANGUAGES } from "../../shared/languages.ts";
import { known, said, type ServerMessageId, translate } from "../i18n/messages.ts";
import { waitIn } from "../i18n/values.ts";
import type { TwoFactorStatus } from "../two-factor/model.ts";

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
export const LOGIN_FAILED = "Invalid username or password";
// with two-factor sign-in: the password's step, and one answer for a wrong password or a wrong code
export const LOGIN_CODE_NEEDED = "Enter the 6-digit code from your authenticator app, or a recovery code";
export const LOGIN_WITH_CODE_FAILED = "Invalid username, password or code";
// An account an admin disabled (the user file): its right password and code are refused with this.
export const ACCOUNT_DISABLED = "This account is disabled. Contact the site's team if you think it should not be.";
export const NOT_LOGGED_IN = "Not logged in";
export const LOGGED_OUT = "Logged out successfully";
export const MESSAGES = {
  username: "Username must be 3-32 characters: letters, digits, _ . or -",
  email: INVALID_EMAIL,
  password: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  passwordTooLong: PASSWORD_TOO_LONG,
  required: "Username and password are required",
  taken: "That username is already taken",
  loginsAtOnce: "Too many login attempts at once. Please try again in a moment.",
  registrationsAtOnce: "Too many registrations at once. Please try again in a moment.",
} as const;

// The body limit (64 KiB) bounds these fields; their lengths are the service's rules (a username is
// trimmed first, a password that is too long has its own message, a login name past 64 characters is
// a failed login), so the schema only types them. A value of another type gets the message the
// service would give the empty field.
export const ANY_LENGTH = 64 * 1024;
export const registerBody = jsonBody({
  username: text(ANY_LENGTH, MESSAGES.username),
  email: text(ANY_LENGTH, MESSAGES.email),
  password: text(ANY_LENGTH, MESSAGES.password),
});
export const loginBody = jsonBody({
  username: text(ANY_LENGTH, MESSAGES.required),
  password: text(ANY_LENGTH, MESSAGES.required),
  // the two-factor code (or a recovery code), for an account that has it on
  code: text(64, LOGIN_CODE_NEEDED),
});
// Account settings, password change and password reset (PATCH /api/user, POST /api/user/password,
// POST /api/password-reset, POST /api/password-reset/request).
export const SELF_SERVICE = {
  tag: "Destination tag must be a whole number from 0 to 4294967295",
  wrongPassword: "Your current password is not correct",
  currentRequired: "Please enter your current password",
  passwordChanged: "Your password was changed. Your other sessions were logged out.",
  resetInvalid: "This reset link is invalid or has expired.",
  resetDone: "Your password was reset. Please log in with your new password.",
  resetRequested: "If an account exists for that email, we've sent a link to reset its password.",
  mailOff: "Password reset by email is not available on this site. Contact the site's admin to reset your password.",
  resetFlood: "Too many password reset requests from your network. Please try again later.",
  nothingToChange: "Nothing to change: send email, xrpAddress or destinationTag",
} as const;
export const MAX_DESTINATION_TAG = 4_294_967_295;
export const settingsBody = jsonBody({
  email: text(ANY_LENGTH, MESSAGES.email),
  currentPassword: text(ANY_LENGTH, SELF_SERVICE.currentRequired),
  xrpAddress: text(ANY_LENGTH, INVALID_ADDRESS),
  destinationTag: t.Optional(
    t.Union([t.Integer({ minimum: 0, maximum: MAX_DESTINATION_TAG }), t.Literal(""), t.Null()], {
      error: SELF_SERVICE.tag,
    }),
  ),
});
export const passwordChangeBody = jsonBody({
  currentPassword: text(ANY_LENGTH, SELF_SERVICE.currentRequired),
  newPassword: text(ANY_LENGTH, MESSAGES.password),
});
export interface SettingsInput {
  email?: string | null;
  // needed when the email changes
  currentPassword?: string | null;
  xrpAddress?: string | null;
  destinationTag?: number | "" | null;
}

export interface Credentials {
  username?: string | null;
  password?: string | null;
  email?: string | null;
  code?: string | null;
}

// The headers are the ones these answers always had: the generic code of their status, and
// USERNAME_TAKEN for the name taken (a race included).
export const languageBody = jsonBody({ language: text(10, "language must be a language's code") });

export const accountErrors = {
  invalidLanguage: () =>
    badRequest(
      said("server.account.invalidLanguage", { languages: LANGUAGES.map((l) => l.code).join(", ") }),
      "INVALID_LANGUAGE",
    ),
  invalidUsername: () => badRequest(MESSAGES.username),
  // (its own code: the registration form shows it under the email field)
  invalidEmail: () => badRequest(MESSAGES.email, "INVALID_EMAIL"),
  credentialsRequired: () => badRequest(MESSAGES.required),
  usernameTaken: () => conflict(MESSAGES.taken, "USERNAME_TAKEN"),
  loginFailed: () => unauthorized(LOGIN_FAILED),
  loginCodeNeeded: () => appError(401, "TWO_FACTOR_REQUIRED", LOGIN_CODE_NEEDED),
  loginWithCodeFailed: () => appError(401, "LOGIN_FAILED", LOGIN_WITH_CODE_FAILED),
  accountDisabled: () => appError(403, "ACCOUNT_DISABLED", ACCOUNT_DISABLED),
  tooManyFailedLogins: (retryAfterSeconds: number) =>
    tooManyRequests(
      said("server.account.failedLoginsWait", { wait: waitIn(retryAfterSeconds * 1000, Date.now()) }),
      retryAfterSeconds,
    ),
  loginsAtOnce: () => tooManyRequests(MESSAGES.loginsAtOnce, 2),
  registrationsAtOnce: () => tooManyRequests(MESSAGES.registrationsAtOnce, 2),
  // account settings and passwords: each field's own code, so a form shows the error under its field
  invalidSettingsEmail: () => badRequest(MESSAGES.email, "INVALID_EMAIL"),
  invalidAddress: () => badRequest(INVALID_ADDRESS, "INVALID_ADDRESS"),
  invalidTag: () => badRequest(SELF_SERVICE.tag, "INVALID_TAG"),
  nothingToChange: () => badRequest(SELF_SERVICE.nothingToChange),
  // a new password the rule refuses (src/shared/password-rule.ts), with the rule's reason
  weakPassword: (message: string) => badRequest(message, "WEAK_PASSWORD"),
  currentRequired: () => badRequest(SELF_SERVICE.currentRequired, "WRONG_PASSWORD"),
  wrongPassword: () => badRequest(SELF_SERVICE.wrongPassword, "WRONG_PASSWORD"),
  tooManyWrongPasswords: (retryAfterSeconds: number) =>
    tooManyRequests(
      said("server.account.wrongPasswordsWait", { wait: waitIn(retryAfterSeconds * 1000, Date.now()) }),
      retryAfterSeconds,
    ),
  resetInvalid: () => badRequest(SELF_SERVICE.resetInvalid, "RESET_LINK_INVALID"),
  mailOff: () => appError(503, "MAIL_OFF", SELF_SERVICE.mailOff),
  userNotFound: () => notFound("User not found"),
  tooManyAccounts: (waitMs: number) =>
    tooManyRequests(said("server.account.newAccountsWait", { wait: waitIn(waitMs, Date.now()) }), waitMs / 1000),
};

// The password rule's refusals (shared/password-rule.ts) in the words of the web's hint (the `auth`
// catalog), found by their English (`known`); a warning the rule does not word stays as the
// estimator says it.
const PASSWORD_WARNINGS: Record<PasswordWarning, ServerMessageId> = PASSWORD_WARNING_IDS;
function passwordSaid(issue: PasswordIssue): Said {
  switch (issue.kind) {
    case "tooShort":
      return said("auth.password.tooShort", { minLength: issue.minLength });
    case "tooLong":
      return said("auth.password.tooLong", { maxLength: issue.maxLength });
    case "username":
      return said("auth.password.hasUsername");
    case "email":
      return said("auth.password.hasEmail");
    case "siteName":
      return said("auth.password.siteName");
    case "guessable": {
      const warning = issue.warning && PASSWORD_WARNINGS[issue.warning];
      return warning
        ? said("auth.password.guessableBecause", { reason: (language: Language) => translate(language, warning) })
        : said("auth.password.guessable");
    }
  }
}
const PASSWORD_ISSUES: PasswordIssue[] = [
  { kind: "tooShort", minLength: MIN_PASSWORD_LENGTH },
  { kind: "tooShort", minLength: MIN_ADMIN_PASSWORD_LENGTH },
  { kind: "tooLong", maxLength: MAX_PASSWORD_LENGTH },
  { kind: "username" },
  { kind: "email" },
  { kind: "siteName" },
  { kind: "guessable", warning: null },
  ...(Object.keys(PASSWORD_WARNINGS) as PasswordWarning[]).map((warning) => ({ kind: "guessable" as const, warning })),
];
// (each with the rule's own English: the English answer is the rule's sentence whatever the catalog)
for (const issue of PASSWORD_ISSUES) known({ ...passwordSaid(issue), text: issueText(issue) });

// The columns of a user that the API shows: never the password hash.
export type PublicUserRow = Pick<
  User,
  | "id"
  | "username"
  | "email"
  | "isAdmin"
  | "xrpAddress"
  | "points"
  | "totalClaimedDrops"
  | "dailyStreak"
  | "lastClaimAt"
>;

// The user as the API shows it (product.md section 3). `drops` is the points balance.
export function publicUser(user: PublicUserRow) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    isAdmin: user.isAdmin,
    xrpAddress: user.xrpAddress,
    drops: user.points,
    totalClaimed: formatXrp(user.totalClaimedDrops),
    dailyStreak: user.dailyStreak,
    lastClaim: user.lastClaimAt === null ? null : iso(user.lastClaimAt),
  };
}
export type PublicUser = ReturnType<typeof publicUser>;

// The logged-in user as GET /api/user and PATCH /api/user answer: as the API shows them, with the
// payout address's destination tag and what has been paid to them (validated on the ledger).
export const selfView = (user: User, paidDrops: number, twoFactor: TwoFactorStatus) => ({
  ...publicUser(user),
  destinationTag: user.xrpDestinationTag,
  paid: formatXrp(paidDrops),
  twoFactor,
});

// A user's own faucet requests and rewards, as their history pages show them.
// The admin's reason reaches the user: `rejectReason` of a REJECTED request, `denyReason` of a DENIED reward.
export type FaucetRequestHistoryRow = Pick<
  FaucetRequest,
  "id" | "status" | "amountDrops" | "createdAt" | "reason" | "rejectReason" | "txHash"
>;
export const faucetRequestHistoryView = (r: FaucetRequestHistoryRow) => ({
  id: r.id,
  status: r.status,
  amount: formatXrp(r.amountDrops),
  createdAt: iso(r.createdAt),
  reason: r.reason,
  rejectReason: r.status === "REJECTED" ? r.rejectReason : null,
  txHash: r.txHash,
});
export type RewardHistoryRow = Pick<
  Reward,
  "id" | "type" | "platform" | "status" | "amountDrops" | "createdAt" | "denyReason" | "txHash"
>;
export const rewardHistoryView = (r: RewardHistoryRow) => ({
  id: r.id,
  type: r.type,
  platform: r.platform,
  status: r.status,
  amount: formatXrp(r.amountDrops),
  createdAt: iso(r.createdAt),
  denyReason: r.status === "DENIED" ? r.denyReason : null,
  txHash: r.txHash,
});

// A new password of `owner` (a registration's, a change's or a reset link's) as far as the rule goes
// without its estimator: the length and the owner's name or email; else 400 WEAK_PASSWORD with the
// reason. Cheap and synchronous: said before anything waits.
export function plainNewPassword(value: string | null | undefined, owner: PasswordOwner): string {
  const password = value ?? "";
  const problem = plainPasswordProblem(password, owner);
  if (problem) throw accountErrors.weakPassword(problem);
  return password;
}

// ... and judged by the estimator too (loaded at the first one; a few ms a password after that).
export async function newPasswordOf(value: string | null | undefined, owner: PasswordOwner): Promise<string> {
  const password = plainNewPassword(value, owner);
  const problem = await newPasswordProblem(password, owner);
  if (problem) throw accountErrors.weakPassword(problem);
  return password;
}
