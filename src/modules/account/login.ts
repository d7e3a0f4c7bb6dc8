// Signing in: the throttle counts the attempt before anything is awaited, the password is checked
// through the hash gate (in the same time for an unknown name), then the account's two-factor code;
// a refusal before the check is held a while, and failures are told to the owner.
import type { HashGate } from "../../auth/hash-gate.ts";
import { passwordCheckShares } from "../../auth/hash-gate.ts";
import { hashPassword, MAX_LOGIN_PASSWORD_LENGTH, type PasswordCost, verifyPassword } from "../../auth/passwords.ts";
import type { LoginThrottle } from "../../auth/throttle.ts";
import type { User } from "../../db/schema.ts";
import type { IpNetworks } from "../../lib/ip-group.ts";
import { twoFactorErrors } from "../two-factor/model.ts";
import type { FailedSignInAlert } from "./failed-sign-ins.ts";
import { accountErrors, type Credentials } from "./model.ts";
import type { AccountRepository } from "./repository.ts";
import type { ClientOrigin, SecondFactor, SignedIn } from "./signed-in.ts";

// A login refused before its password is checked (429: too many failed, or too many at once) is
// answered this long after it came, at most MAX_HELD_REFUSALS at a time (more are answered at once):
// a flood that waits for each answer before its next try (a connection carries one request at a
// time) then sends one try a second per connection instead of thousands, and leaves the cores to
// other people's logins. The server sets it (main.ts); in-process tests answer at once.
export const LOGIN_REFUSAL_HOLD_MS = 1000;
export const MAX_HELD_REFUSALS = 2000;

const DEFAULT_COST_DUMMY_HASH =
  "$argon2id$v=19$m=65536,t=2,p=1$QPDUTDDM5FgVIJtuf1TehzjNAwnkFc1FnBRAeM+eQ88$16rnUfJmGoLupTwAXzAViBAOht5PHCQucGcEhFuRu+Y";

export interface LoginDeps {
  repo: AccountRepository;
  throttle: LoginThrottle;
  hashGate: HashGate;
  passwordCost?: PasswordCost;
  secondFactor: SecondFactor;
  networksOf: (ip: string) => Readonly<IpNetworks>;
  failedSignIn: FailedSignInAlert;
  withSession: (user: User, ip: string, origin: ClientOrigin | null, withCode: boolean) => SignedIn;
  // how long a refused login is held before its answer (LOGIN_REFUSAL_HOLD_MS; 0: answered at once)
  refusalHoldMs: number;
}

export function createLogin({
  repo,
  throttle,
  hashGate,
  passwordCost,
  secondFactor,
  networksOf,
  failedSignIn,
  withSession,
  refusalHoldMs,
}: LoginDeps) {
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

  return {
    // Answers the user and a new session, or 401 the same way for a wrong password and an unknown name.
    // An account with two-factor sign-in: without a code, 401 TWO_FACTOR_REQUIRED whether the
    // password was right or not, and counted as a failure either way (the throttle cannot tell them
    // apart either); with one, the same 401 for a wrong password and a wrong code. The code is checked
    // only after a right password (a guess at the password does not use up a recovery code). A
    // username many sign-ins failed for needs a proof of work first (`loginProofFactor`: the route).
    async login(input: Credentials, ip: string, origin: ClientOrigin | null = null): Promise<SignedIn> {
      const username = (input.username ?? "").trim();
      const password = input.password ?? "";
      if (!username || !password) throw accountErrors.credentialsRequired();
      if (username.length > 64 || password.length > MAX_LOGIN_PASSWORD_LENGTH) throw accountErrors.loginFailed();
      // Everything up to the hash gate's answer is synchronous: the attempt is counted (and the
      // network's share of the gate taken) before anything is awaited.
      const nets = networksOf(ip);
      const attempt = throttle.begin(nets, username);
      if (typeof attempt === "number") return refuse(accountErrors.tooManyFailedLogins(attempt));
      const code = (input.code ?? "").trim();
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
        else failedSignIn(user, nets.network, attempt.failed());
      }
      if (user && secondFactor.enabled(user) && !signedIn)
        throw code ? accountErrors.loginWithCodeFailed() : accountErrors.loginCodeNeeded();
      if (!user || !signedIn) throw accountErrors.loginFailed();
      // (told only to whoever gave the password and code: otherwise a disabled account reads as any other)
      if (user.disabledAt !== null) throw accountErrors.accountDisabled();
      return withSession(user, ip, origin, secondFactor.enabled(user));
    },

    // The proof of work a login for this username needs, in times the base difficulty (0: none): past
    // a few failed sign-ins from any networks, doubling with each further one (auth/throttle.ts).
    loginProofFactor: (username: string | null | undefined) => {
      const name = (username ?? "").trim();
      return name && name.length <= 64 ? throttle.proofFactor(name) : 0;
    },
  };
}
