// The back office's own reads: what waits for an admin (the sidebar's counts), the list of users and
// a user's whole file (its lists read in one transaction so they agree with each other); and what an
// admin does to an account from its file: disable it, enable it again, write the admins' note.
import type { Actor } from "../../auth/actor.ts";
import { requireStepUp } from "../../auth/step-up.ts";
import type { Db } from "../../db/client.ts";
import { immediate, readSnapshot } from "../../db/transaction.ts";
import { optionalText } from "../../lib/validation.ts";
import { recordAudit } from "../audit/service.ts";
import { DAY_MS } from "../../lib/time.ts";
import { registrationWide, scoreAccount } from "../social/risk.ts";
import type { RewardService } from "../rewards/service.ts";
import {
  backOfficeErrors,
  NOTE_MAX,
  USERS_PAGE_SIZE,
  type UserFile,
  type UserUpdate,
  userUpdateMessage,
  type WaitingCounts,
} from "./model.ts";
import { createBackOfficeRepository } from "./repository.ts";
import type { AddressEvidence } from "../address-signals/model.ts";

export function createBackOfficeService({
  db,
  clock = Date.now,
  pendingRewards,
  addressEvidence = () => new Map(),
  unreadMessages,
  endSessions = () => 0,
}: {
  db: Db;
  clock?: () => number;
  // ends every session of the user (auth/sessions.ts), answering how many there were
  endSessions?: (userId: number) => number;
  pendingRewards: () => ReturnType<RewardService["pending"]>;
  // what the ledger says of its requests' addresses (modules/address-signals)
  addressEvidence?: (addresses: string[]) => Map<string, AddressEvidence>;
  // the contact inbox's messages no admin has opened (modules/contact)
  unreadMessages: () => number;
}) {
  const repo = createBackOfficeRepository(db);
  const withEvidence = (rows: ReturnType<typeof repo.requests>) => {
    const ledger = addressEvidence(rows.map((r) => r.address));
    return rows.map((r) => ({ ...r, ledger: ledger.get(r.address) ?? null }));
  };
  return {
    counts: (): WaitingCounts => ({ ...repo.counts(), unreadMessages: unreadMessages() }),
    // The admin's list: a page of users (newest first), found by username (any case) or by the start
    // of an XRP address; the totals over everyone; the rewards waiting; the payments made to users.
    users(search: string, page: number) {
      const name = search.trim().toLowerCase().slice(0, 64);
      const found = repo.usersPage(name, search.trim(), page, USERS_PAGE_SIZE);
      // with the accounts from other networks of each one's wide network (a capped count per row)
      const rows = found.rows.map((row) => ({
        ...row,
        wideAccounts: registrationWide(row, repo.accountsFromWide)?.accounts ?? 0,
      }));
      return {
        rows,
        total: found.total,
        page,
        pageSize: USERS_PAGE_SIZE,
        summary: repo.usersSummary(),
        pendingRewards: pendingRewards(),
        payments: repo.payments(),
      };
    },
    // Disables the account (it can no longer sign in; its sessions end at once) or enables it again,
    // and sets the admins' note on it; each change audited. Disabling and enabling need what money
    // needs (a fresh code from an admin with two-factor sign-in): a stolen session must not lock the
    // other admins out.
    updateUser(userId: number, input: UserUpdate, actor: Actor) {
      const disabled = input.disabled ?? undefined;
      const note = input.note === undefined ? undefined : optionalText(input.note, "note", NOTE_MAX) || null;
      if (disabled === undefined && note === undefined) throw backOfficeErrors.nothingToChange();
      if (disabled !== undefined) requireStepUp(actor);
      return immediate(db, () => {
        const user = repo.user(userId);
        if (!user) throw backOfficeErrors.userNotFound();
        if (disabled === true && userId === actor.admin.id) throw backOfficeErrors.disableSelf();
        const now = clock();
        const audit = (action: string, details: Record<string, unknown>) =>
          recordAudit(
            db,
            { actor: actor.admin, ip: actor.ip, action, targetType: "user", targetId: userId, details },
            now,
          );
        const toggled = disabled !== undefined && disabled !== (user.disabledAt !== null);
        let ended = 0;
        if (toggled) {
          repo.setDisabled(userId, disabled ? now : null);
          if (disabled) ended = endSessions(userId);
          audit(disabled ? "user.disable" : "user.enable", { username: user.username, sessionsEnded: ended });
        }
        const noted = note !== undefined && note !== user.adminNote;
        if (noted) {
          repo.setNote(userId, note);
          audit("user.note", {
            username: user.username,
            changes: [{ label: "Note", before: user.adminNote ?? "(none)", after: note ?? "(none)" }],
          });
        }
        const nowDisabled = toggled ? disabled : user.disabledAt !== null;
        return {
          message: userUpdateMessage(user.username, { disabled: toggled ? disabled : undefined, ended, noted }),
          disabled: nowDisabled,
          note: noted ? note : user.adminNote,
        };
      });
    },

    userFile(userId: number): UserFile {
      return readSnapshot(db, () => {
        const user = repo.user(userId);
        if (!user) throw backOfficeErrors.userNotFound();
        const wide = registrationWide(user, repo.accountsFromWide);
        const risk = scoreAccount({
          accountsFromRegistrationNetwork:
            user.ipNetwork === null ? 0 : repo.accountsFromNetwork(userId, user.ipNetwork, user.createdAt, 7 * DAY_MS),
          accountsFromRegistrationDevice: user.deviceId === null ? 0 : repo.accountsOnDevice(userId, user.deviceId),
          accountsToItsAddresses: repo.accountsToItsAddresses(userId),
          accountsFromRegistrationWide: wide,
        });
        return {
          user,
          registration: { ipNetwork: user.ipNetwork, deviceId: user.deviceId },
          registrationWide: { ipWide: user.ipWide, accounts: wide?.accounts ?? 0 },
          risk,
          paidDrops: repo.paidDrops(userId),
          faucetRequests: withEvidence(repo.requests(userId)),
          rewards: repo.rewards(userId),
          payouts: repo.payouts(userId),
          ips: repo.ips(userId),
          devices: repo.devices(userId),
          audit: repo.audit(userId),
        };
      });
    },
  };
}
export type BackOfficeService = ReturnType<typeof createBackOfficeService>;
