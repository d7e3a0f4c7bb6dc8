// Two-factor sign-in (TOTP): setting it up (a QR code and the secret as text; with the password, or
// for an admin of a server paying real XRP with the one-time code --seed-admin printed), turning it
// on with a first code (ten recovery codes, shown once), off with a current code, new recovery
// codes, the check a login and a step-up make, and the operator's reset and setup code
// (--seed-admin). Every code is counted with the login throttle (per username and network, in that
// account's place: auth/throttle.ts), the codes of the account's authenticator (a setup's first ones
// too) also per account from every network (guesses.ts), and every change is in the audit log.
// The codes themselves: codes.ts; their checks: code-checks.ts.
import type { SecretBox } from "../../auth/secret-box.ts";
import type { SessionInfo, SessionService } from "../../auth/sessions.ts";
import type { Actor } from "../../auth/actor.ts";
import { requireFreshConfirmation, STEP_UP_MS } from "../../auth/step-up.ts";
import type { LoginNetworks, LoginThrottle } from "../../auth/throttle.ts";
import { acceptedStep, ISSUER, newTotpSecret, qrSvg, totpUri } from "../../auth/totp.ts";
import type { Db } from "../../db/client.ts";
import type { User } from "../../db/schema.ts";
import { immediate } from "../../db/transaction.ts";
import type { Mailer } from "../account/mail.ts";
import { recordAudit } from "../audit/service.ts";
import { createCodeChecks } from "./code-checks.ts";
import { codeText, hashOf, newRecoveryCodes, newSetupCode } from "./codes.ts";
import { createCodeGuesses } from "./guesses.ts";
import {
  FREE_WRONG_CODES,
  SETUP_CODE_LIFETIME_MS,
  TWO_FACTOR_MESSAGES,
  type TwoFactorStatus,
  twoFactorErrors,
} from "./model.ts";
import { createTwoFactorRepository } from "./repository.ts";

export interface TwoFactorDeps {
  db: Db;
  clock: () => number;
  box: SecretBox;
  sessions: SessionService;
  throttle: LoginThrottle;
  networksOf: (ip: string) => LoginNetworks;
  // admins must have it (the server pays on a real ledger)
  requiredForAdmins: boolean;
  // checks the user's password, counted like a login (modules/account): what setting it up needs,
  // and a step-up without it; throws WRONG_PASSWORD
  confirmPassword: (user: User, password: string | null | undefined, ip: string) => Promise<void>;
  // the owner is told of a streak of wrong codes by email too, when SMTP is set
  mailer?: Mailer | null;
  // the site's name (modules/site): the authenticator app shows it beside the codes
  siteName?: () => string;
  log?: (line: string) => void;
}

export function createTwoFactorService({
  db,
  clock,
  box,
  sessions,
  throttle,
  networksOf,
  requiredForAdmins,
  confirmPassword,
  mailer = null,
  log = () => {},
  siteName = () => ISSUER,
}: TwoFactorDeps) {
  const repo = createTwoFactorRepository(db);
  const guesses = createCodeGuesses({ db, clock, repo, mailer, log });

  const checks = createCodeChecks({ clock, box, repo, throttle, guesses, networksOf, requiredForAdmins });
  const { beginCode, checkGuess, checkCounted, needsSetupCode, checkSetupCode } = checks;

  const audit = (user: User, action: string, ip: string, now: number) =>
    recordAudit(db, { actor: user, action, targetType: "user", targetId: user.id, ip }, now);

  return {
    enabled: (user: User) => user.totpEnabledAt !== null,

    status(user: User): TwoFactorStatus {
      const enabled = user.totpEnabledAt !== null;
      const required = requiredForAdmins && user.isAdmin;
      return {
        enabled,
        required,
        setupRequired: required && !enabled,
        recoveryCodesLeft: enabled ? repo.recoveryCodesLeft(user.id) : 0,
      };
    },

    // A login's second step: the code with a right password (counted by the login's throttle, and with
    // the account's other codes). Another code of the account being checked, or a wait begun while
    // the password was checked, makes it false unchecked (not counted as a wrong code).
    async verifyLoginCode(user: User, input: string | null | undefined, ip: string) {
      const guess = guesses.begin(user, networksOf(ip).network);
      return typeof guess === "number" ? false : checkGuess(user, codeText(input), guess);
    },
    // Seconds before a login's code for this username may be checked (0: now): asked before the
    // password is checked, so a right and a wrong password get the same answer.
    loginCodeWait: (username: string) => guesses.loginWait(username),

    // A new secret to scan; it counts once a first code from it is entered (enable). Turning it on
    // hands the account to whoever holds the authenticator app (the owner could no longer log in
    // without it), so a session alone cannot: the password first, or for an admin of a server paying
    // real XRP the console's setup code (which the password cannot replace).
    async setup(user: User, input: { password?: string | null; setupCode?: string | null }, ip: string) {
      if (user.totpEnabledAt !== null) throw twoFactorErrors.alreadyOn();
      if (needsSetupCode(user)) checkSetupCode(user, input.setupCode, ip);
      else await confirmPassword(user, input.password, ip);
      const secret = newTotpSecret();
      repo.setPending(user.id, await box.seal(secret));
      // (its codes start a new streak: the last setup's wrong ones cancelled that one)
      guesses.forget(user);
      const uri = totpUri(secret, user.username, siteName());
      return { secret, uri, qrSvg: qrSvg(uri) };
    },

    // Turns it on with a code from the pending secret: answers the recovery codes (shown once). The
    // session counts as stepped up (a code was just entered). Its codes are counted as the account's
    // other codes are (per username and network, and per account from every network), and
    // FREE_WRONG_CODES wrong ones in a row cancel the setup: its secret is dropped, and a new setup
    // (the password again, or the console's setup code) is the only way on. So a session alone can
    // guess a setup's codes 5 times, not from as many networks as it has.
    async enable(user: User, input: string | null | undefined, session: SessionInfo | null, ip: string) {
      if (user.totpEnabledAt !== null) throw twoFactorErrors.alreadyOn();
      if (user.totpPendingSecret === null)
        throw guesses.failures(user) >= FREE_WRONG_CODES ? twoFactorErrors.setupAgain() : twoFactorErrors.notSetUp();
      const code = codeText(input);
      if (!code) throw twoFactorErrors.codeRequired();
      const { attempt, guess } = beginCode(user, ip);
      let step: number | null = null;
      try {
        step = acceptedStep(await box.open(user.totpPendingSecret), code, clock(), null);
      } catch (error) {
        guess.cancel();
        attempt.cancel();
        throw error;
      }
      if (step === null) {
        guess.failed();
        attempt.failed();
        if (guesses.failures(user) < FREE_WRONG_CODES) throw twoFactorErrors.wrongCode();
        repo.setPending(user.id, null);
        throw twoFactorErrors.setupAgain();
      }
      guess.succeeded();
      attempt.succeeded();
      const codes = newRecoveryCodes();
      const now = clock();
      immediate(db, () => {
        // the setup code works once (the pending secret was made with it)
        if (needsSetupCode(user) && !repo.takeSetupCode(user.id, now)) throw twoFactorErrors.wrongSetupCode();
        repo.enable(user.id, user.totpPendingSecret!, step, codes.map(hashOf), now);
        audit(user, "two_factor.enable", ip, now);
      });
      if (session) sessions.stepUp(session.id);
      return { recoveryCodes: codes };
    },

    // Turns it off with a current code (or a recovery code). Not for admins of a server that needs it.
    async disable(user: User, input: string | null | undefined, ip: string) {
      if (user.totpEnabledAt === null) throw twoFactorErrors.notOn();
      if (requiredForAdmins && user.isAdmin) throw twoFactorErrors.requiredForAdmins();
      await checkCounted(user, input, ip);
      const now = clock();
      immediate(db, () => {
        repo.disable(user.id);
        audit(user, "two_factor.disable", ip, now);
      });
    },

    // An admin turns another user's two-factor sign-in off (a lost phone and recovery codes): the
    // account is then theirs who has its password, so it needs what handing an account to someone
    // needs (a fresh code, or without two-factor sign-in the password); the user's sessions end;
    // audited.
    resetFor(userId: number, actor: Actor) {
      requireFreshConfirmation(actor);
      if (userId === actor.admin.id) throw twoFactorErrors.resetOwn();
      const now = clock();
      return immediate(db, () => {
        const user = repo.user(userId);
        if (!user) throw twoFactorErrors.userNotFound();
        if (user.enabledAt === null) throw twoFactorErrors.notOnForUser();
        repo.disable(userId);
        const ended = sessions.invalidateAllForUser(userId);
        recordAudit(
          db,
          {
            actor: actor.admin,
            action: "two_factor.reset",
            targetType: "user",
            targetId: userId,
            details: { username: user.username, sessionsEnded: ended },
            ip: actor.ip,
          },
          now,
        );
        return { message: TWO_FACTOR_MESSAGES.reset(user.username, ended) };
      });
    },

    // Ten new recovery codes (the old ones stop working), with a current code.
    async renewRecoveryCodes(user: User, input: string | null | undefined, ip: string) {
      if (user.totpEnabledAt === null) throw twoFactorErrors.notOn();
      await checkCounted(user, input, ip);
      const codes = newRecoveryCodes();
      const now = clock();
      immediate(db, () => {
        repo.replaceRecoveryCodes(user.id, codes.map(hashOf), now);
        audit(user, "two_factor.recovery_codes", ip, now);
      });
      return { recoveryCodes: codes };
    },

    // A code entered in this session: money actions (and handing an account to someone) are allowed
    // for the next 5 minutes, and the place it was entered from (`ip`, `userAgent`) is known to the
    // session from then on. Without two-factor sign-in, the password: it confirms handing an account
    // to someone (a reset link); money needs nothing from such an admin.
    async stepUp(
      user: User,
      session: SessionInfo | null,
      input: { code?: string | null; password?: string | null },
      ip: string,
      userAgent: string | null,
    ) {
      const withCode = user.totpEnabledAt !== null;
      if (withCode) await checkCounted(user, input.code, ip);
      else await confirmPassword(user, input.password, ip);
      const at = session ? sessions.stepUp(session.id, { ip, userAgent }) : clock();
      // the actions of the next 5 minutes were confirmed with a code (or the password)
      audit(user, withCode ? "two_factor.step_up" : "password.step_up", ip, at);
      return { stepUpUntil: new Date(at + STEP_UP_MS).toISOString() };
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

// --seed-admin's setup code: the admin's first two-factor setup on a server paying real XRP needs it
// (once, within SETUP_CODE_LIFETIME_MS); a new one replaces the last. Only its SHA-256 is stored.
export function issueSetupCode(db: Db, userId: number, now: number): string {
  const code = newSetupCode();
  createTwoFactorRepository(db).putSetupCode(userId, hashOf(code), now + SETUP_CODE_LIFETIME_MS, now);
  return code;
}

// --seed-admin's reset: the operator's way back in when an admin lost their phone and codes.
export function resetTwoFactor(db: Db, userId: number): boolean {
  const repo = createTwoFactorRepository(db);
  const had = repo.enabled(userId);
  repo.disable(userId);
  return had;
}
