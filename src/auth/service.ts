// Accounts: registration, login and the admin seed. No Elysia types here.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users, type User } from "../db/schema.ts";
import { badRequest, conflict, HttpError, isUniqueViolation, tooManyRequests } from "../http/errors.ts";
import { ipGroup, type IpGrouping } from "../http/ip-group.ts";
import { EMAIL_PATTERN } from "../lib/validation.ts";
import { formatXrp } from "../money.ts";
import { waitText } from "../lib/time.ts";
import {
  adminPasswordProblem,
  hashPassword,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  verifyPassword,
  type PasswordCost,
} from "./passwords.ts";
import { createHashGate, type HashGate } from "./hash-gate.ts";
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
  loginsAtOnce: "Too many login attempts at once. Please try again in a moment.",
  registrationsAtOnce: "Too many registrations at once. Please try again in a moment.",
} as const;

// Password checks one network may have in flight (running, one at a time, or waiting for the hash
// gate); more are refused at once. Registrations are held by the new-accounts limit first.
export const LOGINS_IN_FLIGHT_PER_NETWORK = 3;
export const REGISTRATIONS_IN_FLIGHT_PER_NETWORK = 8;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

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
  throttle: LoginThrottle;
  passwordCost?: PasswordCost;
  limits?: () => AccountLimits;
  hashGate?: HashGate;
}

export interface Credentials {
  username?: unknown;
  password?: unknown;
  email?: unknown;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function createAccountService({ db, clock, throttle, passwordCost, limits = () => DEFAULT_LIMITS, hashGate = createHashGate() }: AccountDeps) {
  const byUsername = db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${sql.placeholder("username")})`)
    .prepare();
  // The creation times of a network's newest accounts, newest first.
  const newestFrom = db.sqlite.query<{ created_at: number }, [string, number, number]>(
    "select created_at from users where ip_group = ? and created_at > ? order by created_at desc limit ?",
  );
  // Registrations from each network between the limit check and the insert (hashing the password).
  const registering = new Map<string, number>();

  // Milliseconds until the network may register another account (0: now), counting the accounts in
  // the database and `pending` more about to be made now.
  const newAccountWait = (group: string, pending: number, now: number): number => {
    const { accountsPerHour, accountsPerDay } = limits();
    const times = [...Array<number>(pending).fill(now), ...newestFrom.all(group, now - DAY, Math.max(accountsPerDay, accountsPerHour)).map((r) => r.created_at)];
    const waitFor = (max: number, window: number) => {
      const inWindow = times.filter((at) => at > now - window);
      return inWindow.length >= max ? inWindow[max - 1]! + window - now : 0;
    };
    return Math.max(waitFor(accountsPerHour, HOUR), waitFor(accountsPerDay, DAY));
  };
  const tooManyAccounts = (waitMs: number) =>
    tooManyRequests(`Too many new accounts from your network. Please try again ${waitText(waitMs)}.`, waitMs / 1000);
  const insertUser = db.sqlite.transaction((values: typeof users.$inferInsert, group: string) => {
    const wait = newAccountWait(group, 0, values.createdAt);
    if (wait > 0) throw tooManyAccounts(wait);
    return db.insert(users).values(values).returning().get();
  });
  // Verified when the username is unknown, so both failures take the same time. With the default
  // cost it is a constant, so start-up does not spend 64 MiB and a hash on it.
  let dummyHash: Promise<string> | null = passwordCost ? null : Promise.resolve(DEFAULT_COST_DUMMY_HASH);
  const dummy = () => (dummyHash ??= hashPassword("unused: a password nobody has", passwordCost));

  return {
    findByUsername(username: string): User | undefined {
      return byUsername.get({ username });
    },

    // `ip`: the client's address; its network may make accountsPerHour / accountsPerDay accounts.
    async register(input: Credentials, ip: string): Promise<User> {
      const username = text(input.username).trim();
      const email = text(input.email).trim();
      const password = text(input.password);
      if (!USERNAME_PATTERN.test(username)) throw badRequest(MESSAGES.username);
      if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw badRequest(MESSAGES.email);
      if (password.length < MIN_PASSWORD_LENGTH) throw badRequest(MESSAGES.password);
      if (password.length > MAX_PASSWORD_LENGTH) throw badRequest(MESSAGES.passwordTooLong);
      if (byUsername.get({ username })) throw conflict(MESSAGES.taken, "USERNAME_TAKEN");
      // Counted before the password is hashed (synchronously, with the registrations in flight),
      // and again in the transaction that inserts: parallel registrations cannot pass the limit.
      const group = ipGroup(ip, limits().ipGrouping as IpGrouping);
      const pending = registering.get(group) ?? 0;
      const wait = newAccountWait(group, pending, clock());
      if (wait > 0) throw tooManyAccounts(wait);
      const hashing = hashGate.tryRun(() => hashPassword(password, passwordCost), { key: `register:${group}`, limit: REGISTRATIONS_IN_FLIGHT_PER_NETWORK });
      if (!hashing) throw tooManyRequests(MESSAGES.registrationsAtOnce, 2);
      registering.set(group, pending + 1);
      let passwordHash: string;
      try {
        passwordHash = await hashing;
      } finally {
        const left = registering.get(group)! - 1;
        if (left > 0) registering.set(group, left);
        else registering.delete(group);
      }
      try {
        return insertUser.immediate({ username, email, passwordHash, ipGroup: group, createdAt: clock() }, group);
      } catch (error) {
        // Two registrations of one name at once: the unique index decides.
        if (isUniqueViolation(error)) throw conflict(MESSAGES.taken, "USERNAME_TAKEN");
        throw error;
      }
    },

    async login(input: Credentials, ip: string): Promise<User> {
      const username = text(input.username).trim();
      const password = text(input.password);
      if (!username || !password) throw badRequest(MESSAGES.required);
      if (username.length > 64 || password.length > MAX_PASSWORD_LENGTH) throw new HttpError(401, LOGIN_FAILED);
      // Everything up to the hash gate's answer is synchronous: the attempt is counted (and the
      // network's share of the gate taken) before anything is awaited.
      const group = ipGroup(ip, limits().ipGrouping as IpGrouping);
      const attempt = throttle.begin(group, username);
      if (typeof attempt === "number") {
        const minutes = Math.ceil(attempt / 60);
        throw tooManyRequests(`Too many failed logins. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, attempt);
      }
      const checking = hashGate.tryRun(
        async () => {
          const user = byUsername.get({ username });
          const ok = await verifyPassword(password, user?.passwordHash ?? (await dummy()));
          return ok ? user : undefined;
        },
        { key: `login:${group}`, limit: LOGINS_IN_FLIGHT_PER_NETWORK },
      );
      if (!checking) {
        attempt.cancel();
        throw tooManyRequests(MESSAGES.loginsAtOnce, 2);
      }
      let user: User | undefined;
      try {
        user = await checking;
      } finally {
        if (user) attempt.succeeded();
        else attempt.failed();
      }
      if (!user) throw new HttpError(401, LOGIN_FAILED);
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
