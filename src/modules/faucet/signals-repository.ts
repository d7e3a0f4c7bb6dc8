// The SQL of a request's risk signals (signal-counts.ts) and of the waiting requests a new one scores
// again (rescoring.ts). Every statement reads one network's, wide network's, device's or address's
// rows through its own index, so a farm's rows elsewhere cost it nothing (hot-path.test.ts checks
// the plans). bun:sqlite statements: through Drizzle's prepared queries each cost several times the
// statement itself (its placeholders and row mapping), about half an accepted request's time.
import type { Db } from "../../db/client.ts";
import type { FaucetRequest } from "../../db/schema.ts";
import type { IpNetworks } from "../../lib/ip-group.ts";
import { TOP_SCORE } from "../risk/score.ts";
import { WIDE_REQUESTS_COUNTED } from "../risk/signals.ts";

// A request's network (IPv6 /48, IPv4 /24) and wide network (IPv6 /32, IPv4 /16): lib/ip-group.ts.
export type Networks = Pick<IpNetworks, "network" | "wide">;

// How many of a network's (and a wide network's) newest requests a new one rescores at most.
export const RESCORED_AT_MOST = 20;
// How many of a wide network's newest requests the ones waiting there are counted from at most
// (RESCORED_AT_MOST of them, and the WIDE_REQUESTS_COUNTED before each, with room for their own
// network's): one that needs more is counted on its own.
export const WIDE_NEWEST_READ = 64;

// The counts of a request's risk signals, each since its own moment (SignalMoments).
export interface SignalCounts {
  rejected: number;
  fromNetworkRecently: number;
  devicesForAddress: number;
  devicesFromNetwork: number;
  fromWideHour: number;
  fromWideDay: number;
  paidToWide: number;
}
export type SignalMoments = Record<keyof SignalCounts, number>;
// ...with the other addresses from the network and the device (a waiting request counted again:
// no limits' read has them), since the moment rescoreCounts is given for them.
export interface RescoreCounts extends SignalCounts {
  addressesFromNetwork: number;
  addressesFromDevice: number;
}

// A request of a wide network, as the velocity counts of those waiting there read it.
export interface WideRequest {
  ip_network: string | null;
  created_at: number;
}

// What scoring a waiting request again reads of it (rescoring.ts).
export type WaitingRequest = Pick<
  FaucetRequest,
  | "id"
  | "address"
  | "amountDrops"
  | "reason"
  | "status"
  | "riskScore"
  | "riskReasons"
  | "requesterIp"
  | "ipGroup"
  | "ipNetwork"
  | "ipWide"
  | "deviceId"
  | "userAgent"
  | "budgetDay"
  | "createdAt"
  | "addressPoints"
  | "addressReasons"
  | "riskSignals"
>;

export function createSignalsRepository(db: Db) {
  // The counts of a request's risk signals in one statement, each served by the index of the width
  // it counts:
  // - rejected requests from the network and from the device (its rows of other networks), each
  //   through its own index: named, because the planner would take the status index, which holds
  //   every row of a farm's rejected day;
  // - the network's requests of the last minutes, and the other devices of the address and network;
  // - velocity: requests from the wide network (IPv6 /32, IPv4 /16) that came from another network.
  //   A farm can put any number of rows in one wide network: counted up to WIDE_REQUESTS_COUNTED
  //   (past which the score is at its top anyway), so the count costs the same at 1k and 1M rows;
  //   the hour's and the day's from one walk of the index: the day's newest WIDE_REQUESTS_COUNTED,
  //   of which those in the hour are all the hour's, or the cap;
  // - whether a request from another network of the wide one was approved (the partial index
  //   faucet_requests_wide_approved holds approved and paid requests only).
  // A network with no request in the last 24 h (the limits' read says so) has none in the last
  // minutes and no other device either: its statement leaves those two counts out (each is an index
  // seek; most requests come from such a network, a farm's new /48s too).
  const signalCountsSql = (networkAsked: boolean, extraColumns = "") => {
    const fromNetworkRecently = networkAsked
      ? "(select count(*) from faucet_requests where ip_network = $network and created_at > $fromNetworkRecently)"
      : "0";
    const devicesFromNetwork = networkAsked
      ? otherDevices("ip_network = $network and device_id <> $device and created_at > $devicesFromNetwork")
      : "0";
    return `select
       (select count(*) from faucet_requests indexed by faucet_requests_network_time
          where ip_network = $network and created_at > $rejected and status = 'REJECTED')
       + (select count(*) from faucet_requests indexed by faucet_requests_device_time
          where device_id = $device and created_at > $rejected and ip_network <> $network and status = 'REJECTED')
         as rejected,
       ${fromNetworkRecently} as fromNetworkRecently,
       ${otherDevices("address = $address and device_id <> $device and created_at > $devicesForAddress")}
         as devicesForAddress,
       ${devicesFromNetwork} as devicesFromNetwork,
       wide.fromWideHour, wide.fromWideDay,
       (select count(*) from (select 1 from faucet_requests indexed by faucet_requests_wide_approved
          where ip_wide = $wide and status in ('APPROVED', 'PROCESSED') and processed_at > $paidToWide
            and ip_network <> $network limit 1)) as paidToWide${extraColumns}
     from (select count(*) as fromWideDay, coalesce(sum(created_at > $fromWideHour), 0) as fromWideHour
       from (select created_at from faucet_requests
         where ip_wide = $wide and created_at > $fromWideDay and ip_network <> $network
         order by created_at desc limit ${WIDE_REQUESTS_COUNTED})) as wide`;
  };
  type SignalArgs = Networks & SignalMoments & { device: string; address: string };
  const signalCounts = db.sqlite.prepare<SignalCounts, [SignalArgs]>(signalCountsSql(true));
  const signalCountsQuietNetwork = db.sqlite.prepare<SignalCounts, [SignalArgs]>(signalCountsSql(false));
  // A waiting request counted again counts its other addresses in the same statement: one crossing
  // into bun:sqlite for each request rescored, not three.
  const rescoreCounts = db.sqlite.prepare<RescoreCounts, [SignalArgs & { addressesSince: number }]>(
    signalCountsSql(
      true,
      `, ${otherAddresses("ip_network = $network")} as addressesFromNetwork,
         ${otherAddresses("device_id = $device")} as addressesFromDevice`,
    ),
  );

  // The requests still waiting below the top score among the newest RESCORED_AT_MOST of a network
  // and of a wide network since a moment: a bounded read however many a farm left waiting. (Only
  // the ones kept are read whole: in a flood the newest are at the top score already. The wide
  // network's index holds the status and the score: its newest are read without their rows.)
  const waitingAmongNewest = (column: "ip_network" | "ip_wide") =>
    db.sqlite.prepare<WaitingRow, [{ key: string; since: number; newId: number }]>(
      `select id, address, amount_drops, reason, status, risk_score, risk_reasons, requester_ip, ip_group, ip_network,
         ip_wide, device_id, user_agent, budget_day, created_at, address_points, address_reasons, risk_signals
       from faucet_requests where id in (
         select id from (select id, status, risk_score from faucet_requests
           where ${column} = $key and created_at > $since order by created_at desc limit ${RESCORED_AT_MOST})
         where status = 'PENDING' and coalesce(risk_score, 0) < ${TOP_SCORE} and id <> $newId)`,
    );
  const waitingFromNetwork = waitingAmongNewest("ip_network");
  const waitingFromWide = waitingAmongNewest("ip_wide");
  // What the requests waiting in a wide network share, read once for all of them: the wide
  // network's newest requests since a moment, their network and time from its index alone (each
  // one's velocity counts are counted from them), and its networks with a request approved since a
  // moment (two tell whether there is one other than a given network).
  const wideNewest = db.sqlite.prepare<WideRequest, [{ wide: string; since: number }]>(
    `select ip_network, created_at from faucet_requests indexed by faucet_requests_wide_time
       where ip_wide = $wide and created_at > $since order by created_at desc limit ${WIDE_NEWEST_READ}`,
  );
  const paidNetworksOfWide = db.sqlite.prepare<{ ip_network: string | null }, [{ wide: string; since: number }]>(
    `select distinct ip_network from faucet_requests indexed by faucet_requests_wide_approved
       where ip_wide = $wide and status in ('APPROVED', 'PROCESSED') and processed_at > $since limit 2`,
  );
  const setRisk = db.sqlite.prepare<unknown, [{ id: number; score: number; reasons: string; signals: string }]>(
    "update faucet_requests set risk_score = $score, risk_reasons = $reasons, risk_signals = $signals where id = $id",
  );
  const setAddressRisk = db.sqlite.prepare<
    unknown,
    [{ id: number; score: number; reasons: string; points: number; addressReasons: string }]
  >(
    `update faucet_requests set risk_score = $score, risk_reasons = $reasons, address_points = $points,
       address_reasons = $addressReasons where id = $id`,
  );

  return {
    // (`networkQuiet`: the network asked nothing in the last 24 h)
    signalCounts: (nets: Networks, device: string, address: string, since: SignalMoments, networkQuiet = false) =>
      (networkQuiet ? signalCountsQuietNetwork : signalCounts).get({ ...nets, device, address, ...since })!,
    rescoreCounts: (nets: Networks, device: string, address: string, since: SignalMoments, addressesSince: number) =>
      rescoreCounts.get({ ...nets, device, address, ...since, addressesSince })!,
    // (see waitingAmongNewest; each request once, newest first. Read by bun:sqlite: Drizzle's
    // mapping of whole rows is most of a farm request's time here.)
    // (`networkQuiet`: the network asked nothing else in 24 h, so nothing waits there)
    waitingFrom(network: string, wide: string, since: number, newId: number, networkQuiet = false): WaitingRequest[] {
      const rows = new Map<number, WaitingRow>();
      for (const row of [
        ...(networkQuiet ? [] : waitingFromNetwork.all({ key: network, since, newId })),
        ...waitingFromWide.all({ key: wide, since, newId }),
      ])
        rows.set(row.id, row);
      return [...rows.values()].sort((a, b) => b.created_at - a.created_at).map(waitingRequest);
    },
    wideNewest: (wide: string, since: number) => wideNewest.all({ wide, since }),
    paidNetworksOfWide: (wide: string, since: number) =>
      paidNetworksOfWide.all({ wide, since }).map((row) => row.ip_network),
    setRisk: (id: number, score: number, reasons: string[], signals: number[]) =>
      setRisk.run({ id, score, reasons: JSON.stringify(reasons), signals: JSON.stringify(signals) }),
    setAddressRisk: (id: number, score: number, reasons: string[], points: number, addressReasons: string[]) =>
      setAddressRisk.run({
        id,
        score,
        reasons: JSON.stringify(reasons),
        points,
        addressReasons: JSON.stringify(addressReasons),
      }),
  };
}
export type SignalsRepository = ReturnType<typeof createSignalsRepository>;

// The other devices among the rows `where` names. (A count(distinct) builds a temporary b-tree each
// time it runs: run only when there is a row to count, which for most requests, from a new address,
// there is not.)
const otherDevices = (where: string) =>
  `case when exists (select 1 from faucet_requests where ${where})
     then (select count(distinct device_id) from faucet_requests where ${where}) else 0 end`;
// The other addresses than the request's among the rows `where` names since `addressesSince`.
const otherAddresses = (where: string) =>
  `case when exists (select 1 from faucet_requests
       where ${where} and created_at > $addressesSince and address <> $address)
     then (select count(distinct address) from faucet_requests
       where ${where} and created_at > $addressesSince and address <> $address) else 0 end`;

interface WaitingRow {
  id: number;
  address: string;
  amount_drops: number;
  reason: string | null;
  status: string;
  risk_score: number | null;
  risk_reasons: string | null;
  requester_ip: string | null;
  ip_group: string | null;
  ip_network: string | null;
  ip_wide: string | null;
  device_id: string | null;
  user_agent: string | null;
  budget_day: string | null;
  created_at: number;
  address_points: number;
  address_reasons: string | null;
  risk_signals: string | null;
}
const waitingRequest = (row: WaitingRow): WaitingRequest => ({
  id: row.id,
  address: row.address,
  amountDrops: row.amount_drops,
  reason: row.reason,
  status: row.status,
  riskScore: row.risk_score,
  riskReasons: row.risk_reasons === null ? null : (JSON.parse(row.risk_reasons) as string[]),
  requesterIp: row.requester_ip,
  ipGroup: row.ip_group,
  ipNetwork: row.ip_network,
  ipWide: row.ip_wide,
  deviceId: row.device_id,
  userAgent: row.user_agent,
  budgetDay: row.budget_day,
  createdAt: row.created_at,
  addressPoints: row.address_points,
  addressReasons: row.address_reasons === null ? null : (JSON.parse(row.address_reasons) as string[]),
  riskSignals: row.risk_signals === null ? null : (JSON.parse(row.risk_signals) as number[]),
});
