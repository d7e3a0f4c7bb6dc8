// What the ledger says about the addresses people ask XRP for, read in the background (never on a
// request's path) through the payouts' own ledger connection:
// - each new request's address (account_info, and account_tx forward with limit 1: the transaction
//   that created the account names its activator), kept in address_signals for SIGNAL_FRESH_MS;
//   today's requests whose addresses one account activated are a cluster;
// - for SINK_DAYS after a payout, where the paid address sent its XRP (its newest account_tx page):
//   a destination SINK_FROM paid addresses send to is a sink, and its feeders and the addresses it or
//   they activated are its cluster, waiting requests included.
// Each finding re-scores the waiting requests of the addresses concerned (faucet's applyAddressRisk).
import type { Actor } from "../../auth/actor.ts";
import type { Db } from "../../db/client.ts";
import { immediate } from "../../db/transaction.ts";
import { parseLedgerAddress } from "../../lib/ledger-address.ts";
import { DAY_MS, dayStart } from "../../lib/time.ts";
import { type AccountInfoAnswer, type LedgerConnection, rippledError } from "../../payouts/ledger.ts";
import {
  type AddressEvidence,
  addressEvidence,
  type BlockClusterInput,
  CLUSTER_COUNT_CAP,
  CLUSTER_FROM,
  CLUSTER_KINDS,
  clusterErrors,
  FLOWS_BATCH,
  FLOWS_EVERY_MS,
  FLOWS_PAGE,
  MESSAGES,
  READS_AT_ONCE,
  SIGNAL_FRESH_MS,
  SIGNALS_BATCH,
  SINK_DAYS,
  SINK_FROM,
  type SignalRow,
  scoreAddress,
  shortAccount,
} from "./model.ts";
import { createAddressSignalsRepository } from "./repository.ts";

// The parts of an account_tx answer (API v2, as xrpl.js asks) read here.
interface AccountTxEntry {
  tx_json?: { TransactionType?: string; Account?: string; Destination?: string };
  meta?: {
    TransactionResult?: string;
    delivered_amount?: unknown;
    AffectedNodes?: { CreatedNode?: { LedgerEntryType?: string; NewFields?: { Account?: string } } }[];
  };
  ledger_index?: number;
  close_time_iso?: string;
}
interface AccountTxAnswer {
  transactions: AccountTxEntry[];
}

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

// The XRP an address sent, by destination (and the first time), in one account_tx page: its
// validated Payments, those to the faucet itself left out.
function paymentsOut(page: AccountTxAnswer, address: string, own: string | null, now: number) {
  const sent = new Map<string, { drops: number; at: number }>();
  for (const entry of page.transactions) {
    const tx = entry.tx_json;
    const delivered = entry.meta?.delivered_amount;
    if (tx?.TransactionType !== "Payment" || tx.Account !== address || !tx.Destination || tx.Destination === own)
      continue;
    if (entry.meta?.TransactionResult !== "tesSUCCESS" || typeof delivered !== "string") continue;
    const at = entry.close_time_iso ? Date.parse(entry.close_time_iso) : now;
    const before = sent.get(tx.Destination);
    sent.set(tx.Destination, { drops: (before?.drops ?? 0) + Number(delivered), at: Math.min(before?.at ?? at, at) });
  }
  return sent;
}

// The transactions an account sent: its Sequence started at the ledger that created it (or at 1, for
// an account created before the DeletableAccounts amendment of 2020), and each one sent took one.
export const sentSince = (sequence: number, createdInLedger: number) =>
  sequence >= createdInLedger ? sequence - createdInLedger : Math.max(0, sequence - 1);

const createdAccount = (entry: AccountTxEntry, address: string) =>
  (entry.meta?.AffectedNodes ?? []).some(
    (n) => n.CreatedNode?.LedgerEntryType === "AccountRoot" && n.CreatedNode.NewFields?.Account === address,
  );

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
  let reads = 0;

  // One address as the last validated ledger has it.
  async function read(connection: LedgerConnection, address: string, now: number): Promise<Omit<SignalRow, "sink">> {
    reads++;
    let info: AccountInfoAnswer;
    try {
      info = await connection.request<AccountInfoAnswer>({
        command: "account_info",
        account: address,
        ledger_index: "validated",
      });
    } catch (error) {
      if (rippledError(error)?.error !== "actNotFound") throw error;
      return {
        address,
        found: false,
        activatedAt: null,
        activatedBy: null,
        balanceDrops: null,
        txCount: null,
        checkedAt: now,
      };
    }
    reads++;
    const first = (
      await connection.request<AccountTxAnswer>({
        command: "account_tx",
        account: address,
        forward: true,
        limit: 1,
        ledger_index_min: -1,
        ledger_index_max: -1,
      })
    ).transactions[0];
    // (a server without the account's whole history may not hold the creating transaction)
    const creating = first && createdAccount(first, address) ? first : null;
    const activatedLedger = creating?.ledger_index ?? null;
    return {
      address,
      found: true,
      activatedAt: creating?.close_time_iso ? Date.parse(creating.close_time_iso) : null,
      activatedBy: creating?.tx_json?.Account ?? null,
      balanceDrops: Number(info.account_data.Balance),
      txCount: activatedLedger === null ? null : sentSince(Number(info.account_data.Sequence), activatedLedger),
      checkedAt: now,
    };
  }

  // The sink whose cluster an activator belongs to: a sink itself, or a feeder of one.
  function sinkOfActivator(activator: string | null): string | null {
    if (activator === null) return null;
    if (repo.sink(activator)) return activator;
    const linked = repo.signal(activator)?.sink ?? null;
    return linked !== null && repo.feeds(activator, linked) ? linked : null;
  }

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

  // The address's waiting requests scored again with what the ledger says of it now.
  function rescore(address: string, now: number, memo?: Map<string, string[]>) {
    const waiting = repo.waitingFor(address);
    if (waiting.length === 0) return;
    const s = repo.signal(address);
    if (!s) return;
    const activator = isFaucet(s.activatedBy) ? null : s.activatedBy;
    const clusterOthers = activator === null ? 0 : clusterOf(activator, now, memo).filter((a) => a !== address).length;
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
  }

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
        const found = await readEach(stale, (address) => read(connection, address, now));
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
          const signal = repo.signal(address) ? null : await read(connection, address, now);
          reads++;
          const page = await connection.request<AccountTxAnswer>({
            command: "account_tx",
            account: address,
            limit: FLOWS_PAGE,
            ledger_index_min: -1,
            ledger_index_max: -1,
          });
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
    reads: () => reads,
  };
  return service;
}
export type AddressSignals = ReturnType<typeof createAddressSignals>;
