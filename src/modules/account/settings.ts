// A signed-in user's own account: their settings (email, payout address and tag) and their
// password; a new email or password needs the current one (current-password.ts).
import { hashPassword, type PasswordCost } from "../../auth/passwords.ts";
import { sessionIdFromToken } from "../../auth/sessions.ts";
import type { Db } from "../../db/client.ts";
import type { User } from "../../db/schema.ts";
import { immediate } from "../../db/transaction.ts";
import { parseLedgerAddress } from "../../lib/ledger-address.ts";
import { EMAIL_PATTERN } from "../../lib/validation.ts";
import type { CurrentPassword } from "./current-password.ts";
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
  passwordCost?: PasswordCost;
  currentPassword: CurrentPassword;
  // the user as GET /api/user answers them
  me: (user: User) => ReturnType<typeof selfView>;
}

export function createSettings({ db, repo, passwordCost, currentPassword: { withCurrentPassword }, me }: SettingsDeps) {
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
  };
}
