// All SQL of the address signals, prepared once. Each lookup reads through its own index: a signal by
// its address (primary key), a cluster by activating account (address_signals_activator), a sink's
// addresses (address_signals_sink), a destination's feeders (address_flows_destination), the new
// requests by id and the paid ones by when they were paid (faucet_requests_processed).
import type { Db } from "../../db/client.ts";
import type { SignalRow } from "./model.ts";

// At most this many addresses of one cluster are counted or re-scored.
export const CLUSTER_READ_MAX = 500;

type RawSignal = Omit<SignalRow, "found"> & { found: number };
const signalColumns =
  "address, found, activated_at as activatedAt, activated_by as activatedBy, balance_drops as balanceDrops, tx_count as txCount, sink, checked_at as checkedAt";
const asSignal = (r: RawSignal): SignalRow => ({ ...r, found: r.found === 1 });

export function createAddressSignalsRepository(db: Db) {
  const q = db.sqlite;
  // the request before the first made since a moment (else the last one): where the worker starts
  const startAfter = q.prepare<{ id: number }, [number]>(
    "select coalesce((select min(id) from faucet_requests where created_at > ?) - 1, (select max(id) from faucet_requests), 0) as id",
  );
  const requestsAfter = q.prepare<{ id: number; address: string }, [number, number]>(
    "select id, address from faucet_requests where id > ? order by id limit ?",
  );
  const signal = q.prepare<RawSignal, [string]>(`select ${signalColumns} from address_signals where address = ?`);
  const upsertSignal = q.prepare<
    unknown,
    [string, number, number | null, string | null, number | null, number | null, string | null, number]
  >(
    `insert into address_signals (address, found, activated_at, activated_by, balance_drops, tx_count, sink, checked_at) values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
     on conflict(address) do update set found = ?2, activated_at = ?3, activated_by = ?4, balance_drops = ?5, tx_count = ?6, sink = coalesce(sink, ?7), checked_at = ?8`,
  );
  // the addresses of requests since a moment that one account activated, at most `limit` (a bounded read)
  const clusterMembers = q.prepare<{ address: string }, [string, number, number]>(
    `select s.address from address_signals s indexed by address_signals_activator
     where s.activated_by = ?1 and exists (select 1 from faucet_requests r where r.address = s.address and r.created_at >= ?2) limit ?3`,
  );
  const waitingFor = q.prepare<{ id: number; createdAt: number }, [string]>(
    "select id, created_at as createdAt from faucet_requests indexed by faucet_requests_address_time where address = ? and status = 'PENDING'",
  );
  // addresses this faucet paid since a moment whose payments out were not read since another
  const paidToRead = q.prepare<{ address: string }, [number, number, number]>(
    `select r.address from faucet_requests r indexed by faucet_requests_processed
     where r.processed_at > ?1 and r.status = 'PROCESSED'
       and not exists (select 1 from address_signals s where s.address = r.address and s.flows_checked_at > ?2)
     group by r.address limit ?3`,
  );
  const setFlowsChecked = q.prepare<unknown, [string, number]>(
    "update address_signals set flows_checked_at = ?2 where address = ?1",
  );
  const upsertFlow = q.prepare<unknown, [string, string, number, number]>(
    `insert into address_flows (address, destination, amount_drops, first_at) values (?1, ?2, ?3, ?4)
     on conflict(address, destination) do update set amount_drops = max(amount_drops, ?3)`,
  );
  const feeders = q.prepare<{ n: number }, [string]>("select count(*) as n from address_flows where destination = ?");
  const feeds = q.prepare<{ n: number }, [string, string]>(
    "select count(*) as n from address_flows where address = ? and destination = ?",
  );
  const sink = q.prepare<{ account: string; feeders: number }, [string]>(
    "select account, feeders from address_sinks where account = ?",
  );
  const upsertSink = q.prepare<unknown, [string, number, number]>(
    `insert into address_sinks (account, feeders, found_at, updated_at) values (?1, ?2, ?3, ?3)
     on conflict(account) do update set feeders = ?2, updated_at = ?3`,
  );
  // a sink's cluster: its feeders and the addresses it or a feeder activated (each through its index)
  const linkFeeders = q.prepare<{ address: string }, [string]>(
    "update address_signals set sink = ?1 where sink is null and address in (select address from address_flows where destination = ?1) returning address",
  );
  const linkActivated = q.prepare<{ address: string }, [string]>(
    `update address_signals set sink = ?1 where sink is null and (activated_by = ?1 or activated_by in (select address from address_flows where destination = ?1)) returning address`,
  );
  const sinkMembers = q.prepare<{ address: string }, [string]>(
    `select address from address_signals where sink = ? limit ${CLUSTER_READ_MAX}`,
  );

  return {
    startAfter: (since: number) => startAfter.get(since)!.id,
    requestsAfter: (id: number, limit: number) => requestsAfter.all(id, limit),
    signal(address: string): SignalRow | null {
      const row = signal.get(address);
      return row ? asSignal(row) : null;
    },
    signals(addresses: string[]): SignalRow[] {
      if (addresses.length === 0) return [];
      const marks = addresses.map(() => "?").join(",");
      return q
        .prepare<RawSignal, string[]>(`select ${signalColumns} from address_signals where address in (${marks})`)
        .all(...addresses)
        .map(asSignal);
    },
    saveSignal: (s: Omit<SignalRow, "found"> & { found: boolean }) =>
      upsertSignal.run(
        s.address,
        s.found ? 1 : 0,
        s.activatedAt,
        s.activatedBy,
        s.balanceDrops,
        s.txCount,
        s.sink,
        s.checkedAt,
      ),
    clusterMembers: (activator: string, since: number, limit = CLUSTER_READ_MAX) =>
      clusterMembers.all(activator, since, limit).map((r) => r.address),
    waitingFor: (address: string) => waitingFor.all(address),
    paidToRead: (paidSince: number, readBefore: number, limit: number) =>
      paidToRead.all(paidSince, readBefore, limit).map((r) => r.address),
    setFlowsChecked: (address: string, at: number) => setFlowsChecked.run(address, at),
    saveFlow: (address: string, destination: string, drops: number, at: number) =>
      upsertFlow.run(address, destination, drops, at),
    feeders: (destination: string) => feeders.get(destination)!.n,
    feeds: (address: string, destination: string) => feeds.get(address, destination)!.n > 0,
    sink: (account: string) => sink.get(account) ?? null,
    saveSink: (account: string, feederCount: number, at: number) => upsertSink.run(account, feederCount, at),
    linkToSink: (account: string) => [...linkFeeders.all(account), ...linkActivated.all(account)].map((r) => r.address),
    sinkMembers: (account: string) => sinkMembers.all(account).map((r) => r.address),
  };
}
export type AddressSignalsRepository = ReturnType<typeof createAddressSignalsRepository>;
