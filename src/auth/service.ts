// Accounts: registration, login and the admin seed. No Elysia types here.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users, type User } from "../db/schema.ts";
import { badRequest, conflict, HttpError, tooManyRequests } from "../http/errors.ts";
import { EMAIL_PATTERN } from "../lib/validation.ts";
import { formatXrp } from "../money.ts";
import {
  adminPasswordProblem,
  hashPassword,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  verifyPassword,
  type PasswordCost,
} from "./passwords.ts";
import type { LoginThrottle } from "./throttle.ts";

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
const DEFAULT_COST_DUMMY_HASH =
  "$argon2id$v=19$m=65536,t=2,p=1$QPDUTDDM5FgVIJtuf1TehzjNAwnkFc1FnBRAeM+eQ88$16rnUfJmGoLupTwAXzAViBAOht5PHCQucGcEhFuRu+Y";
export const LOGIN_FAILED = "Invalid username or password";
export const MESSAGES = {
  username: "Username must be 3-32 characters: letters, digits, _ . or -",
  email: "Please enter a valid email address",
  password: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  required: "Username and password are required",
  taken: "That username is already taken",
} as const;

// The user as the API shows it (product.md section 3). `drops` is the points balance.
export function publicUser(user: User) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    isAdmin: user.isAdmin,
    xrpAddress: user.xrpAddress,
    drops: user.points,
    totalClaimed: formatXrp(user.totalClaimedDrops),
    dailyStreak: user.dailyStreak,
    lastClaim: user.lastClaimAt === null ? null : new Date(user.lastClaimAt).toISOString(),
  };
}
export type PublicUser = ReturnType<typeof publicUser>;

export interface AccountDeps {
  db: Db;
  clock: () => number;
  throttle: LoginThrottle;
  passwordCost?: PasswordCost;
}

export interface Credentials {
  username?: unknown;
  password?: unknown;
  email?: unknown;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function createAccountService({ db, clock, throttle, passwordCost }: AccountDeps) {
  const byUsername = db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${sql.placeholder("username")})`)
    .prepare();
  // Verified when the username is unknown, so both failures take the same time. With the default
  // cost it is a constant, so start-up does not spend 64 MiB and a hash on it.
  let dummyHash: Promise<string> | null = passwordCost ? null : Promise.resolve(DEFAULT_COST_DUMMY_HASH);
  const dummy = () => (dummyHash ??= hashPassword("unused: a password nobody has", passwordCost));

  return {
    findByUsername(username: string): User | undefined {
      return byUsername.get({ username });
    },

    async register(input: Credentials): Promise<User> {
      const username = text(input.username).trim();
      const email = text(input.email).trim();
      const password = text(input.password);
      if (!USERNAME_PATTERN.test(username)) throw badRequest(MESSAGES.username);
      if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw badRequest(MESSAGES.email);
      if (password.length < MIN_PASSWORD_LENGTH) throw badRequest(MESSAGES.password);
      if (password.length > MAX_PASSWORD_LENGTH) throw badRequest(MESSAGES.passwordTooLong);
      if (byUsername.get({ username })) throw conflict(MESSAGES.taken);
      const passwordHash = await hashPassword(password, passwordCost);
      try {
        return db.insert(users).values({ username, email, passwordHash, createdAt: clock() }).returning().get();
      } catch (error) {
        // Two registrations of one name at once: the unique index decides.
        if (String(error).includes("UNIQUE")) throw conflict(MESSAGES.taken);
        throw error;
      }
    },

    async login(input: Credentials, ip: string): Promise<User> {
      const username = text(input.username).trim();
      const password = text(input.password);
      if (!username || !password) throw badRequest(MESSAGES.required);
      if (username.length > 64 || password.length > MAX_PASSWORD_LENGTH) throw new HttpError(401, LOGIN_FAILED);
      const wait = throttle.retryAfter(ip, username);
      if (wait > 0) {
        const minutes = Math.ceil(wait / 60);
        throw tooManyRequests(`Too many failed logins. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, wait);
      }
      const user = byUsername.get({ username });
      const ok = await verifyPassword(password, user?.passwordHash ?? (await dummy()));
      if (!user || !ok) {
        throttle.recordFailure(ip, username);
        throw new HttpError(401, LOGIN_FAILED);
      }
      throttle.recordSuccess(ip, username);
      return user;
    },

    // Creates the admin, or makes an existing user admin with a new password. Returns what it did.
    async seedAdmin(input: { username: string; email: string | null; password: string }) {
      const username = input.username.trim();
      if (!USERNAME_PATTERN.test(username)) throw new Error(MESSAGES.username);
      if (input.email !== null && !EMAIL_PATTERN.test(input.email.trim())) throw new Error(MESSAGES.email);
      const email = input.email?.trim() || `${username.toLowerCase()}@localhost`;
      const weak = adminPasswordProblem(input.password);
      if (weak) throw new Error(weak);
      const passwordHash = await hashPassword(input.password, passwordCost);
      const existing = byUsername.get({ username });
      if (!existing) {
        const user = db
          .insert(users)
          .values({ username, email, passwordHash, isAdmin: true, createdAt: clock() })
          .returning()
          .get();
        return { action: "created" as const, user };
      }
      const user = db
        .update(users)
        .set({ isAdmin: true, passwordHash, ...(input.email ? { email } : {}) })
        .where(eq(users.id, existing.id))
        .returning()
        .get();
      return { action: "updated" as const, user };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
