// The back office's own reads: what waits for an admin (the sidebar's counts) and a user's whole
// file. Reads only; the file's lists are read in one transaction so they agree with each other.
import type { Db } from "../../db/client.ts";
import { readSnapshot } from "../../db/transaction.ts";
import { DAY_MS } from "../../lib/time.ts";
import { scoreAccount } from "../social/risk.ts";
import { backOfficeErrors, type UserFile, type WaitingCounts } from "./model.ts";
import { createBackOfficeRepository } from "./repository.ts";

export function createBackOfficeService({ db }: { db: Db }) {
  const repo = createBackOfficeRepository(db);
  return {
    counts: (): WaitingCounts => repo.counts(),
    userFile(userId: number): UserFile {
      return readSnapshot(db, () => {
        const user = repo.user(userId);
        if (!user) throw backOfficeErrors.userNotFound();
        const risk = scoreAccount({
          accountsFromRegistrationNetwork: user.ipNetwork === null ? 0 : repo.accountsFromNetwork(userId, user.ipNetwork, user.createdAt, 7 * DAY_MS),
          accountsFromRegistrationDevice: user.deviceId === null ? 0 : repo.accountsOnDevice(userId, user.deviceId),
          accountsToItsAddresses: repo.accountsToItsAddresses(userId),
        });
        return {
          user,
          registration: { ipNetwork: user.ipNetwork, deviceId: user.deviceId },
          risk,
          paidDrops: repo.paidDrops(userId),
          faucetRequests: repo.requests(userId),
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
