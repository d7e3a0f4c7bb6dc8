// All SQL of faucet requests and the day's budget (a request's state after it is made is
// request-status.ts). Prepared once. Raw SQL only where Drizzle's
// builder cannot say it: the streak update (a CASE over the previous claim), the budget upserts,
// the counts capped by a LIMIT subquery and the reads that name their index. Every statement of
// the request path reads one network's, wide network's, device's or address's rows through its own
// index (hot-path.test.ts checks the plans).
import { and, asc, count, desc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client.ts";
import { type FaucetRequest, faucetRequests, payouts, reviews, users, type NewFaucetRequest } from "../../db/schema.ts";
import { rangeAndSearch } from "../../db/list-filter.ts";
import type { ListFilter } from "../../lib/list-filter.ts";
import { RISK_BANDS } from "../../shared/risk-bands.ts";
import { DAY_MS } from "../../lib/time.ts";
import type { AdminFaucetRequestRow, PublicFaucetRequestRow } from "./model.ts";
import { TOP_SCORE } from "../risk/score.ts";
import { WIDE_REQUESTS_COUNTED } from "../risk/signals.ts";

// How many of a network's (and a wide network's) newest requests a new one rescores at most.
export const RESCORED_AT_MOST = 20;
export const BUSIEST_AMONG = 5_000;
// How many of a wide network's newest requests the ones waiting there are counted from at most
// (RESCORED_AT_MOST of them, and the WIDE_REQUESTS_COUNTED before each, with room for their own network's):
// one that needs more is counted on its own.
export const WIDE_NEWEST_READ = 64;

// A request of a wide network, as the velocity counts of those waiting there read it.
export interface WideRequest {
  ip_network: string | null;
  created_at: number;
}

// What re-scoring a waiting request reads of it (service.ts: rescore, raiseWaiting).
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

// A request of a network or a device, as the limits read it: its address and when.
export interface AddressAt {
  address: string;
  created_at: number;
}

// Other addresses than a request's from its network or device since a moment (`n`), the earliest
// of their requests, and how many requests were read (this address's too).
export interface OtherAddresses {
  n: number;
  first: number | null;
  rows: number;
}

// The other addresses among a network's or a device's requests (those after `since`, when given).
export function otherAddressesFrom(
  requests: AddressAt[],
  address: string,
  since = Number.NEGATIVE_INFINITY,
): OtherAddresses {
  const others = new Set<string>();
  let first: number | null = null;
  for (const request of requests) {
    if (request.address === address || request.created_at <= since) continue;
    others.add(request.address);
    if (first === null || request.created_at < first) first = request.created_at;
  }
  return { n: others.size, first, rows: requests.length };
}

// The counts of a request's risk signals (repository's signalCounts), each since its own moment.
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

const p = sql.placeholder;
const r = faucetRequests;
// the admin who approved or rejected a request
const processor = alias(users, "processor");

export function createFaucetRepository(db: Db) {
  // The request path's reads are bun:sqlite statements: through Drizzle's prepared queries each
  // cost several times the statement itself (its placeholders and row mapping), about half an
  // accepted request's time.
  const lastForAddress = db.sqlite.prepare<{ createdAt: number }, [string, number]>(
    "select created_at as createdAt from faucet_requests where address = ?1 and created_at > ?2 and reason is null order by created_at desc limit 1",
  );
  // Other addresses than this one asked for from a network or a device since a moment, and all its
  // requests (this address's too). Every count here reads one network's, address's or device's
  // rows, which their limits keep few. (An IP group, an IPv6 /64 or an IPv4 address, lies inside
  // its network: its counts are never the larger.)
  // (the rows read and counted here: a count(distinct) built a temporary b-tree each time, about
  // twice the cost)
  const requestsFrom = (column: "ip_network" | "device_id") =>
    db.sqlite.prepare<AddressAt, [string, number]>(
      `select address, created_at from faucet_requests where ${column} = ?1 and created_at > ?2`,
    );
  const requestsFromNetwork = requestsFrom("ip_network");
  const requestsFromDevice = requestsFrom("device_id");
  // The limits' three reads in one statement (service.ts: checkLimits): the address's latest faucet
  // request (kind 0), the network's requests (1) and the device's (2) since a moment: one crossing
  // into bun:sqlite instead of three.
  const limitRows = db.sqlite.prepare<[0 | 1 | 2, string, number], [string, number, string, string]>(
    `select 0, address, created_at from (select address, created_at from faucet_requests
       where address = ?1 and created_at > ?2 and reason is null order by created_at desc limit 1)
     union all select 1, address, created_at from faucet_requests where ip_network = ?3 and created_at > ?2
     union all select 2, address, created_at from faucet_requests where device_id = ?4 and created_at > ?2`,
  );
  // The counts of a request's risk signals (service.ts: signals), in one statement, each served by
  // the index of the width it counts:
  // - rejected requests from the network and from the device (its rows of other networks), each
  //   through its own index: named, because the planner would take the status index, which holds
  //   every row of a farm's rejected day;
  // - the network's requests of the last minutes, and the other devices of the address and network;
  // - velocity: requests from the wide network (IPv6 /32, IPv4 /16) that came from another network.
  //   A farm can put any number of rows in one wide network: counted up to WIDE_REQUESTS_COUNTED (past
  //   which the score is at its top anyway), so the count costs the same at 1k and 1M rows;
  //   the hour's and the day's from one walk of the index: the day's newest WIDE_REQUESTS_COUNTED, of
  //   which those in the hour are all the hour's, or the cap (two walks were 1.5% of a farm's request);
  // - whether a request from another network of the wide one was approved (the partial index
  //   faucet_requests_wide_approved holds approved and paid requests only).
  // A network with no request in the last 24 h (the limits' read says so) has none in the last
  // minutes and no other device either: its statement leaves those two counts out (each is an index
  // seek; most requests come from such a network, the farm's new /48s too).
  // (a count(distinct) builds a temporary b-tree each time it runs, about a microsecond: run only when
  // there is a row to count, which for most requests, from a new address, there is not)
  const otherDevices = (where: string) =>
    `case when exists (select 1 from faucet_requests where ${where}) then (select count(distinct device_id) from faucet_requests where ${where}) else 0 end`;
  // (`extraColumns`: more counts of the same statement)
  const signalCountsSql = (networkAsked: boolean, extraColumns = "") =>
    `select
       (select count(*) from faucet_requests indexed by faucet_requests_network_time where ip_network = ?1 and created_at > ?5 and status = 'REJECTED')
       + (select count(*) from faucet_requests indexed by faucet_requests_device_time where device_id = ?3 and created_at > ?5 and ip_network <> ?1 and status = 'REJECTED')
         as rejected,
       ${networkAsked ? "(select count(*) from faucet_requests where ip_network = ?1 and created_at > ?6)" : "0"} as fromNetworkRecently,
       ${otherDevices("address = ?4 and device_id <> ?3 and created_at > ?7")} as devicesForAddress,
       ${networkAsked ? otherDevices("ip_network = ?1 and device_id <> ?3 and created_at > ?8") : "0"} as devicesFromNetwork,
       wide.fromWideHour, wide.fromWideDay,
       (select count(*) from (select 1 from faucet_requests indexed by faucet_requests_wide_approved
          where ip_wide = ?2 and status in ('APPROVED', 'PROCESSED') and processed_at > ?11 and ip_network <> ?1 limit 1)) as paidToWide${extraColumns}
     from (select count(*) as fromWideDay, coalesce(sum(created_at > ?9), 0) as fromWideHour from (select created_at from faucet_requests
       where ip_wide = ?2 and created_at > ?10 and ip_network <> ?1 order by created_at desc limit ${WIDE_REQUESTS_COUNTED})) as wide`;
  type SignalArgs = [string, string, string, string, number, number, number, number, number, number, number];
  const signalCounts = db.sqlite.prepare<SignalCounts, SignalArgs>(signalCountsSql(true));
  const signalCountsQuietNetwork = db.sqlite.prepare<SignalCounts, SignalArgs>(signalCountsSql(false));
  // A waiting request counted again (service.ts: rescore) counts its other addresses in the same
  // statement: three crossings into bun:sqlite for each request rescored were one.
  const otherAddressCount = (where: string) =>
    `case when exists (select 1 from faucet_requests where ${where} and created_at > ?12 and address <> ?4)
       then (select count(distinct address) from faucet_requests where ${where} and created_at > ?12 and address <> ?4) else 0 end`;
  const rescoreCounts = db.sqlite.prepare<RescoreCounts, [...SignalArgs, number]>(
    signalCountsSql(
      true,
      `, ${otherAddressCount("ip_network = ?1")} as addressesFromNetwork, ${otherAddressCount("device_id = ?3")} as addressesFromDevice`,
    ),
  );
  const dayTotal = db.sqlite.prepare<{ amountDrops: number; bonusDrops: number }, [string]>(
    "select amount_drops as amountDrops, bonus_drops as bonusDrops from faucet_daily_totals where day = ?",
  );
  const budgetOf = db
    .select({ amountDrops: r.amountDrops, budgetDay: r.budgetDay, reason: r.reason })
    .from(r)
    .where(eq(r.id, p("id")))
    .prepare();
  // +1 when the previous claim was less than 48 h before, else 1; within 24 h (another address) the
  // streak stays: one day counts once.
  const updateClaimer = db.sqlite.prepare<unknown, [number, number, number, number, number]>(
    `update users set
       daily_streak = case
         when last_claim_at is not null and ?1 - last_claim_at < ${DAY_MS} then max(daily_streak, 1)
         when last_claim_at is not null and ?1 - last_claim_at < ${2 * DAY_MS} then daily_streak + 1
         else 1 end,
       points = points + ?2 + min(?3, ?4 * daily_streak),
       last_claim_at = ?1
     where id = ?5`,
  );
  // (the row as Drizzle would read it back: the columns the insert leaves to their defaults are
  // filled in below; faucet.test.ts compares it with the stored row)
  const insert = db.sqlite.prepare<{ id: number }, (string | number | null)[]>(
    `insert into faucet_requests (user_id, address, destination_tag, amount_drops, reason, risk_score, risk_reasons, requester_ip, ip_group,
       ip_network, ip_wide, device_id, user_agent, budget_day, auto_approve_skip, risk_signals, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  );
  const addToDay = db.sqlite.prepare<unknown, [string, number, number]>(
    `insert into faucet_daily_totals (day, amount_drops, requests) values (?1, ?2, ?3)
     on conflict(day) do update set amount_drops = amount_drops + ?2, requests = requests + ?3`,
  );
  // The requests still waiting below the top score among the newest RESCORED_AT_MOST of a network
  // and of a wide network since a moment: a bounded read however many a farm left waiting. (Only
  // the ones kept are read whole: in a flood the newest are at the top score already. The wide
  // network's index holds the status and the score: its newest are read without their rows.)
  const waitingAmongNewest = (column: "ip_network" | "ip_wide") =>
    db.sqlite.prepare<WaitingRow, [string, number, number]>(
      `select id, address, amount_drops, reason, status, risk_score, risk_reasons, requester_ip, ip_group, ip_network, ip_wide, device_id,
         user_agent, budget_day, created_at, address_points, address_reasons, risk_signals
       from faucet_requests where id in (
         select id from (select id, status, risk_score from faucet_requests where ${column} = ?1 and created_at > ?2 order by created_at desc limit ${RESCORED_AT_MOST})
         where status = 'PENDING' and coalesce(risk_score, 0) < ${TOP_SCORE} and id <> ?3)`,
    );
  const waitingFromNetwork = waitingAmongNewest("ip_network");
  const waitingFromWide = waitingAmongNewest("ip_wide");
  const byId = db
    .select()
    .from(r)
    .where(eq(r.id, p("id")))
    .prepare();
  const setAddressRisk = db
    .update(r)
    .set({
      riskScore: sql`${p("score")}`,
      riskReasons: sql`${p("reasons")}`,
      addressPoints: sql`${p("points")}`,
      addressReasons: sql`${p("addressReasons")}`,
    })
    .where(eq(r.id, p("id")))
    .prepare();
  const setRisk = db.sqlite.prepare<unknown, [number, string, string, number]>(
    "update faucet_requests set risk_score = ?1, risk_reasons = ?2, risk_signals = ?3 where id = ?4",
  );
  // What the requests waiting in a wide network share (service.ts: raiseWaiting), read once for all
  // of them: the wide network's newest requests since a moment, their network and time from its
  // index alone (each one's velocity counts are counted from them), and its networks with a request
  // approved since a moment (two tell whether there is one other than a given network).
  const wideNewest = db.sqlite.prepare<WideRequest, [string, number]>(
    `select ip_network, created_at from faucet_requests indexed by faucet_requests_wide_time
       where ip_wide = ?1 and created_at > ?2 order by created_at desc limit ${WIDE_NEWEST_READ}`,
  );
  const paidNetworksOfWide = db.sqlite.prepare<{ ip_network: string | null }, [string, number]>(
    `select distinct ip_network from faucet_requests indexed by faucet_requests_wide_approved
       where ip_wide = ?1 and status in ('APPROVED', 'PROCESSED') and processed_at > ?2 limit 2`,
  );
  // an hour's takings from the budgets (faucet or bonus) and its accepted requests
  const addToHour = db.sqlite.prepare<unknown, [number, number, number, number]>(
    `insert into faucet_hourly_totals (hour, amount_drops, bonus_drops, requests) values (?1, ?2, ?3, ?4)
     on conflict(hour) do update set amount_drops = amount_drops + ?2, bonus_drops = bonus_drops + ?3, requests = requests + ?4`,
  );
  const hourTotal = db.sqlite.prepare<{ amountDrops: number; bonusDrops: number; requests: number }, [number]>(
    "select amount_drops as amountDrops, bonus_drops as bonusDrops, requests from faucet_hourly_totals where hour = ?",
  );
  // the requests of the last minutes (the surge watch's memory at start) and, during a surge, the
  // wide networks (IPv4 /16, IPv6 /32) that sent most of them: read once, not per request
  const requestsSince = db.sqlite.prepare<{ n: number }, [number]>(
    "select count(*) as n from faucet_requests where created_at > ?",
  );
  // The wide networks that sent most of the newest BUSIEST_AMONG requests since a moment (a surge's
  // alert): a flood's 10 minutes can hold a million rows, read in one go on the event loop.
  const busiestWideSince = db.sqlite.prepare<{ network: string; requests: number }, [number]>(
    `select ip_wide as network, count(*) as requests
     from (select ip_wide from faucet_requests where created_at > ? order by created_at desc limit ${BUSIEST_AMONG})
     where ip_wide is not null group by ip_wide order by requests desc limit 3`,
  );
  const addBonusToDay = db.sqlite.prepare<unknown, [string, number]>(
    `insert into faucet_daily_totals (day, bonus_drops) values (?1, ?2)
     on conflict(day) do update set bonus_drops = bonus_drops + ?2`,
  );

  // The admin's list: open requests (PENDING, then APPROVED, newest first) a page at a time.
  const openIds = db.sqlite.prepare<{ id: number }, [number, number]>(
    // a union of the two per-status index ranges: one `status in (...)` scan was 10x slower on 100,000 rows
    `select id from (
       select id, created_at from faucet_requests where status = 'PENDING'
       union all select id, created_at from faucet_requests where status = 'APPROVED'
     ) order by created_at desc, id desc limit ? offset ?`,
  );
  const openCount = db.sqlite.prepare<{ n: number }, []>(
    "select (select count(*) from faucet_requests where status = 'PENDING') + (select count(*) from faucet_requests where status = 'APPROVED') as n",
  );
  const recentlyProcessed = db
    .select({ id: r.id })
    .from(r)
    .where(and(isNotNull(r.processedAt), inArray(r.status, ["PROCESSED", "REJECTED"])))
    .orderBy(desc(r.processedAt))
    .limit(10)
    .prepare();
  // A wallet's or a device's latest requests, as the public lookup shows them (indexes
  // faucet_requests_address_time and faucet_requests_device_time).
  const publicColumns = {
    id: r.id,
    address: r.address,
    status: r.status,
    amountDrops: r.amountDrops,
    createdAt: r.createdAt,
    processedAt: r.processedAt,
    txHash: r.txHash,
    rejectReason: r.rejectReason,
  };
  const latestBy = (column: typeof r.address | typeof r.deviceId) =>
    db
      .select(publicColumns)
      .from(r)
      .where(eq(column, p("key")))
      .orderBy(desc(r.createdAt), desc(r.id))
      .limit(p("limit"))
      .prepare();
  const latestForAddress = latestBy(r.address);
  const latestForDevice = latestBy(r.deviceId);
  // a reviewer bonus whose review still waits for moderation (1), or was published (0)
  const reviewHeld = sql<
    number | null
  >`(select ${reviews.approved} = 0 from ${reviews} where ${reviews.id} = ${r.reviewId})`;
  const withPeople = (ids: number[]): AdminFaucetRequestRow[] =>
    db
      .select({
        request: r,
        userName: users.username,
        userEmail: users.email,
        payoutState: payouts.status,
        payoutMessage: payouts.error,
        processedByName: processor.username,
        reviewHeld,
      })
      .from(r)
      .leftJoin(users, eq(users.id, r.userId))
      .leftJoin(processor, eq(processor.id, r.processedBy))
      .leftJoin(payouts, eq(payouts.faucetRequestId, r.id))
      .where(inArray(r.id, ids))
      .orderBy(desc(r.createdAt), desc(r.id))
      .all()
      .map(({ request, ...rest }) => ({ ...request, ...rest }));

  // The admin's filtered view (lib/list-filter.ts): requests of any status matching every filter
  // given, sorted, a page at a time, and how many match. Built per call, not prepared: which
  // conditions and which order it has depend on the query.
  const people = () =>
    db
      .select({
        request: r,
        userName: users.username,
        userEmail: users.email,
        payoutState: payouts.status,
        payoutMessage: payouts.error,
        processedByName: sql<
          string | null
        >`(select ${users.username} from ${users} where ${users.id} = ${r.processedBy})`,
        reviewHeld,
      })
      .from(r)
      .leftJoin(users, eq(users.id, r.userId))
      .leftJoin(payouts, eq(payouts.faucetRequestId, r.id));
  const filtered = (f: ListFilter): SQL | undefined => {
    const where: (SQL | undefined)[] = [];
    if (f.status) where.push(eq(r.status, f.status));
    if (f.risk) {
      const { min: low, below } = RISK_BANDS[f.risk];
      // a request scored before risk scores existed counts as low
      const score = sql`coalesce(${r.riskScore}, 0)`;
      where.push(sql`${score} >= ${low}`, below === null ? undefined : sql`${score} < ${below}`);
    }
    if (f.reason) where.push(eq(r.reason, f.reason));
    where.push(
      ...rangeAndSearch(f, {
        id: r.id,
        createdAt: r.createdAt,
        searched: [r.address, users.username, users.email, r.txHash],
      }),
    );
    return and(...where);
  };
  const sortColumn = { createdAt: r.createdAt, amount: r.amountDrops, risk: sql`coalesce(${r.riskScore}, 0)` } as const;

  return {
    // (see `filtered` above)
    filteredPage(f: ListFilter, size: number): { rows: AdminFaucetRequestRow[]; total: number } {
      const where = filtered(f);
      const by = f.order === "asc" ? asc : desc;
      const rows = people()
        .where(where)
        .orderBy(by(sortColumn[f.sort]), by(r.id))
        .limit(size)
        .offset((f.page - 1) * size)
        .all()
        .map(({ request, ...rest }) => ({ ...request, ...rest }));
      // (the users only when the search needs their names)
      const counted = db.select({ n: count() }).from(r);
      const total = (f.q ? counted.leftJoin(users, eq(users.id, r.userId)).where(where) : counted.where(where)).get()!
        .n;
      return { rows, total };
    },
    lastForAddress: (address: string, since: number) => lastForAddress.get(address, since) ?? undefined,
    // (see limitRows) `last`: the address's latest faucet request since the moment
    // (`networkRequests`: the network's requests as read, for the networks seen over their limit)
    limitsSince(
      address: string,
      network: string,
      device: string,
      since: number,
    ): {
      last: number | undefined;
      fromNetwork: OtherAddresses;
      fromDevice: OtherAddresses;
      networkRequests: AddressAt[];
    } {
      let last: number | undefined;
      const fromNetwork: AddressAt[] = [];
      const fromDevice: AddressAt[] = [];
      for (const [kind, other, at] of limitRows.values(address, since, network, device) as [
        0 | 1 | 2,
        string,
        number,
      ][]) {
        if (kind === 0) last = at;
        else (kind === 1 ? fromNetwork : fromDevice).push({ address: other, created_at: at });
      }
      return {
        last,
        fromNetwork: otherAddressesFrom(fromNetwork, address),
        fromDevice: otherAddressesFrom(fromDevice, address),
        networkRequests: fromNetwork,
      };
    },
    otherAddressesFromDevice: (key: string, address: string, since: number) =>
      otherAddressesFrom(requestsFromDevice.all(key, since), address),
    otherAddressesFromNetwork: (key: string, address: string, since: number) =>
      otherAddressesFrom(requestsFromNetwork.all(key, since), address),
    // (`networkQuiet`: the network asked nothing in the last 24 h)
    signalCounts: (
      nets: { network: string; wide: string },
      device: string,
      address: string,
      since: SignalMoments,
      networkQuiet = false,
    ): SignalCounts =>
      (networkQuiet ? signalCountsQuietNetwork : signalCounts).get(
        nets.network,
        nets.wide,
        device,
        address,
        since.rejected,
        since.fromNetworkRecently,
        since.devicesForAddress,
        since.devicesFromNetwork,
        since.fromWideHour,
        since.fromWideDay,
        since.paidToWide,
      )!,
    rescoreCounts: (
      nets: { network: string; wide: string },
      device: string,
      address: string,
      since: SignalMoments,
      addressesSince: number,
    ): RescoreCounts =>
      rescoreCounts.get(
        nets.network,
        nets.wide,
        device,
        address,
        since.rejected,
        since.fromNetworkRecently,
        since.devicesForAddress,
        since.devicesFromNetwork,
        since.fromWideHour,
        since.fromWideDay,
        since.paidToWide,
        addressesSince,
      )!,
    dayTotal: (day: string) => dayTotal.get(day)?.amountDrops ?? 0,
    // (see waitingAmongNewest; each request once, newest first. Read by bun:sqlite: Drizzle's
    // mapping of 20 whole rows cost about 300 µs of a farm request's time.)
    // (`networkQuiet`: the network asked nothing else in 24 h, so nothing waits there)
    waitingFrom(network: string, wide: string, since: number, id: number, networkQuiet = false): WaitingRequest[] {
      const rows = new Map<number, WaitingRow>();
      for (const row of [
        ...(networkQuiet ? [] : waitingFromNetwork.all(network, since, id)),
        ...waitingFromWide.all(wide, since, id),
      ])
        rows.set(row.id, row);
      return [...rows.values()].sort((a, b) => b.created_at - a.created_at).map(waitingRequest);
    },
    byId: (id: number): FaucetRequest | undefined => byId.get({ id }),
    setAddressRisk: (id: number, score: number, reasons: string[], points: number, addressReasons: string[]) =>
      setAddressRisk.run({
        id,
        score,
        reasons: JSON.stringify(reasons),
        points,
        addressReasons: JSON.stringify(addressReasons),
      }),
    setRisk: (id: number, score: number, reasons: string[], signals: number[]) =>
      setRisk.run(score, JSON.stringify(reasons), JSON.stringify(signals), id),
    wideNewest: (wide: string, since: number) => wideNewest.all(wide, since),
    paidNetworksOfWide: (wide: string, since: number) =>
      paidNetworksOfWide.all(wide, since).map((row) => row.ip_network),
    dayBonusTotal: (day: string) => dayTotal.get(day)?.bonusDrops ?? 0,
    insert(
      row: Required<
        Omit<
          NewFaucetRequest,
          | "id"
          | "status"
          | "reviewId"
          | "rejectReason"
          | "payoutError"
          | "processedBy"
          | "processedAt"
          | "txHash"
          | "autoApproved"
          | "addressPoints"
          | "addressReasons"
        >
      >,
    ): FaucetRequest {
      const { id } = insert.get(
        row.userId,
        row.address,
        row.destinationTag,
        row.amountDrops,
        row.reason,
        row.riskScore,
        row.riskReasons === null ? null : JSON.stringify(row.riskReasons),
        row.requesterIp,
        row.ipGroup,
        row.ipNetwork,
        row.ipWide,
        row.deviceId,
        row.userAgent,
        row.budgetDay,
        row.autoApproveSkip,
        row.riskSignals === null ? null : JSON.stringify(row.riskSignals),
        row.createdAt,
      )!;
      return {
        ...row,
        id,
        status: "PENDING",
        reviewId: null,
        rejectReason: null,
        payoutError: null,
        processedBy: null,
        processedAt: null,
        txHash: null,
        autoApproved: false,
        addressPoints: 0,
        addressReasons: null,
      };
    },
    updateClaimer: (userId: number, now: number, base: number, maxStreak: number, perStreakDay: number) =>
      updateClaimer.run(now, base, maxStreak, perStreakDay, userId),
    addToDay: (day: string, drops: number, requests: number) => addToDay.run(day, drops, requests),
    addBonusToDay: (day: string, drops: number) => addBonusToDay.run(day, drops),
    addToHour: (hour: number, drops: number, bonusDrops: number, requests: number) =>
      addToHour.run(hour, drops, bonusDrops, requests),
    requestsSince: (since: number) => requestsSince.get(since)!.n,
    busiestWideSince: (since: number) => busiestWideSince.all(since),
    hourTotal: (hour: number) => hourTotal.get(hour) ?? { amountDrops: 0, bonusDrops: 0, requests: 0 },
    budgetOf: (id: number) => budgetOf.get({ id }),
    openPage(page: number, size: number, withRecent: boolean): AdminFaucetRequestRow[] {
      const ids = openIds.all(size, (page - 1) * size).map((row) => row.id);
      if (withRecent) ids.push(...recentlyProcessed.all().map((row) => row.id));
      return ids.length ? withPeople(ids) : [];
    },
    openCount: () => openCount.get()!.n,
    latestForAddress: (key: string, limit: number): PublicFaucetRequestRow[] => latestForAddress.all({ key, limit }),
    latestForDevice: (key: string, limit: number): PublicFaucetRequestRow[] => latestForDevice.all({ key, limit }),
  };
}
export type FaucetRepository = ReturnType<typeof createFaucetRepository>;
