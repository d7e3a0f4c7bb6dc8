// Two-factor sign-in (TOTP): setting it up (a QR code and the secret as text), turning it on with a
// first code (ten recovery codes, shown once), off with a current code, new recovery codes, the
// check a login and a step-up make, and the operator's reset (--seed-admin). Every code is counted
// with the login throttle (per username and network), the codes of an account that has it on also
// per account from every network (guesses.ts), and every change is in the audit log.
import type { SecretBox } from "../../auth/secret-box.ts";
import type { SessionInfo, SessionService } from "../../auth/sessions.ts";
import { STEP_UP_MS } from "../../auth/step-up.ts";
import type { LoginNetworks, LoginThrottle } from "../../auth/throttle.ts";
import { acceptedStep, newTotpSecret, qrSvg, totpUri } from "../../auth/totp.ts";
import type { Db } from "../../db/client.ts";
import type { User } from "../../db/schema.ts";
import { immediate } from "../../db/transaction.ts";
import { tooManyRequests } from "../../lib/errors.ts";
import { waitText } from "../../lib/time.ts";
import type { Mailer } from "../account/mail.ts";
import { recordAudit } from "../audit/service.ts";
import { type CodeGuess, createCodeGuesses } from "./guesses.ts";
import { RECOVERY_CODE_COUNT, type TwoFactorStatus, twoFactorErrors } from "./model.ts";
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
  // the owner is told of a streak of wrong codes by email too, when SMTP is set
  mailer?: Mailer | null;
  log?: (line: string) => void;
}

// Recovery codes: ten letters and digits in two groups (about 50 bits), e.g. "k3f9q-7m2xw".
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}
const normalRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");
const hashOf = (code: string) => new Bun.CryptoHasher("sha256").update(normalRecoveryCode(code)).digest("hex");
const codeText = (code: string | null | undefined) => (code ?? "").trim().replace(/\s+/g, "");

export function createTwoFactorService({ db, clock, box, sessions, throttle, networksOf, requiredForAdmins, mailer = null, log = () => {} }: TwoFactorDeps) {
  const repo = createTwoFactorRepository(db);
  const guesses = createCodeGuesses({ db, clock, repo, mailer, log });

  const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

  // Whether the code is a current TOTP code (each step once) or an unused recovery code (used up).
  const check = async (user: User, code: string): Promise<boolean> => {
    if (user.totpSecret === null) return false;
    if (/^\d{6}$/.test(code)) {
      const step = acceptedStep(await box.open(user.totpSecret), code, clock(), user.totpLastStep);
      return step !== null && repo.takeStep(user.id, step);
    }
    const normal = normalRecoveryCode(code);
    return normal.length === 10 && repo.spendRecoveryCode(user.id, hashOf(normal), clock());
  };

  // The check of a code taken as one of the account's guesses: a wrong one counts, an error does not.
  const checkGuess = async (user: User, code: string, guess: CodeGuess): Promise<boolean> => {
    let ok: boolean | null = null;
    try {
      ok = await check(user, code);
      return ok;
    } finally {
      if (ok === null) guess.cancel();
      else if (ok) guess.succeeded();
      else guess.failed();
    }
  };

  // A code entered after sign-in (step-up, turning off, new recovery codes): counted like a password,
  // and with the account's other codes.
  const checkCounted = async (user: User, input: string | null | undefined, ip: string): Promise<void> => {
    const code = codeText(input);
    if (!code) throw twoFactorErrors.codeRequired();
    const nets = networksOf(ip);
    const attempt = throttle.begin(nets, user.username);
    if (typeof attempt === "number") throw tooManyRequests(`Too many wrong codes. Please try again ${waitText(attempt * 1000)}.`, attempt);
    const guess = guesses.begin(user, nets.network);
    if (typeof guess === "number") {
      attempt.cancel();
      throw twoFactorErrors.wrongCodesWait(guess);
    }
    let ok = false;
    try {
      ok = await checkGuess(user, code, guess);
    } finally {
      if (ok) attempt.succeeded();
      else attempt.failed();
    }
    if (!ok) throw twoFactorErrors.wrongCode();
  };

  const audit = (user: User, action: string, ip: string, now: number) => recordAudit(db, { actor: user, action, targetType: "user", targetId: user.id, ip }, now);

  return {
    enabled: (user: User) => user.totpEnabledAt !== null,

    status(user: User): TwoFactorStatus {
      const enabled = user.totpEnabledAt !== null;
      const required = requiredForAdmins && user.isAdmin;
      return { enabled, required, setupRequired: required && !enabled, recoveryCodesLeft: enabled ? repo.recoveryCodesLeft(user.id) : 0 };
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

    // A new secret to scan; it counts once a first code from it is entered (enable).
    async setup(user: User) {
      if (user.totpEnabledAt !== null) throw twoFactorErrors.alreadyOn();
      const secret = newTotpSecret();
      repo.setPending(user.id, await box.seal(secret));
      const uri = totpUri(secret, user.username);
      return { secret, uri, qrSvg: qrSvg(uri) };
    },

    // Turns it on with a code from the pending secret: answers the recovery codes (shown once). The
    // session counts as stepped up (a code was just entered).
    async enable(user: User, input: string | null | undefined, session: SessionInfo | null, ip: string) {
      if (user.totpEnabledAt !== null) throw twoFactorErrors.alreadyOn();
      if (user.totpPendingSecret === null) throw twoFactorErrors.notSetUp();
      const code = codeText(input);
      if (!code) throw twoFactorErrors.codeRequired();
      const attempt = throttle.begin(networksOf(ip), user.username);
      if (typeof attempt === "number") throw tooManyRequests(`Too many wrong codes. Please try again ${waitText(attempt * 1000)}.`, attempt);
      const step = acceptedStep(await box.open(user.totpPendingSecret), code, clock(), null);
      if (step === null) {
        attempt.failed();
        throw twoFactorErrors.wrongCode();
      }
      attempt.succeeded();
      const codes = newRecoveryCodes();
      const now = clock();
      immediate(db, () => {
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

    // A code entered in this session: money actions are allowed for the next 5 minutes.
    async stepUp(user: User, session: SessionInfo | null, input: string | null | undefined, ip: string) {
      if (user.totpEnabledAt === null) throw twoFactorErrors.notOn();
      await checkCounted(user, input, ip);
      const at = session ? sessions.stepUp(session.id) : clock();
      // the money actions of the next 5 minutes were confirmed with a code
      audit(user, "two_factor.step_up", ip, at);
      return { stepUpUntil: new Date(at + STEP_UP_MS).toISOString() };
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

// --seed-admin's reset: the operator's way back in when an admin lost their phone and codes.
export function resetTwoFactor(db: Db, userId: number): boolean {
  const repo = createTwoFactorRepository(db);
  const had = repo.enabled(userId);
  repo.disable(userId);
  return had;
}
