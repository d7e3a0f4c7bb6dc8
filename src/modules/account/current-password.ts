// The check of a signed-in user's current password that a new email, a new password, turning
// two-factor sign-in on and a step-up without it need: counted like a login (too many wrong ones
// wait) and through the hash gate; a wrong one is 400 WRONG_PASSWORD. Its own piece, so that
// two-factor (which the accounts need for their logins) is built after it and before the accounts.
import { type HashGate, passwordCheckShares } from "../../auth/hash-gate.ts";
import { verifyPassword } from "../../auth/passwords.ts";
import type { LoginThrottle } from "../../auth/throttle.ts";
import type { User } from "../../db/schema.ts";
import type { IpNetworks } from "../../lib/ip-group.ts";
import type { FailedSignInAlert } from "./failed-sign-ins.ts";
import { accountErrors } from "./model.ts";

export interface CurrentPasswordDeps {
  throttle: LoginThrottle;
  hashGate: HashGate;
  networksOf: (ip: string) => Readonly<IpNetworks>;
  failedSignIn: FailedSignInAlert;
}

export function createCurrentPassword({ throttle, hashGate, networksOf, failedSignIn }: CurrentPasswordDeps) {
  // Runs `then` (a hash, say) once the user's current password is checked.
  const withCurrentPassword = async <T>(
    user: User,
    currentPassword: string | null | undefined,
    ip: string,
    then: () => Promise<T>,
  ): Promise<T> => {
    const current = currentPassword ?? "";
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
      else failedSignIn(user, nets.network, attempt.failed());
    }
    if (!result) throw accountErrors.wrongPassword();
    return result.value;
  };

  return {
    withCurrentPassword,
    // Checks the user's password again (400 WRONG_PASSWORD when it is wrong).
    async confirmPassword(user: User, password: string | null | undefined, ip: string): Promise<void> {
      await withCurrentPassword(user, password, ip, async () => true);
    },
  };
}
export type CurrentPassword = ReturnType<typeof createCurrentPassword>;
