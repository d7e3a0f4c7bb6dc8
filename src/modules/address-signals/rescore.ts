// The clusters an address belongs to, and its waiting requests scored again with what the ledger
// says of it now (faucet's applyAddressRisk): how old the account is, what it sent, how many of
// today's requests its activator activated, and whether it feeds a sink.
import { dayStart } from "../../lib/time.ts";
import { CLUSTER_COUNT_CAP, scoreAddress } from "../risk/address-points.ts";
import type { AddressSignalsRepository } from "./repository.ts";

export interface RescoreDeps {
  repo: AddressSignalsRepository;
  faucetAccount: () => string | null;
  applyAddressRisk: (id: number, points: number, reasons: string[]) => void;
}

export function createRescore({ repo, faucetAccount, applyAddressRisk }: RescoreDeps) {
  const isFaucet = (account: string | null) => account !== null && account === faucetAccount();

  // Today's requests' addresses one account activated, counted up to past CLUSTER_COUNT_CAP (a pass
  // asks each activator once: `memo`).
  const clusterOf = (activator: string, now: number, memo?: Map<string, string[]>) => {
    const known = memo?.get(activator);
    if (known) return known;
    const members = repo.clusterMembers(activator, dayStart(now), CLUSTER_COUNT_CAP + 2);
    memo?.set(activator, members);
    return members;
  };

  return {
    isFaucet,
    clusterOf,

    // The sink whose cluster an activator belongs to: a sink itself, or a feeder of one.
    sinkOfActivator(activator: string | null): string | null {
      if (activator === null) return null;
      if (repo.sink(activator)) return activator;
      const linked = repo.signal(activator)?.sink ?? null;
      return linked !== null && repo.feeds(activator, linked) ? linked : null;
    },

    // The address's waiting requests scored again with what the ledger says of it now.
    rescore(address: string, now: number, memo?: Map<string, string[]>) {
      const waiting = repo.waitingFor(address);
      if (waiting.length === 0) return;
      const s = repo.signal(address);
      if (!s) return;
      const activator = isFaucet(s.activatedBy) ? null : s.activatedBy;
      const clusterOthers =
        activator === null ? 0 : clusterOf(activator, now, memo).filter((a) => a !== address).length;
      const sinkRow = s.sink === null ? null : repo.sink(s.sink);
      const sink = sinkRow
        ? { account: sinkRow.account, feeders: sinkRow.feeders, feeds: repo.feeds(address, sinkRow.account) }
        : null;
      for (const request of waiting) {
        const { points, reasons } = scoreAddress(
          {
            found: s.found,
            activatedAt: s.activatedAt,
            txCount: s.txCount,
            activatedBy: s.activatedBy,
            clusterOthers,
            sink,
          },
          request.createdAt,
        );
        applyAddressRisk(request.id, points, reasons);
      }
    },
  };
}
