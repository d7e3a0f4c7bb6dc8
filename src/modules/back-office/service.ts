// The back office's own reads: what waits for an admin (the sidebar's counts), the list of users and
// a user's whole file. Reads only; the file's lists are read in one transaction so they agree with each other.
import type { Db } from "../../db/client.ts";
import { readSnapshot } from "../../db/transaction.ts";
import { DAY_MS } from "../../lib/time.ts";
import { registrationWide, scoreAccount } from "../social/risk.ts";
import type { RewardService } from "../rewards/service.ts";
import { backOfficeErrors, USERS_PAGE_SIZE, type UserFile, type WaitingCounts } from "./model.ts";
import { createBackOfficeRepository } from "./repository.ts";
import type { AddressEvidence } from "../address-signals/model.ts";

export function createBackOfficeService({
  db,
  pendingRewards,
  addressEvidence = () => new Map(),
  unreadMessages,
}: {
  db: Db;
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
