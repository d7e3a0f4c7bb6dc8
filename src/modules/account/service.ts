// Accounts: registration (registration.ts), login (login.ts), logout, the admin seed, what a user
// reads about themselves (signed-in.ts), their settings and password (settings.ts). Failed sign-ins
// are told to the owner (failed-sign-ins.ts). (Reset links: modules/password-reset.)
import {
  hashPassword,
  MIN_ADMIN_PASSWORD_LENGTH,
  newPasswordProblem,
  type PasswordCost,
} from "../../auth/passwords.ts";
import { createHashGate, type HashGate } from "../../auth/hash-gate.ts";
import type { SessionOrigin, SessionService } from "../../auth/sessions.ts";
import type { LoginThrottle } from "../../auth/throttle.ts";
import type { Db } from "../../db/client.ts";
import type { User } from "../../db/schema.ts";
import { type IpGrouping, ipNetworks } from "../../lib/ip-group.ts";
import { EMAIL_PATTERN } from "../../lib/validation.ts";
import type { CurrentPassword } from "./current-password.ts";
import type { FailedSignInAlert } from "./failed-sign-ins.ts";
import { createLogin } from "./login.ts";
import { accountErrors, MESSAGES, publicUser, USERNAME_PATTERN } from "./model.ts";
import { createRegistration } from "./registration.ts";
import { createAccountRepository } from "./repository.ts";
import { LANGUAGES, type Language, languageOf } from "../../shared/languages.ts";
import { createSettings } from "./settings.ts";
import { createSignIn, NO_SECOND_FACTOR, type SecondFactor } from "./signed-in.ts";

export { LOGIN_REFUSAL_HOLD_MS } from "./login.ts";
export type { Session } from "./signed-in.ts";

// What the account service reads from the faucet settings (modules/settings), on every request.
export interface AccountLimits {
  ipGrouping: IpGrouping | string;
  accountsPerHour: number;
  accountsPerDay: number;
}
const DEFAULT_LIMITS: AccountLimits = { ipGrouping: "address", accountsPerHour: 5, accountsPerDay: 20 };

export interface AccountDeps {
  db: Db;
  clock: () => number;
  sessions: SessionService;
  throttle: LoginThrottle;
  passwordCost?: PasswordCost;
  limits?: () => AccountLimits;
  hashGate?: HashGate;
  // two-factor sign-in (modules/two-factor): whether a user has it, the login's code check, and
  // what GET /api/user says of it
  secondFactor?: SecondFactor;
  // the check of the current password (current-password.ts), shared with two-factor
  currentPassword: CurrentPassword;
  // what a failed sign-in tells the account's owner (failed-sign-ins.ts)
  failedSignIn: FailedSignInAlert;
  // told of every sign-in (modules/sessions: the admins' sign-in alerts)
  onSignIn?: (user: User, origin: SessionOrigin) => void;
  // how long a refused login is held before its answer (LOGIN_REFUSAL_HOLD_MS; 0: answered at once)
  refusalHoldMs?: number;
}

export function createAccountService({
  db,
  clock,
  sessions,
  throttle,
  passwordCost,
  limits = () => DEFAULT_LIMITS,
  hashGate = createHashGate(),
  secondFactor = NO_SECOND_FACTOR,
  currentPassword,
  failedSignIn,
  onSignIn = () => {},
  refusalHoldMs = 0,
}: AccountDeps) {
  const repo = createAccountRepository(db);
  const networksOf = (ip: string) => ipNetworks(ip, limits().ipGrouping as IpGrouping);
  const { me, withSession } = createSignIn({ repo, sessions, secondFactor, onSignIn, networksOf });
  // What the parts below share: each takes the few it needs.
  const parts = {
    db,
    clock,
    repo,
    throttle,
    hashGate,
    passwordCost,
    limits,
    secondFactor,
    networksOf,
    me,
    withSession,
    failedSignIn,
    currentPassword,
    refusalHoldMs,
  };
  const register = createRegistration(parts);
  const { login, loginProofFactor } = createLogin(parts);
  const { updateSettings, changePassword } = createSettings(parts);

  return {
    register,
    login,
    loginProofFactor,

    // Ends the session of this token on the server (nothing when there is none).
    logout(token: string | undefined): void {
      if (token) sessions.invalidate(token);
    },

    me,
    updateSettings,
    changePassword,
    confirmPassword: currentPassword.confirmPassword,

    // What a logged-in user reads about themselves, newest first (at most 200 of each).
    faucetRequestHistory: (userId: number) => repo.faucetHistory(userId),

    // The language a user chose (their e-mails' and, at a login without one, the page's), or null.
    languageOf: (userId: number): Language | null => languageOf(repo.userById(userId)?.language),
    // Sets it: a code of shared/languages.ts exactly, else the refusal.
    setLanguage(userId: number, language: unknown): { language: Language } {
      const code = LANGUAGES.find((l) => l.code === language)?.code;
      if (!code) throw accountErrors.invalidLanguage();
      repo.setLanguage(userId, code);
      return { language: code };
    },
    rewardHistory: (userId: number) => repo.rewardHistory(userId),

    // Users as the API shows them, by id (each once, in id order): who is behind a list of claims.
    publicUsersByIds: (ids: number[]) => repo.byIds([...new Set(ids)]).map(publicUser),
  };
}
export type AccountService = ReturnType<typeof createAccountService>;

// Creates the admin, or makes an existing user admin with a new password (and the email, when one
// is given). Returns what it did. The command line's --seed-admin, without the rest of the service.
export async function seedAdminAccount(
  { db, clock, passwordCost }: { db: Db; clock: () => number; passwordCost?: PasswordCost },
  input: { username: string; email: string | null; password: string },
) {
  const username = input.username.trim();
  if (!USERNAME_PATTERN.test(username)) throw new Error(MESSAGES.username);
  if (input.email !== null && !EMAIL_PATTERN.test(input.email.trim())) throw new Error(MESSAGES.email);
  const email = input.email?.trim() || `${username.toLowerCase()}@localhost`;
  const weak = await newPasswordProblem(input.password, { username, email }, MIN_ADMIN_PASSWORD_LENGTH);
  if (weak) throw new Error(weak);
  const passwordHash = await hashPassword(input.password, passwordCost);
  const repo = createAccountRepository(db);
  const existing = repo.byUsername(username);
  if (!existing)
    return {
      action: "created" as const,
      user: repo.insertAdmin({ username, email, passwordHash, createdAt: clock() }),
    };
  return {
    action: "updated" as const,
    user: repo.promoteToAdmin(existing.id, passwordHash, input.email ? email : null),
  };
}
