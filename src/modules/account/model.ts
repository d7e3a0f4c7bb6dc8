// What the account's calls accept and answer: body and query schemas with the product's messages,
// the views of a user (as themselves, in the admin's list, beside a claim) and of their history,
// and the account's own errors.
import { t } from "elysia";
import type { FaucetRequest, Reward, User } from "../../db/schema.ts";
import { jsonBody, text } from "../../http/body.ts";
import { badRequest, conflict, tooManyRequests, unauthorized } from "../../http/errors.ts";
import { waitText } from "../../lib/time.ts";
import { formatXrp } from "../../money.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../auth/passwords.ts";

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
export const LOGIN_FAILED = "Invalid username or password";
export const NOT_LOGGED_IN = "Not logged in";
export const LOGGED_OUT = "Logged out successfully";
export const MESSAGES = {
  username: "Username must be 3-32 characters: letters, digits, _ . or -",
  email: "Please enter a valid email address",
  password: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  required: "Username and password are required",
  taken: "That username is already taken",
  loginsAtOnce: "Too many login attempts at once. Please try again in a moment.",
  registrationsAtOnce: "Too many registrations at once. Please try again in a moment.",
} as const;

// The body limit (64 KiB) bounds these fields; their lengths are the service's rules (a username is
// trimmed first, a password that is too long has its own message, a login name past 64 characters is
// a failed login), so the schema only types them. A value of another type gets the message the
// service would give the empty field.
const ANY_LENGTH = 64 * 1024;
export const registerBody = jsonBody({
  username: text(ANY_LENGTH, MESSAGES.username),
  email: text(ANY_LENGTH, MESSAGES.email),
  password: text(ANY_LENGTH, MESSAGES.password),
});
export const loginBody = jsonBody({
  username: text(ANY_LENGTH, MESSAGES.required),
  password: text(ANY_LENGTH, MESSAGES.required),
});
// The admin's list of users: a page number (anything else reads as page 1) and a search text.
export const usersQuery = t.Object(
  {
    page: t.Optional(t.String({ error: "page must be a number" })),
    search: t.Optional(t.String({ error: "search must be text" })),
  },
  { additionalProperties: true },
);

export interface Credentials {
  username?: string | null;
  password?: string | null;
  email?: string | null;
}

// The headers are the ones these answers always had: the generic code of their status, and
// USERNAME_TAKEN for the name taken (a race included).
export const accountErrors = {
  invalidUsername: () => badRequest(MESSAGES.username),
  invalidEmail: () => badRequest(MESSAGES.email),
  passwordTooShort: () => badRequest(MESSAGES.password),
  passwordTooLong: () => badRequest(MESSAGES.passwordTooLong),
  credentialsRequired: () => badRequest(MESSAGES.required),
  usernameTaken: () => conflict(MESSAGES.taken, "USERNAME_TAKEN"),
  loginFailed: () => unauthorized(LOGIN_FAILED),
  tooManyFailedLogins: (retryAfterSeconds: number) =>
    tooManyRequests(`Too many failed logins. Please try again ${waitText(retryAfterSeconds * 1000)}.`, retryAfterSeconds),
  loginsAtOnce: () => tooManyRequests(MESSAGES.loginsAtOnce, 2),
  registrationsAtOnce: () => tooManyRequests(MESSAGES.registrationsAtOnce, 2),
  tooManyAccounts: (waitMs: number) => tooManyRequests(`Too many new accounts from your network. Please try again ${waitText(waitMs)}.`, waitMs / 1000),
};

const iso = (ms: number) => new Date(ms).toISOString();

// The columns of a user that the API shows: never the password hash.
export type PublicUserRow = Pick<User, "id" | "username" | "email" | "isAdmin" | "xrpAddress" | "points" | "totalClaimedDrops" | "dailyStreak" | "lastClaimAt">;

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

// A user in the admin's list: as the API shows them, and when they registered.
export type AdminUserRow = PublicUserRow & Pick<User, "createdAt">;
export const adminUserView = ({ createdAt, ...user }: AdminUserRow) => ({ ...publicUser(user), createdAt: iso(createdAt) });

// The totals the admin's user cards show.
export interface UserSummaryRow {
  owed: number | null;
  users: number;
  wallets: number | null;
  active: number | null;
  pendingRewards: number;
}
export const userSummaryView = (s: UserSummaryRow) => ({
  totalOwed: formatXrp(s.owed ?? 0),
  totalUsers: s.users,
  usersWithWallet: s.wallets ?? 0,
  activeUsers: s.active ?? 0,
  pendingRewards: s.pendingRewards,
});

// A user's own faucet requests and rewards, as their history pages show them.
// The admin's reason reaches the user: `rejectReason` of a REJECTED request, `denyReason` of a DENIED reward.
export type FaucetRequestHistoryRow = Pick<FaucetRequest, "id" | "status" | "amountDrops" | "createdAt" | "reason" | "rejectReason" | "txHash">;
export const faucetRequestHistoryView = (r: FaucetRequestHistoryRow) => ({
  id: r.id,
  status: r.status,
  amount: formatXrp(r.amountDrops),
  createdAt: iso(r.createdAt),
  reason: r.reason,
  rejectReason: r.status === "REJECTED" ? r.rejectReason : null,
  txHash: r.txHash,
});
export type RewardHistoryRow = Pick<Reward, "id" | "type" | "platform" | "status" | "amountDrops" | "createdAt" | "denyReason" | "txHash">;
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

// The answer to the admin's "pay": paid (200), on its way (202) or failed (422).
export function paymentAnswer<P extends { status: string; error: string | null }>(payout: P) {
  if (payout.status === "SUCCESS") return { status: 200, body: { message: "XRP has been sent to the user.", payout } };
  if (payout.status === "PENDING") {
    return { status: 202, body: { message: "The payment is on its way to the ledger; its status updates when a ledger validates it.", payout } };
  }
  return { status: 422, body: { message: payout.error ?? "The payment failed", payout } };
}
