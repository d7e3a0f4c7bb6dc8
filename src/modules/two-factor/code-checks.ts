// Checking a code entered for an account: a current TOTP code (each step once) or an unused
// recovery code (then used up), counted with the login throttle and with the account's other codes
// (guesses.ts); and the console's setup code an admin of a server paying real XRP sets it up with.
import type { SecretBox } from "../../auth/secret-box.ts";
import type { LoginNetworks, LoginThrottle } from "../../auth/throttle.ts";
import { acceptedStep } from "../../auth/totp.ts";
import type { User } from "../../db/schema.ts";
import { tooManyRequests } from "../../lib/errors.ts";
import { said } from "../i18n/messages.ts";
import { waitIn } from "../i18n/values.ts";
import { codeText, hashOf, normalRecoveryCode } from "./codes.ts";
import type { CodeGuess, CodeGuesses } from "./guesses.ts";
import { twoFactorErrors } from "./model.ts";
import type { TwoFactorRepository } from "./repository.ts";

// The throttle's answer to a code from a username and network with too many wrong ones.
const tooManyWrongCodes = (seconds: number) =>
  tooManyRequests(said("server.twoFactor.tooManyWrongCodes", { wait: waitIn(seconds * 1000, Date.now()) }), seconds);

export interface CodeCheckDeps {
  clock: () => number;
  box: SecretBox;
  repo: TwoFactorRepository;
  throttle: LoginThrottle;
  guesses: CodeGuesses;
  networksOf: (ip: string) => LoginNetworks;
  requiredForAdmins: boolean;
}

export function createCodeChecks({
  clock,
  box,
  repo,
  throttle,
  guesses,
  networksOf,
  requiredForAdmins,
}: CodeCheckDeps) {
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

  // An admin of a server paying real XRP sets it up with the console's code (--seed-admin): whoever
  // has the password alone (phished, or set through a leaked reset link) is who this stops.
  const needsSetupCode = (user: User) => requiredForAdmins && user.isAdmin;

  // Counts a code of the account from this network, before it is checked (synchronously: codes sent
  // at once cannot all pass): with the login throttle and with the account's other codes. Throws
  // when either says wait.
  const beginCode = (user: User, ip: string) => {
    const nets = networksOf(ip);
    const attempt = throttle.begin(nets, user.username, "code");
    if (typeof attempt === "number") throw tooManyWrongCodes(attempt);
    const guess = guesses.begin(user, nets.network);
    if (typeof guess === "number") {
      attempt.cancel();
      throw twoFactorErrors.wrongCodesWait(guess);
    }
    return { attempt, guess };
  };

  return {
    beginCode,
    checkGuess,
    needsSetupCode,

    // A code entered after sign-in (step-up, turning off, new recovery codes): counted like a password,
    // and with the account's other codes.
    async checkCounted(user: User, input: string | null | undefined, ip: string): Promise<void> {
      const code = codeText(input);
      if (!code) throw twoFactorErrors.codeRequired();
      const { attempt, guess } = beginCode(user, ip);
      let ok = false;
      try {
        ok = await checkGuess(user, code, guess);
      } finally {
        if (ok) attempt.succeeded();
        else attempt.failed();
      }
      if (!ok) throw twoFactorErrors.wrongCode();
    },

    // The console's setup code, counted like a code.
    checkSetupCode(user: User, input: string | null | undefined, ip: string) {
      const code = codeText(input);
      if (!code) throw twoFactorErrors.setupCodeRequired();
      const attempt = throttle.begin(networksOf(ip), user.username, "code");
      if (typeof attempt === "number") throw tooManyWrongCodes(attempt);
      if (!repo.setupCodeValid(user.id, hashOf(code), clock())) {
        attempt.failed();
        throw twoFactorErrors.wrongSetupCode();
      }
      attempt.succeeded();
    },
  };
}
