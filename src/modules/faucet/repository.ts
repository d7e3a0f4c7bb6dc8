// The SQL of a faucet request's path: the limits' reads, the write and the claimer's streak, and the
// lookups a visitor may make. A request's state after it is made is request-status.ts; its risk
// signals are signals-repository.ts, the day's totals totals-repository.ts, the admin's list
// admin-list-repository.ts. Every statement reads one network's, device's or address's rows through
// its own index (hot-path.test.ts checks the plans). The request path's statements are bun:sqlite's:
// through Drizzle's prepared queries each cost several times the statement itself (its placeholders
// and row mapping).
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type FaucetRequest, faucetRequests as r, type NewFaucetRequest } from "../../db/schema.ts";
import { DAY_MS, HOUR_MS } from "../../lib/time.ts";
import { STREAK_KEPT_WITHIN_HOURS } from "../../shared/points.ts";
import type { PublicFaucetRequestRow } from "./model.ts";

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

// What a request's write stores; the other columns start at their defaults.
export type NewRequestRow = Required<
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
>;

export function createFaucetRepository(db: Db) {
  const lastForAddress = db.sqlite.prepare<{ createdAt: number }, [{ address: string; since: number }]>(
    `select created_at as createdAt from faucet_requests
       where address = $address and created_at > $since and reason is null order by created_at desc limit 1`,
  );
  // A network's or a device's requests since a moment, to count the other addresses among them.
  // Every count here reads one network's or device's rows, which their limits keep few. (The rows
  // are counted here: a count(distinct) built a temporary b-tree each time.)
  const requestsFrom = (column: "ip_network" | "device_id") =>
    db.sqlite.prepare<AddressAt, [{ key: string; since: number }]>(
      `select address, created_at from faucet_requests where ${column} = $key and created_at > $since`,
    );
  const requestsFromNetwork = requestsFrom("ip_network");
  const requestsFromDevice = requestsFrom("device_id");
  // The limits' three reads in one statement (request-path.ts: checkLimits): the address's latest
  // faucet request (kind 0), the network's requests (1) and the device's (2) since a moment: one
  // crossing into bun:sqlite instead of three.
  const limitRows = db.sqlite.prepare<
    [0 | 1 | 2, string, number],
    [{ address: string; since: number; network: string; device: string }]
  >(
    `select 0, address, created_at from (select address, created_at from faucet_requests
       where address = $address and created_at > $since and reason is null order by created_at desc limit 1)
     union all select 1, address, created_at from faucet_requests where ip_network = $network and created_at > $since
     union all select 2, address, created_at from faucet_requests where device_id = $device and created_at > $since`,
  );
  // (the values in the order of the columns: the one write of an accepted request binds them by
  // position, which costs less than by name)
  const insert = db.sqlite.prepare<{ id: number }, (string | number | null)[]>(
    `insert into faucet_requests (user_id, address, destination_tag, amount_drops, reason, risk_score, risk_reasons,
       requester_ip, ip_group, ip_network, ip_wide, device_id, user_agent, budget_day, auto_approve_skip,
       risk_signals, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  );
  // +1 when the previous claim was less than 48 h before, else 1; within 24 h (another address) the
  // streak stays: one day counts once.
  const updateClaimer = db.sqlite.prepare<
    unknown,
    [{ now: number; base: number; maxStreak: number; perStreakDay: number; userId: number }]
  >(
    `update users set
       daily_streak = case
         when last_claim_at is not null and $now - last_claim_at < ${DAY_MS} then max(daily_streak, 1)
         when last_claim_at is not null and $now - last_claim_at < ${STREAK_KEPT_WITHIN_HOURS * HOUR_MS} then daily_streak + 1
         else 1 end,
       points = points + $base + min($maxStreak, $perStreakDay * daily_streak),
       last_claim_at = $now
     where id = $userId`,
  );
  const byId = db
    .select()
    .from(r)
    .where(eq(r.id, sql.placeholder("id")))
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
      .where(eq(column, sql.placeholder("key")))
      .orderBy(desc(r.createdAt), desc(r.id))
      .limit(sql.placeholder("limit"))
      .prepare();
  const latestForAddress = latestBy(r.address);
  const latestForDevice = latestBy(r.deviceId);

  return {
    lastForAddress: (address: string, since: number) => lastForAddress.get({ address, since }) ?? undefined,
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
      for (const [kind, other, at] of limitRows.values({ address, since, network, device }) as [
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
      otherAddressesFrom(requestsFromDevice.all({ key, since }), address),
    otherAddressesFromNetwork: (key: string, address: string, since: number) =>
      otherAddressesFrom(requestsFromNetwork.all({ key, since }), address),
    // (the row as Drizzle would read it back: the columns the insert leaves to their defaults are
    // filled in here; faucet.test.ts compares it with the stored row)
    insert(row: NewRequestRow): FaucetRequest {
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
      updateClaimer.run({ now, base, maxStreak, perStreakDay, userId }),
    byId: (id: number): FaucetRequest | undefined => byId.get({ id }),
    latestForAddress: (key: string, limit: number): PublicFaucetRequestRow[] => latestForAddress.all({ key, limit }),
    latestForDevice: (key: string, limit: number): PublicFaucetRequestRow[] => latestForDevice.all({ key, limit }),
  };
}
export type FaucetRepository = ReturnType<typeof createFaucetRepository>;

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
