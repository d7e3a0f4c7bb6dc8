// What the ledger says about the addresses people ask XRP for, read in the background (never on a
// request's path) through the payouts' own ledger connection:
// - each new request's address (account_info, and account_tx forward with limit 1: the transaction
//   that created the account names its activator), kept in address_signals for SIGNAL_FRESH_MS;
//   today's requests whose addresses one account activated are a cluster;
// - for SINK_DAYS after a payout, where the paid address sent its XRP (its newest account_tx page):
//   a destination SINK_FROM paid addresses send to is a sink, and its feeders and the addresses it or
//   they activated are its cluster, waiting requests included.
// Each finding re-scores the waiting requests of the addresses concerned (rescore.ts). The reads
// themselves are in ledger-reads.ts.
import type { Actor } from "../../auth/actor.ts";
import type { Db } from "../../db/client.ts";
import { immediate } from "../../db/transaction.ts";
import { parseLedgerAddress } from "../../lib/ledger-address.ts";
import { DAY_MS, dayStart } from "../../lib/time.ts";
import type { LedgerConnection } from "../../payouts/ledger.ts";
import { createLedgerReads, paymentsOut } from "./ledger-reads.ts";
import {
  type AddressEvidence,
  addressEvidence,
  type BlockClusterInput,
  CLUSTER_KINDS,
  clusterErrors,
  FLOWS_BATCH,
  FLOWS_EVERY_MS,
  MESSAGES,
  READS_AT_ONCE,
  SIGNAL_FRESH_MS,
  SIGNALS_BATCH,
  SINK_DAYS,
} from "./model.ts";
import { CLUSTER_COUNT_CAP, CLUSTER_FROM, SINK_FROM, shortAccount } from "../risk/address-points.ts";
import { createAddressSignalsRepository } from "./repository.ts";
import { createRescore } from "./rescore.ts";

export interface AddressSignalsDeps {
  db: Db;
  clock: () => number;
  log: (line: string) => void;
  // the payouts' ledger connection and wallet (null while payouts are off: nothing is read)
  ledger: () => LedgerConnection | null;
  faucetAccount: () => string | null;
  applyAddressRisk: (id: number, points: number, reasons: string[]) => void;
  blockAddresses: (addresses: string[], note: string, actor: Actor) => number;
}

export function createAddressSignals({
  db,
  clock,
  log,
  ledger,
  faucetAccount,
  applyAddressRisk,
  blockAddresses,
}: AddressSignalsDeps) {
  const repo = createAddressSignalsRepository(db);
  // the last request whose address was looked at (from the last day's first request at start)
  let after: number | null = null;
  let reading = false;
  let flowing = false;
  const ledgerReads = createLedgerReads();
  const { isFaucet, clusterOf, sinkOfActivator, rescore } = createRescore({ repo, faucetAccount, applyAddressRisk });

  // Each item read, READS_AT_ONCE at a time; null (logged) when the ledger does not answer: the
  // pass writes nothing and its batch is read again at the next one.
  async function readEach<T, R>(items: T[], readOne: (item: T) => Promise<R>): Promise<R[] | null> {
    const out: R[] = [];
    try {
      for (let i = 0; i < items.length; i += READS_AT_ONCE)
        out.push(...(await Promise.all(items.slice(i, i + READS_AT_ONCE).map(readOne))));
      return out;
    } catch (error) {
      log(`address signals: cannot read the ledger: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  const service = {
    // Reads the addresses of requests made since the last pass (a signal younger than
    // SIGNAL_FRESH_MS is kept) and re-scores their waiting requests and their clusters'. Returns
    // how many addresses it read from the ledger.
    async readNewRequests(): Promise<number> {
      const connection = ledger();
      if (!connection || reading) return 0;
      reading = true;
      try {
        const now = clock();
        after ??= repo.startAfter(now - DAY_MS);
        const requests = repo.requestsAfter(after, SIGNALS_BATCH);
        const addresses = [...new Set(requests.map((r) => r.address))];
        const stale = addresses.filter((a) => (repo.signal(a)?.checkedAt ?? 0) <= now - SIGNAL_FRESH_MS);
        const found = await readEach(stale, (address) => ledgerReads.account(connection, address, now));
        if (!found) return 0;
        // what the pass found, and the scores it changes, in one transaction (one commit a pass)
        immediate(db, () => {
          const touched = new Set<string>(addresses);
          for (const signal of found) {
            repo.saveSignal({ ...signal, sink: sinkOfActivator(signal.activatedBy) });
            // (past CLUSTER_COUNT_CAP, a new member changes nothing the others show)
            if (signal.activatedBy !== null && !isFaucet(signal.activatedBy)) {
              const members = repo.clusterMembers(signal.activatedBy, dayStart(now), CLUSTER_COUNT_CAP + 2);
              if (members.length >= CLUSTER_FROM && members.length <= CLUSTER_COUNT_CAP + 1)
                for (const m of members) touched.add(m);
            }
          }
          const memo = new Map<string, string[]>();
          for (const address of touched) rescore(address, now, memo);
        });
        if (requests.length > 0) after = requests[requests.length - 1]!.id;
        return found.length;
      } finally {
        reading = false;
      }
    },

    // Reads where the XRP of addresses this faucet paid in the last SINK_DAYS went (each at most
    // every FLOWS_EVERY_MS), finds sinks and re-scores their clusters' waiting requests. Returns the
    // number of addresses read.
    async readPaidAddresses(): Promise<number> {
      const connection = ledger();
      if (!connection || flowing) return 0;
      flowing = true;
      try {
        const now = clock();
        const own = faucetAccount();
        const addresses = repo.paidToRead(now - SINK_DAYS * DAY_MS, now - FLOWS_EVERY_MS, FLOWS_BATCH);
        const pages = await readEach(addresses, async (address) => {
          const signal = repo.signal(address) ? null : await ledgerReads.account(connection, address, now);
          const page = await ledgerReads.newestPage(connection, address);
          return { address, signal, page };
        });
        if (!pages) return 0;
        // what was read, the sinks it makes and the scores they change, in one transaction
        return immediate(db, () => {
          const destinations = new Set<string>();
          for (const { address, signal, page } of pages) {
            if (signal) repo.saveSignal({ ...signal, sink: sinkOfActivator(signal.activatedBy) });
            const sent = paymentsOut(page, address, own, now);
            for (const [destination, { drops, at }] of sent) {
              repo.saveFlow(address, destination, drops, at);
              destinations.add(destination);
            }
            repo.setFlowsChecked(address, now);
          }
          const memo = new Map<string, string[]>();
          for (const destination of destinations) {
            const feeders = repo.feeders(destination);
            if (feeders < SINK_FROM) continue;
            const known = repo.sink(destination);
            repo.saveSink(destination, feeders, now);
            if (!known)
              log(
                `address signals: ${destination} is a sink: ${feeders} addresses this faucet paid sent their XRP to it`,
              );
            repo.linkToSink(destination);
            for (const member of repo.sinkMembers(destination)) rescore(member, now, memo);
          }
          return pages.length;
        });
      } finally {
        flowing = false;
      }
    },

    // What the ledger says of these addresses, for the request rows and the user file.
    evidence(addresses: string[]): Map<string, AddressEvidence> {
      const found = new Map<string, AddressEvidence>();
      const signals = repo.signals([...new Set(addresses)]);
      if (signals.length === 0) return found;
      const now = clock();
      const memo = new Map<string, string[]>();
      const sinks = new Map<string, { feeders: number } | null>();
      for (const s of signals) {
        const size =
          s.activatedBy !== null && !isFaucet(s.activatedBy) ? clusterOf(s.activatedBy, now, memo).length : 0;
        if (s.sink !== null && !sinks.has(s.sink)) sinks.set(s.sink, repo.sink(s.sink));
        const sink = s.sink === null ? null : (sinks.get(s.sink) ?? null);
        found.set(s.address, addressEvidence(s, size, sink, sink !== null && repo.feeds(s.address, s.sink!)));
      }
      return found;
    },

    // "Block this cluster": the account (an activator or a sink) and the addresses of its cluster on
    // the block list in one step; the pending requests among them then show as blocked.
    blockCluster(input: BlockClusterInput, actor: Actor) {
      const kind = CLUSTER_KINDS.find((k) => k === input.kind);
      if (!kind) throw clusterErrors.invalid(MESSAGES.kind);
      const parsed = parseLedgerAddress(input.account ?? "");
      if (!parsed || parsed.tag !== null) throw clusterErrors.invalid(MESSAGES.account);
      const account = parsed.address;
      let members: string[];
      if (kind === "activator") {
        members = isFaucet(account) ? [] : repo.clusterMembers(account, dayStart(clock()));
        if (members.length < CLUSTER_FROM) throw clusterErrors.notACluster();
      } else {
        if (!repo.sink(account)) throw clusterErrors.notACluster();
        members = repo.sinkMembers(account);
      }
      const addresses = [account, ...members.filter((m) => m !== account)];
      const what =
        kind === "activator"
          ? `activated by ${shortAccount(account)}`
          : `sink ${shortAccount(account)} and its feeders`;
      const note = input.note?.trim() || `Cluster: ${what}`;
      const blocked = blockAddresses(addresses, note, actor);
      return { account, kind, addresses: addresses.length, blocked };
    },

    // Ledger reads made so far (the bench's figure).
    reads: ledgerReads.reads,
  };
  return service;
}
export type AddressSignals = ReturnType<typeof createAddressSignals>;
