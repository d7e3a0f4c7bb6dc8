// A signed-in user's own account: their settings (email, payout address and tag), their password,
// and the check of their current password that a new email, a new password and two-factor's
// changes need, counted like a login.
import { type HashGate, passwordCheckShares } from "../../auth/hash-gate.ts";
import { hashPassword, type PasswordCost, verifyPassword } from "../../auth/passwords.ts";
import { sessionIdFromToken } from "../../auth/sessions.ts";
import type { LoginThrottle } from "../../auth/throttle.ts";
import type { Db } from "../../db/client.ts";
import type { User } from "../../db/schema.ts";
import { immediate } from "../../db/transaction.ts";
import type { IpNetworks } from "../../lib/ip-group.ts";
import { parseLedgerAddress } from "../../lib/ledger-address.ts";
import { EMAIL_PATTERN } from "../../lib/validation.ts";
import type { FailedSignInAlert } from "./failed-sign-ins.ts";
import {
  accountErrors,
  MAX_DESTINATION_TAG,
  newPasswordOf,
  SELF_SERVICE,
  type selfView,
  type SettingsInput,
} from "./model.ts";
import type { AccountRepository } from "./repository.ts";

export interface SettingsDeps {
  db: Db;
  repo: AccountRepository;
  throttle: LoginThrottle;
  hashGate: HashGate;
  passwordCost?: PasswordCost;
  networksOf: (ip: string) => Readonly<IpNetworks>;
  failedSignIn: FailedSignInAlert;
  // the user as GET /api/user answers them
  me: (user: User) => ReturnType<typeof selfView>;
}

export function createSettings({
  db,
  repo,
  throttle,
  hashGate,
  passwordCost,
  networksOf,
  failedSignIn,
  me,
}: SettingsDeps) {
  // Runs `then` (a hash, say) once the user's current password is checked: counted like a login (too
  // many wrong ones wait) and through the hash gate; a wrong one is 400 WRONG_PASSWORD.
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
    // Account settings: the email (as registration takes it; a new one needs the current password,
    // since the email is where a reset link goes), the payout address (as the faucet form takes it; an
    // X-address brings its tag; null or "" clears address and tag) and its destination tag. Fields not
    // sent stay as they are.
    async updateSettings(user: User, input: SettingsInput, ip: string) {
      if (input.email === undefined && input.xrpAddress === undefined && input.destinationTag === undefined)
        throw accountErrors.nothingToChange();
      let email = user.email;
      if (input.email !== undefined) {
        email = (input.email ?? "").trim();
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
        const text = (input.xrpAddress ?? "").trim();
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
      if (!input.currentPassword) throw accountErrors.currentRequired();
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
  };
}
