// Accounts: registration (new accounts per network, bounded hashing, the unique name), login (the
// throttle, bounded hashing, the same time for an unknown name), logout, the admin seed, what a
// user reads about themselves, their settings and password. (Reset links: modules/password-reset.)
import {
  hashPassword,
  verifyPassword,
  MAX_LOGIN_PASSWORD_LENGTH,
  MIN_ADMIN_PASSWORD_LENGTH,
  newPasswordProblem,
  type PasswordCost,
} from "../../auth/passwords.ts";
import { createHashGate, type HashGate, passwordCheckShares } from "../../auth/hash-gate.ts";
import { sessionIdFromToken, type SessionOrigin, type SessionService } from "../../auth/sessions.ts";
import type { FailedAttempt, LoginThrottle } from "../../auth/throttle.ts";
import type { Db } from "../../db/client.ts";
import type { User } from "../../db/schema.ts";
import { immediate } from "../../db/transaction.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { type IpGrouping, ipNetworks } from "../../lib/ip-group.ts";
import { DAY_MS, HOUR_MS } from "../../lib/time.ts";
import { EMAIL_PATTERN } from "../../lib/validation.ts";
import { parseLedgerAddress } from "../../lib/ledger-address.ts";
import {
  accountErrors,
  MAX_DESTINATION_TAG,
  MESSAGES,
  newPasswordOf,
  plainNewPassword,
  publicUser,
  SELF_SERVICE,
  selfView,
  USERNAME_PATTERN,
  type Credentials,
  type SettingsInput,
} from "./model.ts";
import { createAccountRepository } from "./repository.ts";
import type { Mailer } from "./mail.ts";
import { notificationText } from "../notifications/model.ts";
import { notify } from "../notifications/service.ts";
import { type TwoFactorStatus, twoFactorErrors } from "../two-factor/model.ts";

const DEFAULT_COST_DUMMY_HASH =
  "$argon2id$v=19$m=65536,t=2,p=1$QPDUTDDM5FgVIJtuf1TehzjNAwnkFc1FnBRAeM+eQ88$16rnUfJmGoLupTwAXzAViBAOht5PHCQucGcEhFuRu+Y";

// Registrations one network may have hashing at once (they are held by the new-accounts limit first).
export const REGISTRATIONS_IN_FLIGHT_PER_NETWORK = 8;

// A login refused before its password is checked (429: too many failed, or too many at once) is
// answered this long after it came, at most MAX_HELD_REFUSALS at a time (more are answered at once):
// a flood that waits for each answer before its next try (a connection carries one request at a
// time) then sends one try a second per connection instead of thousands, and leaves the cores to
// other people's logins. The server sets it (main.ts); in-process tests answer at once.
export const LOGIN_REFUSAL_HOLD_MS = 1000;
export const MAX_HELD_REFUSALS = 2000;

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
  // told of every sign-in (modules/sessions: the admins' sign-in alerts)
  onSignIn?: (user: User, origin: SessionOrigin) => void;
  // the owner is told of failed sign-ins to their account by email too, when SMTP is set
  mailer?: Mailer | null;
  log?: (line: string) => void;
  // how long a refused login is held before its answer (LOGIN_REFUSAL_HOLD_MS; 0: answered at once)
  refusalHoldMs?: number;
}

export interface SecondFactor {
  enabled(user: User): boolean;
  verifyLoginCode(user: User, code: string | null | undefined, ip: string): Promise<boolean>;
  // seconds before a code for this username may be checked (too many wrong ones; 0: now)
  loginCodeWait(username: string): number;
  status(user: User): TwoFactorStatus;
}
const NO_SECOND_FACTOR: SecondFactor = {
  enabled: () => false,
  verifyLoginCode: async () => false,
  loginCodeWait: () => 0,
  status: () => ({ enabled: false, required: false, setupRequired: false, recoveryCodesLeft: 0 }),
};

// Where a login or registration comes from, besides its IP (the session keeps it).
export interface ClientOrigin {
  deviceId: string | null;
  userAgent: string | null;
}

// A new session for a user: the cookie's token and when it ends.
export interface Session {
  token: string;
  expiresAt: number;
}

// A registration or login: the user as GET /api/user answers it, and their new session.
export interface SignedIn {
  user: ReturnType<typeof selfView>;
  session: Session;
}

const textOf = (value: string | null | undefined) => value ?? "";

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

export function createAccountService({
  db,
  clock,
  sessions,
  throttle,
  passwordCost,
  limits = () => DEFAULT_LIMITS,
  hashGate = createHashGate(),
  secondFactor = NO_SECOND_FACTOR,
  onSignIn = () => {},
  mailer = null,
  log = () => {},
  refusalHoldMs = 0,
}: AccountDeps) {
  const repo = createAccountRepository(db);
  // Registrations from each IP group and network between the limit check and the insert (hashing
  // the password), keyed "group:..." and "network:...".
  const registering = new Map<string, number>();
  const networksOf = (ip: string) => ipNetworks(ip, limits().ipGrouping as IpGrouping);
  const pendingFrom = (keys: string[]) => keys.map((key) => registering.get(key) ?? 0);
  const moveRegistering = (keys: string[], by: number) => {
    for (const key of keys) {
      const n = (registering.get(key) ?? 0) + by;
      if (n > 0) registering.set(key, n);
      else registering.delete(key);
    }
  };

  // Milliseconds until the network may register another account (0: now), counting the accounts in
  // the database and `pending` more about to be made now: at the IP group's width and at the
  // network's (IPv6 /48, IPv4 /24), so new /64s inside one /48 share its limit.
  const newAccountWait = (
    nets: { group: string; network: string },
    pending: { group: number; network: number },
    now: number,
  ): number => {
    const { accountsPerHour, accountsPerDay } = limits();
    const most = Math.max(accountsPerDay, accountsPerHour);
    const waitFor = (times: number[], max: number, window: number) => {
      const inWindow = times.filter((at) => at > now - window);
      return inWindow.length >= max ? inWindow[max - 1]! + window - now : 0;
    };
    const waitOf = (times: number[]) =>
      Math.max(waitFor(times, accountsPerHour, HOUR_MS), waitFor(times, accountsPerDay, DAY_MS));
    return Math.max(
      waitOf([...Array<number>(pending.group).fill(now), ...repo.newestFrom(nets.group, now - DAY_MS, most)]),
      waitOf([
        ...Array<number>(pending.network).fill(now),
        ...repo.newestFromNetwork(nets.network, now - DAY_MS, most),
      ]),
    );
  };
  // The owner of an account that many sign-ins failed for (the throttle's UNDER_ATTACK, from any
  // networks) is told once a streak: a notification in the bell and, with SMTP, an email. (Whether
  // a name is an account's is no secret: registering says so.)
  const counted = (user: User | undefined, network: string, failure: FailedAttempt) => {
    if (!failure.tellOwner || !user) return;
    const at = clock();
    notify(
      db,
      { userId: user.id, kind: "WRONG_PASSWORDS", message: notificationText.failedSignIns(failure.failures, network) },
      at,
    );
    if (!mailer) return;
    const text = [
      `${failure.failures} sign-ins to your XRP faucet account '${user.username}' failed within 15 minutes, the last at ${new Date(at).toISOString()} from the network ${network}: wrong passwords, or the right password without its two-factor code.`,
      "",
      "Nobody is locked out by them: you can sign in as usual. If they were not you, someone is trying to sign in as you: change your password to a long one you use on no other site, on your settings page.",
    ].join("\n");
    mailer.send({ to: user.email, subject: "Failed sign-ins to your account", text }).catch((error) => {
      log(
        `failed sign-ins email to ${user.username} failed: ${error instanceof Error ? error.message.split("\n")[0] : "unknown error"}`,
      );
    });
  };
  // Throws the refusal of a login, after holding it (when few are held).
  let held = 0;
  const refuse = async (error: Error): Promise<never> => {
    if (refusalHoldMs > 0 && held < MAX_HELD_REFUSALS) {
      held++;
      try {
        await Bun.sleep(refusalHoldMs);
      } finally {
        held--;
      }
    }
    throw error;
  };
  // Verified when the username is unknown, so both failures take the same time. With the default
  // cost it is a constant, so start-up does not spend 64 MiB and a hash on it.
  let dummyHash: Promise<string> | null = passwordCost ? null : Promise.resolve(DEFAULT_COST_DUMMY_HASH);
  const dummy = () => (dummyHash ??= hashPassword("unused: a password nobody has", passwordCost));
  // Runs `then` (a hash, say) once the user's current password is checked: counted like a login (too
  // many wrong ones wait) and through the hash gate; a wrong one is 400 WRONG_PASSWORD.
  const withCurrentPassword = async <T>(
    user: User,
    currentPassword: string | null | undefined,
    ip: string,
    then: () => Promise<T>,
  ): Promise<T> => {
    const current = textOf(currentPassword);
    if (!current) throw accountErrors.currentRequired();
    const nets = networksOf(ip);
    const attempt = throttle.begin(nets, user.username, "password");
    if (typeof attempt === "number") throw accountErrors.tooManyWrongPasswords(attempt);
    const checking = hashGate.tryRun(
      async () => ((await verifyPassword(current, user.passwordHash)) ? { value: await then() } : null),
      passwordCheckShares(nets),
    );
    if (!checking) {
      attempt.cancel();
      throw accountErrors.loginsAtOnce();
    }
    let result: { value: T } | null = null;
    try {
      result = await checking;
    } finally {
      if (result) attempt.succeeded();
      else counted(user, nets.network, attempt.failed());
    }
    if (!result) throw accountErrors.wrongPassword();
    return result.value;
  };
  const me = (user: User) => selfView(user, repo.paidTo(user.id), secondFactor.status(user));
  // The new session, and the user as GET /api/user answers it (the web app stores it as the session).
  const withSession = (user: User, ip: string, origin: ClientOrigin | null, withCode = false): SignedIn => {
    const sessionOrigin: SessionOrigin = {
      ip,
      ipNetwork: networksOf(ip).network,
      deviceId: origin?.deviceId ?? null,
      userAgent: origin?.userAgent ?? null,
      withCode,
    };
    const session = sessions.create(user.id, sessionOrigin);
    onSignIn(user, sessionOrigin);
    return { user: me(user), session };
  };

  return {
    // `ip`: the client's address; its IP group and its network may each make accountsPerHour /
    // accountsPerDay accounts. Its wide network (IPv6 /32, IPv4 /16) is stored too but never
    // refuses: the accounts of its other networks only raise a risk score (social/risk.ts).
    // `deviceId`: the device cookie's id, stored with the network (the bonuses are limited per
    // registration network and device). Answers the new user and their first session.
    async register(
      input: Credentials,
      ip: string,
      deviceId: string | null = null,
      userAgent: string | null = null,
    ): Promise<SignedIn> {
      const username = textOf(input.username).trim();
      const email = textOf(input.email).trim();
      if (!USERNAME_PATTERN.test(username)) throw accountErrors.invalidUsername();
      if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw accountErrors.invalidEmail();
      const owner = { username, email };
      const password = plainNewPassword(input.password, owner);
      if (repo.byUsername(username)) throw accountErrors.usernameTaken();
      // Counted before the password is judged and hashed (synchronously, with the registrations in
      // flight), and again in the transaction that inserts: parallel registrations cannot pass the
      // limit. The estimator judges the password in the hash gate's turn, so a flood of weak ones
      // is bounded as a flood of hashes is.
      const nets = ipNetworks(ip, limits().ipGrouping as IpGrouping);
      const group = nets.group;
      const keys = [`group:${group}`, `network:${nets.network}`];
      const [pendingGroup = 0, pendingNetwork = 0] = pendingFrom(keys);
      const wait = newAccountWait(nets, { group: pendingGroup, network: pendingNetwork }, clock());
      if (wait > 0) throw accountErrors.tooManyAccounts(wait);
      const hashing = hashGate.tryRun(
        async () => hashPassword(await newPasswordOf(password, owner), passwordCost),
        [
          { key: `register:${group}`, limit: REGISTRATIONS_IN_FLIGHT_PER_NETWORK },
          { key: `register:${nets.network}`, limit: REGISTRATIONS_IN_FLIGHT_PER_NETWORK },
        ],
      );
      if (!hashing) throw accountErrors.registrationsAtOnce();
      moveRegistering(keys, 1);
      let passwordHash: string;
      try {
        passwordHash = await hashing;
      } finally {
        moveRegistering(keys, -1);
      }
      let user: User;
      try {
        user = immediate(db, () => {
          const createdAt = clock();
          const wait = newAccountWait(nets, { group: 0, network: 0 }, createdAt);
          if (wait > 0) throw accountErrors.tooManyAccounts(wait);
          return repo.insert({
            username,
            email,
            passwordHash,
            ipGroup: group,
            ipNetwork: nets.network,
            ipWide: nets.wide,
            deviceId,
            createdAt,
          });
        });
      } catch (error) {
        // Two registrations of one name at once: the unique index decides.
        if (isUniqueViolation(error)) throw accountErrors.usernameTaken();
        throw error;
      }
      return withSession(user, ip, { deviceId, userAgent });
    },

    // Answers the user and a new session, or 401 the same way for a wrong password and an unknown name.
    // An account with two-factor sign-in: without a code, 401 TWO_FACTOR_REQUIRED whether the
    // password was right or not, and counted as a failure either way (the throttle cannot tell them
    // apart either); with one, the same 401 for a wrong password and a wrong code. The code is checked
    // only after a right password (a guess at the password does not use up a recovery code). A
    // username many sign-ins failed for needs a proof of work first (`loginProofFactor`: the route).
    async login(input: Credentials, ip: string, origin: ClientOrigin | null = null): Promise<SignedIn> {
      const username = textOf(input.username).trim();
      const password = textOf(input.password);
      if (!username || !password) throw accountErrors.credentialsRequired();
      if (username.length > 64 || password.length > MAX_LOGIN_PASSWORD_LENGTH) throw accountErrors.loginFailed();
      // Everything up to the hash gate's answer is synchronous: the attempt is counted (and the
      // network's share of the gate taken) before anything is awaited.
      const nets = networksOf(ip);
      const attempt = throttle.begin(nets, username);
      if (typeof attempt === "number") return refuse(accountErrors.tooManyFailedLogins(attempt));
      const code = textOf(input.code).trim();
      // Too many wrong codes for the account (from any network): a code waits, answered before the
      // password is checked, so alike for a right and a wrong one.
      const codeWait = code ? secondFactor.loginCodeWait(username) : 0;
      if (codeWait > 0) {
        attempt.cancel();
        throw twoFactorErrors.wrongCodesWait(codeWait);
      }
      // (a network whose logins failed lately gives way to everyone else's: a flood's checks do not
      // share the cores with other people's logins)
      const checking = hashGate.tryRun(
        async () => {
          const user = repo.byUsername(username);
          const ok = await verifyPassword(password, user?.passwordHash ?? (await dummy()));
          return { user, ok };
        },
        passwordCheckShares(nets),
        { yields: throttle.failedFrom(nets) },
      );
      if (!checking) {
        attempt.cancel();
        return refuse(accountErrors.loginsAtOnce());
      }
      let signedIn = false;
      let user: User | undefined;
      try {
        const checked = await checking;
        user = checked.user;
        if (user && secondFactor.enabled(user))
          signedIn = Boolean(code) && checked.ok && (await secondFactor.verifyLoginCode(user, code, ip));
        else signedIn = checked.ok;
      } finally {
        // (a right password without the account's code is a failure too, as a wrong one is)
        if (signedIn) attempt.succeeded();
        else counted(user, nets.network, attempt.failed());
      }
      if (user && secondFactor.enabled(user) && !signedIn)
        throw code ? accountErrors.loginWithCodeFailed() : accountErrors.loginCodeNeeded();
      if (!user || !signedIn) throw accountErrors.loginFailed();
      return withSession(user, ip, origin, secondFactor.enabled(user));
    },

    // The proof of work a login for this username needs, in times the base difficulty (0: none): past
    // a few failed sign-ins from any networks, doubling with each further one (auth/throttle.ts).
    loginProofFactor: (username: string | null | undefined) => {
      const name = textOf(username).trim();
      return name && name.length <= 64 ? throttle.proofFactor(name) : 0;
    },

    // Ends the session of this token on the server (nothing when there is none).
    logout(token: string | undefined): void {
      if (token) sessions.invalidate(token);
    },

    // The logged-in user as GET /api/user shows them (with what has been paid to them).
    me,

    // Account settings: the email (as registration takes it; a new one needs the current password,
    // since the email is where a reset link goes), the payout address (as the faucet form takes it; an
    // X-address brings its tag; null or "" clears address and tag) and its destination tag. Fields not
    // sent stay as they are.
    async updateSettings(user: User, input: SettingsInput, ip: string) {
      if (input.email === undefined && input.xrpAddress === undefined && input.destinationTag === undefined)
        throw accountErrors.nothingToChange();
      let email = user.email;
      if (input.email !== undefined) {
        email = textOf(input.email).trim();
        if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw accountErrors.invalidSettingsEmail();
      }
      const emailChanged = email !== user.email;
      let xrpAddress = user.xrpAddress;
      let tag =
        input.destinationTag === undefined
          ? user.xrpDestinationTag
          : input.destinationTag === ""
            ? null
            : input.destinationTag;
      if (tag !== null && (!Number.isInteger(tag) || tag < 0 || tag > MAX_DESTINATION_TAG))
        throw accountErrors.invalidTag();
      if (input.xrpAddress !== undefined) {
        const text = textOf(input.xrpAddress).trim();
        if (!text) {
          xrpAddress = null;
          tag = null;
        } else {
          const parsed = parseLedgerAddress(text);
          if (!parsed) throw accountErrors.invalidAddress();
          if (parsed.tag !== null && tag !== null && input.destinationTag !== undefined && parsed.tag !== tag)
            throw accountErrors.invalidTag();
          xrpAddress = parsed.address;
          if (parsed.tag !== null) tag = parsed.tag;
        }
      }
      if (xrpAddress === null && tag !== null) throw accountErrors.invalidAddress();
      if (emailChanged) await withCurrentPassword(user, input.currentPassword, ip, async () => true);
      const updated = immediate(db, () => repo.updateSettings(user.id, { email, xrpAddress, xrpDestinationTag: tag }));
      return me(updated);
    },

    // Changes the password of the logged-in user: the current one is checked (and counted like a
    // login: too many wrong ones wait), the new one judged as registration judges it (before the
    // current one is checked: a weak one costs no hash nor a count); every other
    // session of the user ends, `keepToken`'s stays.
    async changePassword(
      user: User,
      input: { currentPassword?: string | null; newPassword?: string | null },
      ip: string,
      keepToken: string,
    ) {
      if (!textOf(input.currentPassword)) throw accountErrors.currentRequired();
      const password = await newPasswordOf(input.newPassword, user);
      const hash = await withCurrentPassword(user, input.currentPassword, ip, () =>
        hashPassword(password, passwordCost),
      );
      immediate(db, () => {
        repo.setPassword(user.id, hash);
        repo.endOtherSessions(user.id, sessionIdFromToken(keepToken));
      });
      return { message: SELF_SERVICE.passwordChanged };
    },

    // Checks the user's password again, counted like a login (400 WRONG_PASSWORD when it is wrong):
    // what turning two-factor sign-in on, and a step-up without it, need (modules/two-factor).
    async confirmPassword(user: User, password: string | null | undefined, ip: string): Promise<void> {
      await withCurrentPassword(user, password, ip, async () => true);
    },

    // What a logged-in user reads about themselves, newest first (at most 200 of each).
    faucetRequestHistory: (userId: number) => repo.faucetHistory(userId),
    rewardHistory: (userId: number) => repo.rewardHistory(userId),

    // Users as the API shows them, by id (each once, in id order): who is behind a list of claims.
    publicUsersByIds: (ids: number[]) => repo.byIds([...new Set(ids)]).map(publicUser),
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
