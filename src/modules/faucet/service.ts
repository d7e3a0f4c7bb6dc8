// Faucet requests: every limit of decisions.md checked and the request written in one SQLite
// transaction, so concurrent requests cannot slip past a limit; the day's budget; the status badge.
import type { Db } from "../../db/client.ts";
import type { FaucetRequest } from "../../db/schema.ts";
import type { GroupCommit } from "../../db/group-commit.ts";
import { inTransaction } from "../../db/transaction.ts";
import { type IpGrouping, ipNetworks } from "../../lib/ip-group.ts";
import { DAY_MS, HOUR_MS, utcDay, waitText } from "../../lib/time.ts";
import type { ListFilter } from "../../lib/list-filter.ts";
import { HttpError } from "../../lib/errors.ts";
import { formatXrp } from "../../shared/money.ts";
import type { FaucetSettings, SettingsService } from "../settings/service.ts";
import type { AddressEvidence } from "../address-signals/model.ts";
import { type LedgerAddress, parseLedgerAddress } from "../../lib/ledger-address.ts";
import { type BudgetView, budgetView, capView, dayStart, nextDayAt, releasedBy } from "./budget.ts";
import {
  BUDGET_REACHED,
  FAUCET_OFFLINE,
  SURGE_NOTICE,
  faucetErrors,
  LOOKUP_LIMIT,
  type PublicFaucetRequestRow,
  sliceReached,
  type WaitLimit,
  waitReasons,
} from "./model.ts";
import {
  type AddressAt,
  createFaucetRepository,
  otherAddressesFrom,
  type RescoreCounts,
  type WaitingRequest,
  WIDE_NEWEST_READ,
} from "./repository.ts";
import {
  FIRST_VISIT,
  HOLDS_NO_BUDGET,
  ownSignals,
  type RiskSignals,
  scoreRisk,
  storedSignals,
  TOP_SCORE,
  WIDE_COUNT_CAP,
} from "./risk.ts";
import { createSurgeWatch, SURGE_REASON, SURGE_SKIP, SURGE_WINDOW_MS, type SurgeState } from "./surge.ts";

// A request made during a surge: at least medium (it holds no budget) with the surge's reason.
const surgeRisk = (risk: { score: number; reasons: string[] }) => ({
  score: Math.max(risk.score, HOLDS_NO_BUDGET),
  reasons: risk.reasons.includes(SURGE_REASON) ? risk.reasons : [...risk.reasons, SURGE_REASON],
});

// Points (the API's `drops`) for a claim while logged in: a base plus a streak bonus.
export const POINTS_PER_CLAIM = 10;
export const POINTS_PER_STREAK_DAY = 2;
export const MAX_STREAK_POINTS = 20;
export const ADMIN_PAGE_SIZE = 200;
const STATUS_CACHE_MS = 1000;
// How many addresses askedAt remembers (a few hundred kilobytes).
const ASKED_REMEMBERED = 10_000;
// How many networks seen over their limit are remembered, and the most requests kept for one.
const OVER_LIMIT_REMEMBERED = 10_000;
const OVER_LIMIT_REQUESTS = 20;

export interface FaucetRequestInput extends Asker {
  address: unknown;
  ip: string;
  reason?: string | null;
}

// Who asks, besides the client's IP: read from the visitor (its device cookie and session cost a
// tenth of a refused request's time under a flood, so a visitor's request reads them only once the
// limits that need no read passed).
export interface Asker {
  deviceId: string;
  newDevice: boolean;
  userAgent: string | null;
  userId: number | null;
}

// What a request's limits read of its network, when the network's limit refused it.
interface NetworkRead {
  overLimit?: { network: string; requests: AddressAt[] };
}

// A uniformly random whole number of drops in [min, max].
export function drawAmount(min: number, max: number, random: () => number = Math.random): number {
  return min + Math.floor(random() * (max - min + 1));
}

export interface FaucetDeps {
  db: Db;
  clock: () => number;
  settings: SettingsService;
  groupCommit: GroupCommit;
  random?: () => number;
  // whether a request's party is on the block list now (the admin's list warns on a request made
  // before its block)
  blocked?: (r: FaucetRequest) => boolean;
  // what the ledger says of addresses (modules/address-signals), for the admin's list
  addressEvidence?: (addresses: string[]) => Map<string, AddressEvidence>;
}

// The two budgets of a day: the faucet's (dailyLimit) and the bonuses' (bonusDailyLimit: social
// and reviewer bonuses). A faucet request with a reason (the reviewer bonus) is held by the bonuses'.
export type BudgetPool = "faucet" | "bonus";
const poolOf = (reason: string | null): BudgetPool => (reason === null ? "faucet" : "bonus");

// What a budget refused in the current slice (an hour), for the admin's settings; kept in memory.
interface Refusals {
  slice: number;
  requests: number;
  drops: number;
}

// A waiting request's counts of its wide network (service: wideCountsOf).
type WideCounts = Pick<RiskSignals, "requestsFromWideLastHour" | "requestsFromWideToday" | "paidToWideToday">;
const wideName = (wide: string) => (wide.includes(":") ? "/32" : "/16");

export function createFaucetService({
  db,
  clock,
  settings,
  groupCommit,
  random = Math.random,
  blocked = () => false,
  addressEvidence = () => new Map(),
}: FaucetDeps) {
  const repo = createFaucetRepository(db);
  // Bumped whenever a day's total moves, so the cached status never outlives a change.
  let budgetVersion = 0;
  // (what moves today moves this hour's takings too: an hour's slice is read from them)
  // (`hourRequests`: what the hour's usual rate learns from; a request made during a surge is not.
  // Requests are counted with the faucet's pool only, as the day's are: a bonus counts there too.)
  const moveBudget = (pool: BudgetPool, day: string, drops: number, requests: number, hourRequests = requests) => {
    const now = clock();
    const thisHour = day === utcDay(now) ? Math.floor(now / HOUR_MS) : null;
    if (pool === "faucet") {
      repo.addToDay(day, drops, requests);
      // (nothing to add for a flagged request made during a surge: no statement)
      if (thisHour !== null && (drops !== 0 || hourRequests !== 0)) repo.addToHour(thisHour, drops, 0, hourRequests);
    } else {
      repo.addBonusToDay(day, drops);
      if (thisHour !== null) repo.addToHour(thisHour, 0, drops, 0);
    }
    budgetVersion++;
  };
  const surge = createSurgeWatch({
    requestsInHour: (hour) => repo.hourTotal(hour).requests,
    requestsSince: repo.requestsSince,
  });
  const usedOn = (pool: BudgetPool, day: string) => (pool === "faucet" ? repo.dayTotal(day) : repo.dayBonusTotal(day));
  const usedThisHour = (pool: BudgetPool, now: number) => {
    const hour = repo.hourTotal(Math.floor(now / HOUR_MS));
    return pool === "faucet" ? hour.amountDrops : hour.bonusDrops;
  };
  const totalOf = (pool: BudgetPool, s: FaucetSettings) =>
    pool === "faucet" ? s.dailyLimitDrops : s.bonusDailyLimitDrops;
  // The least a pool's first slice releases: one request's most.
  const floorOf = (pool: BudgetPool, s: FaucetSettings) => (pool === "faucet" ? s.maxAmountDrops : bonusDrops(s));
  const bonusDrops = (s: FaucetSettings) => s.reviewerBonusDrops ?? s.minAmountDrops;
  // A pool as it stands now: released through the day (budget.ts).
  const poolNow = (pool: BudgetPool, s: FaucetSettings, now: number): BudgetView =>
    budgetView(totalOf(pool, s), usedOn(pool, utcDay(now)), usedThisHour(pool, now), now, floorOf(pool, s));
  // The whole day left (an admin's approval may use what later slices release).
  const remainingToday = (pool: BudgetPool, s: FaucetSettings, today: string) => totalOf(pool, s) - usedOn(pool, today);
  const refusals: Record<BudgetPool, Refusals> = {
    faucet: { slice: 0, requests: 0, drops: 0 },
    bonus: { slice: 0, requests: 0, drops: 0 },
  };
  const countRefusal = (pool: BudgetPool, drops: number, now: number) => {
    const slice = Math.floor(now / HOUR_MS);
    if (refusals[pool].slice !== slice) refusals[pool] = { slice, requests: 0, drops: 0 };
    refusals[pool].requests++;
    refusals[pool].drops += drops;
  };
  // Refuses a request of `wanted` drops that today's released budget cannot cover (it still pays
  // less than wanted down to the minimum); answers when the next slice or day opens.
  const takeFromPool = (pool: BudgetPool, s: FaucetSettings, now: number, wanted: number, least: number): number => {
    const view = poolNow(pool, s, now);
    if (view.leftDrops >= least) return Math.min(wanted, view.leftDrops);
    // (counted outside the request's savepoint: a refusal writes nothing)
    countRefusal(pool, wanted, now);
    const dayDone = remainingToday(pool, s, utcDay(now)) < least || view.nextSliceAt === null;
    const opens = dayDone ? nextDayAt(now) : view.nextSliceAt!;
    if (pool === "bonus") throw faucetErrors.bonusBudgetReached(dayDone ? null : opens, (opens - now) / 1000);
    throw dayDone
      ? faucetErrors.budgetReached((opens - now) / 1000)
      : faucetErrors.sliceReached(opens, (opens - now) / 1000);
  };

  // What of the day a flagged request may ask for (it holds none until approved): refused only once
  // the whole day is given out.
  const dayLeftFor = (pool: BudgetPool, s: FaucetSettings, now: number, least: number): number => {
    const left = remainingToday(pool, s, utcDay(now));
    if (left >= least) return left;
    countRefusal(pool, least, now);
    const opens = nextDayAt(now);
    if (pool === "bonus") throw faucetErrors.bonusBudgetReached(null, (opens - now) / 1000);
    throw faucetErrors.budgetReached((opens - now) / 1000);
  };

  // The risk signals of a request from `nets` for `address` from `device`, counted up to now; the
  // velocity counts (its network's 10 minutes, its wide network's hour and day) from before `from`,
  // its own moment (a waiting request scored again counts what came after it too). Every count is at
  // the network's width (IPv6 /48, IPv4 /24), inside which the IP group lies. `limits`: the other
  // addresses from the network and the device, and the network's rows, when the limits already counted them.
  const signals = (
    nets: { network: string; wide: string },
    address: string,
    device: string,
    now: number,
    from: number,
    limits?: { fromNetwork: number; fromDevice: number; networkRows: number },
  ): RiskSignals => {
    const since = now - DAY_MS;
    const moments = {
      rejected: now - 7 * DAY_MS,
      fromNetworkRecently: from - 10 * 60_000,
      devicesForAddress: now - 30 * DAY_MS,
      devicesFromNetwork: since,
      fromWideHour: from - HOUR_MS,
      fromWideDay: from - DAY_MS,
      paidToWide: now - DAY_MS,
    };
    // (without the limits' read, the other addresses are counted in the same statement)
    const counts = limits
      ? repo.signalCounts(nets, device, address, moments, limits.networkRows === 0)
      : repo.rescoreCounts(nets, device, address, moments, since);
    return {
      addressesFromIp: limits ? limits.fromNetwork : (counts as RescoreCounts).addressesFromNetwork,
      addressesFromDevice: limits ? limits.fromDevice : (counts as RescoreCounts).addressesFromDevice,
      rejectedFromIpOrDevice: counts.rejected,
      requestsFromIpLast10Min: counts.fromNetworkRecently,
      devicesForAddress: counts.devicesForAddress,
      devicesFromIp: counts.devicesFromNetwork,
      requestsFromWideLastHour: counts.fromWideHour,
      requestsFromWideToday: counts.fromWideDay,
      paidToWideToday: counts.paidToWide,
      wideName: wideName(nets.wide),
      newDevice: false,
      userAgent: null,
    };
  };

  // A request's signals counted again up to now (what came after it counts too): all of them, or,
  // given its wide network's counts (read once for the requests waiting there), those and the
  // signals of its own network, device and address as it stored them (a request from another
  // network of its wide network changed none of those). Never below the score it came with, nor
  // without the surge it was made in. `signals`: what it counted, as a request stores them.
  function rescore(
    request: WaitingRequest,
    wide?: WideCounts,
  ): { score: number; reasons: string[]; signals: number[] } {
    const original = request.riskReasons ?? [];
    const own = wide && ownSignals(request.riskSignals);
    const counted = own && wide ? { ...own, ...wide, wideName: wideName(request.ipWide ?? "") } : countAgain(request);
    const fresh = scoreRisk({ ...counted, newDevice: original.includes(FIRST_VISIT), userAgent: request.userAgent });
    const scored = original.includes(SURGE_REASON) ? surgeRisk(fresh) : fresh;
    // (the address signals' part is kept as it is: only the network's part is counted again)
    const addressReasons = request.addressReasons ?? [];
    const before = {
      score: (request.riskScore ?? 0) - request.addressPoints,
      reasons: original.filter((r) => !addressReasons.includes(r)),
    };
    return {
      ...withAddressRisk(scored.score >= before.score ? scored : before, request.addressPoints, addressReasons),
      signals: storedSignals(counted),
    };
  }
  // Every signal of a waiting request counted again.
  function countAgain(request: WaitingRequest): RiskSignals {
    const group = request.ipGroup ?? request.requesterIp ?? "";
    const nets = { network: request.ipNetwork ?? group, wide: request.ipWide ?? group };
    const device = request.deviceId ?? "";
    const counted = signals(nets, request.address, device, clock(), request.createdAt);
    return {
      ...counted,
      // (the others from its network: it counts itself)
      requestsFromIpLast10Min: Math.max(0, counted.requestsFromIpLast10Min - 1),
      addressesFromDevice: device ? counted.addressesFromDevice : 0,
    };
  }

  // What the requests waiting in a wide network share, read once for all of them: a function that
  // gives one's velocity counts as signals counts them (of the requests from other networks of the
  // wide network in the day before it and after it, the newest WIDE_COUNT_CAP, and of those the
  // ones in the hour) and whether another network of it was paid in 24 h; undefined for one the
  // wide network's newest WIDE_NEWEST_READ requests do not reach back far enough for (it is
  // counted on its own).
  function wideCountsOf(
    wide: string,
    waiting: WaitingRequest[],
    now: number,
  ): (request: WaitingRequest) => WideCounts | undefined {
    const newest = repo.wideNewest(wide, Math.min(...waiting.map((w) => w.createdAt)) - DAY_MS);
    // (the read's oldest: the ones before it that it left out are no newer)
    const cut = newest.length === WIDE_NEWEST_READ ? newest[newest.length - 1]!.created_at : Number.NEGATIVE_INFINITY;
    const paid = repo.paidNetworksOfWide(wide, now - DAY_MS);
    return (request) => {
      const network = request.ipNetwork;
      const [hourFrom, dayFrom] = [request.createdAt - HOUR_MS, request.createdAt - DAY_MS];
      let [hour, day] = [0, 0];
      for (const other of newest) {
        if (other.created_at <= dayFrom || day === WIDE_COUNT_CAP) break;
        if (other.ip_network === null || other.ip_network === network) continue;
        day++;
        if (other.created_at > hourFrom) hour++;
      }
      if (day < WIDE_COUNT_CAP && cut > dayFrom) return undefined;
      return {
        requestsFromWideLastHour: hour,
        requestsFromWideToday: day,
        paidToWideToday: paid.some((n) => n !== null && n !== network) ? 1 : 0,
      };
    };
  }

  // A score of the network's signals with the address signals' points and reasons (0 to 100).
  const withAddressRisk = (network: { score: number; reasons: string[] }, points: number, reasons: string[]) => ({
    score: Math.max(0, Math.min(100, network.score + points)),
    reasons: [...network.reasons, ...reasons],
  });

  // The wide networks whose newest requests (the ones a new request rescores) were last found all at
  // the top score or no longer waiting, by a committed request at the top score from a network that
  // asked nothing before: the next such request finds nothing to raise there, so it reads nothing (a
  // farm's flood from new /48s of one /32 is all such requests). Forgotten for a wide network when a
  // request below the top comes from it, and whole when a score goes down (the address signals) or
  // a request's write did not commit (what it raised may be rolled back).
  const toppedWide = new Set<string>();
  const TOPPED_REMEMBERED = 10_000;
  const forgetToppedWide = () => toppedWide.clear();

  // A new request raises the score of those still waiting from its network and wide network (a
  // burst is seen as a whole, the first ones included, as the admin's list then shows); one raised
  // to flagged gives its budget back. `topped`: the new request is at the top score, from a network
  // that asked nothing before, and written by the group commit (see toppedWide). `asker`: the new
  // request's address and device. One from another network of the wide network, another device
  // and another address: the new request changed only its wide network's counts, which are read
  // once for all such (wideCountsOf).
  function raiseWaiting(
    nets: { network: string; wide: string },
    asker: { address: string; device: string },
    newId: number,
    now: number,
    networkQuiet: boolean,
    topped: boolean,
  ) {
    if (topped && toppedWide.has(nets.wide)) return;
    let allTopped = true;
    const waitingList = repo.waitingFrom(nets.network, nets.wide, now - DAY_MS, newId, networkQuiet);
    let wideCounts: ((request: WaitingRequest) => WideCounts | undefined) | undefined;
    for (const waiting of waitingList) {
      const elsewhere =
        waiting.ipNetwork !== null &&
        waiting.ipNetwork !== nets.network &&
        waiting.ipWide === nets.wide &&
        waiting.deviceId !== asker.device &&
        waiting.address !== asker.address;
      if (elsewhere) wideCounts ??= wideCountsOf(nets.wide, waitingList, now);
      const risk = rescore(waiting, elsewhere ? wideCounts!(waiting) : undefined);
      if (risk.score < TOP_SCORE) allTopped = false;
      if (risk.score <= (waiting.riskScore ?? 0)) continue;
      repo.setRisk(waiting.id, risk.score, risk.reasons, risk.signals);
      if (risk.score >= HOLDS_NO_BUDGET && waiting.budgetDay !== null && waiting.status === "PENDING") {
        repo.setBudgetDay(waiting.id, null);
        moveBudget(poolOf(waiting.reason), waiting.budgetDay, -waiting.amountDrops, 0);
      }
    }
    if (topped && allTopped) {
      if (toppedWide.size >= TOPPED_REMEMBERED) toppedWide.clear();
      toppedWide.add(nets.wide);
    }
  }

  // The latest faucet request of the addresses seen asking (a flood asks for one address again and
  // again): rows are never removed, so one seen committed refuses its address until 24 h after it
  // without a read. Filled from the limits' reads and from requests once committed (a savepoint
  // rolled back leaves nothing here); forgotten in one go past ASKED_REMEMBERED.
  const askedAt = new Map<string, number>();
  const noteAsked = (address: string, at: number) => {
    if (askedAt.size >= ASKED_REMEMBERED) askedAt.clear();
    if ((askedAt.get(address) ?? 0) < at) askedAt.set(address, at);
  };
  // (what the server saw of the address since the moment, without a read)
  const knownAsked = (address: string, since: number): number | undefined => {
    const known = askedAt.get(address);
    return known !== undefined && known > since ? known : undefined;
  };
  const lastAsked = (address: string, since: number): number | undefined => {
    const known = knownAsked(address, since);
    if (known !== undefined) return known;
    const last = repo.lastForAddress(address, since)?.createdAt;
    if (last !== undefined) noteAsked(address, last);
    return last;
  };
  // A refusal kept for the second its wait stands at: a flood is refused the same way again and again
  // (one address, one network, one device), and building the answer (its wait in words) was a tenth
  // of an address's refusal. (The wait in words is the same from its seconds: both round up.)
  const keptPerSecond = (build: (limit: number, wait: string, seconds: number) => HttpError) => {
    let kept: { key: string; limit: number; until: number; seconds: number; error: HttpError } | undefined;
    return (key: string, limit: number, until: number, now: number): HttpError => {
      const seconds = Math.ceil((until - now) / 1000);
      if (
        kept !== undefined &&
        kept.key === key &&
        kept.limit === limit &&
        kept.until === until &&
        kept.seconds === seconds
      )
        return kept.error;
      const error = build(limit, waitText(seconds * 1000), seconds);
      kept = { key, limit, until, seconds, error };
      return error;
    };
  };
  const addressRefusal = keptPerSecond((_, wait, seconds) => faucetErrors.addressWaits(wait, seconds));
  const addressWaits = (address: string, last: number, now: number) => addressRefusal(address, 0, last + DAY_MS, now);
  const networkWaits = keptPerSecond(faucetErrors.networkLimit);
  const deviceWaits = keptPerSecond(faucetErrors.deviceLimit);

  // The networks seen over their limit (a farm's flood from one /48 or /24 asks again and again):
  // their requests of the last 24 h as the refusal's read found them. Rows are never removed and
  // those written since only add to them, so while the requests kept still hold a network over its
  // limit, a request from it is refused without a read. Filled once a refusal for the network's
  // limit is committed (what it read was committed too); a network whose requests kept no longer
  // hold it is forgotten and read again; all are forgotten in one go past OVER_LIMIT_REMEMBERED.
  const overLimit = new Map<string, AddressAt[]>();
  const noteOverLimit = (network: string, requests: AddressAt[]) => {
    if (requests.length > OVER_LIMIT_REQUESTS) return;
    if (overLimit.size >= OVER_LIMIT_REMEMBERED) overLimit.clear();
    overLimit.set(network, requests);
  };
  // The network's refusal from what the server saw, or undefined (not seen over its limit, or no
  // longer held there by the requests kept: the read decides). A request for an address among the
  // network's own is read too: its own refusal, or none, is the read's to tell.
  const knownOverLimit = (network: string, address: string, limit: number, now: number): HttpError | undefined => {
    const requests = overLimit.get(network);
    if (requests === undefined || requests.some((r) => r.address === address)) return undefined;
    const others = otherAddressesFrom(requests, address, now - DAY_MS);
    if (others.n >= limit) return networkWaits(network, limit, (others.first ?? now) + DAY_MS, now);
    overLimit.delete(network);
    return undefined;
  };

  // The limits that need no read: the faucet on, and (a faucet request) an address the server saw
  // ask in the last 24 h.
  function checkLimitsWithoutRead(parsed: LedgerAddress, kind: "faucet" | "bonus", s: FaucetSettings, now: number) {
    if (!s.enabled) throw faucetErrors.offline();
    if (kind !== "faucet") return;
    const known = knownAsked(parsed.address, now - DAY_MS);
    if (known !== undefined) throw addressWaits(parsed.address, known, now);
  }

  // The limits that refuse: the faucet on, one faucet request per address per 24 h (the reviewer
  // bonus has its own once-per-address rule), and the per-IP and per-device limits (the per-IP one
  // at its network's width, /48 or /24). Reads only: checked before the signals that only score,
  // so a refusal costs about what the duplicate-address refusal costs.
  // (`read`: given, it gets the network's requests when the network's limit refuses)
  function checkLimits(
    input: FaucetRequestInput,
    parsed: LedgerAddress,
    kind: "faucet" | "bonus",
    s: FaucetSettings,
    now: number,
    read?: NetworkRead,
  ) {
    checkLimitsWithoutRead(parsed, kind, s, now);
    const since = now - DAY_MS;
    const nets = ipNetworks(input.ip, s.ipGrouping as IpGrouping);
    // (the address's own request is read for a bonus too, and not used: a bonus has its own rule)
    const { last, fromNetwork, fromDevice, networkRequests } = repo.limitsSince(
      parsed.address,
      nets.network,
      input.deviceId,
      since,
    );
    if (kind === "faucet" && last !== undefined) {
      noteAsked(parsed.address, last);
      throw addressWaits(parsed.address, last, now);
    }
    if (fromNetwork.n >= s.perIpDaily) {
      if (read) read.overLimit = { network: nets.network, requests: networkRequests };
      throw networkWaits(nets.network, s.perIpDaily, (fromNetwork.first ?? now) + DAY_MS, now);
    }
    if (fromDevice.n >= s.perDeviceDaily)
      throw deviceWaits(input.deviceId, s.perDeviceDaily, (fromDevice.first ?? now) + DAY_MS, now);
    return { nets, fromNetwork, fromDevice };
  }

  // Writes a request after every limit (checkLimits) and the budget. Synchronous: it runs inside the
  // caller's transaction (the group commit's savepoint, or immediate), so the limits are read in the
  // transaction that writes: two requests at once cannot both pass them.
  function write(
    input: FaucetRequestInput,
    parsed: LedgerAddress,
    kind: "faucet" | "bonus",
    read?: NetworkRead,
  ): FaucetRequest {
    const now = clock();
    const s = settings.get();
    const { nets, fromNetwork, fromDevice } = checkLimits(input, parsed, kind, s, now, read);

    const today = utcDay(now);
    const pool = poolOf(kind === "faucet" ? null : (input.reason ?? null));
    const wanted = kind === "faucet" ? drawAmount(s.minAmountDrops, s.maxAmountDrops, random) : bonusDrops(s);
    // past the limits, it is one of the crowd; during a surge a faucet request waits for a person
    surge.count(now);
    const surging = kind === "faucet" && surge.state(now).active;
    const counted = signals(nets, parsed.address, input.deviceId, now, now, {
      fromNetwork: fromNetwork.n,
      fromDevice: fromDevice.n,
      networkRows: fromNetwork.rows,
    });
    const scored = scoreRisk({ ...counted, newDevice: input.newDevice, userAgent: input.userAgent });
    const risk = surging ? surgeRisk(scored) : scored;
    // Only what a rule could pay holds budget: a low-risk faucet request (auto-approve may pay it
    // at the end of its hold, and gives the budget back if it will not). A flagged request (medium or
    // high) and a bonus wait for a person holding none, so a flood of them cannot close the faucet;
    // each takes its amount when approved (holdBudget). So only a request that holds budget needs
    // this hour's slice; the others are stored (a person sees the burst whole) while the day's
    // budget could still cover them.
    const holdsBudget = kind === "faucet" && risk.score < HOLDS_NO_BUDGET;
    // the faucet pays less than it drew down to the minimum; a bonus pays its whole amount or waits
    const least = kind === "faucet" ? Math.min(wanted, s.minAmountDrops) : wanted;
    const amount = holdsBudget
      ? takeFromPool(pool, s, now, wanted, least)
      : Math.min(wanted, dayLeftFor(pool, s, now, least));
    const row = repo.insert({
      userId: input.userId,
      address: parsed.address,
      destinationTag: parsed.tag,
      amountDrops: amount,
      reason: input.reason ?? null,
      riskScore: risk.score,
      riskReasons: risk.reasons,
      requesterIp: input.ip,
      ipGroup: nets.group,
      ipNetwork: nets.network,
      ipWide: nets.wide,
      deviceId: input.deviceId,
      userAgent: input.userAgent,
      budgetDay: holdsBudget ? today : null,
      autoApproveSkip: surging ? SURGE_SKIP : null,
      riskSignals: storedSignals(counted),
      createdAt: now,
    });
    moveBudget(pool, today, holdsBudget ? amount : 0, 1, surging ? 0 : 1);
    if (pool === "bonus") moveBudget("faucet", today, 0, 1); // the day's request count
    // (nothing else from its network or wide network in 24 h: nothing waiting there to raise)
    if (risk.score < TOP_SCORE) toppedWide.delete(nets.wide);
    const topped = kind === "faucet" && risk.score >= TOP_SCORE && fromNetwork.rows === 0;
    if (fromNetwork.rows > 0 || counted.requestsFromWideToday > 0)
      raiseWaiting(
        nets,
        { address: parsed.address, device: input.deviceId },
        row.id,
        now,
        fromNetwork.rows === 0,
        topped,
      );
    if (input.userId !== null && kind === "faucet")
      repo.updateClaimer(input.userId, now, POINTS_PER_CLAIM, MAX_STREAK_POINTS, POINTS_PER_STREAK_DAY);
    return row;
  }

  let statusCache: { at: number; settings: FaucetSettings; version: number; value: FaucetStatus } | null = null;

  const parse = (address: unknown) => {
    const parsed = parseLedgerAddress(address);
    if (!parsed) throw faucetErrors.invalidAddress();
    return parsed;
  };

  const service = {
    // A visitor's request: every limit of decisions.md, checked and written atomically (in the
    // group commit, each request in its own savepoint). Settles once committed.
    request(address: unknown, ip: string, asker: () => Asker): Promise<FaucetRequest> {
      const parsed = parse(address);
      // What needs no read is refused at once, before who asks is read: the faucet off, an address
      // the server saw ask, a network it saw over its limit. The other limits are read in the group
      // commit's transaction (write checks them all again there), which takes SQLite's read lock
      // once for the turn's requests together (outside a transaction each statement took and left
      // it, two fcntl calls: about a third of a refused request's time under a flood).
      const s = settings.get();
      const now = clock();
      checkLimitsWithoutRead(parsed, "faucet", s, now);
      // (with no network seen over its limit, nothing to look up)
      if (overLimit.size > 0) {
        const held = knownOverLimit(
          ipNetworks(ip, s.ipGrouping as IpGrouping).network,
          parsed.address,
          s.perIpDaily,
          now,
        );
        if (held) throw held;
      }
      const input: FaucetRequestInput = { address, ip, ...asker() };
      const read: NetworkRead = {};
      return groupCommit(() => write(input, parsed, "faucet", read)).then(
        (row) => {
          noteAsked(row.address, row.createdAt);
          return row;
        },
        (error) => {
          // (a refusal is thrown before anything is written, and settles so once its turn committed;
          // anything else may roll back a raise)
          if (!(error instanceof HttpError)) forgetToppedWide();
          else if (read.overLimit && error.errorCode === "NETWORK_LIMIT")
            noteOverLimit(read.overLimit.network, read.overLimit.requests);
          throw error;
        },
      );
    },

    // A bonus paid as a faucet request (reason set): the per-IP and per-device limits and the budget
    // apply. Runs inside the caller's transaction when there is one.
    requestBonus(input: FaucetRequestInput & { reason: string }): FaucetRequest {
      const parsed = parse(input.address);
      return inTransaction(db, () => write(input, parsed, "bonus"));
    },

    // Called inside an admin's approval: a request that holds no budget (high-risk) takes its amount
    // from today's, or the approval is refused when today's budget cannot cover it.
    holdBudget(id: number): void {
      const request = repo.budgetOf(id);
      if (!request || request.budgetDay !== null) return;
      const today = utcDay(clock());
      const pool = poolOf(request.reason);
      const left = remainingToday(pool, settings.get(), today);
      if (left < request.amountDrops) throw faucetErrors.approvalPassesBudget(formatXrp(Math.max(0, left)));
      repo.setBudgetDay(id, today);
      moveBudget(pool, today, request.amountDrops, 0);
    },

    // Its payout settled (modules/payouts/settlement.ts, inside the engine's transaction): paid on the
    // ledger, the request is PROCESSED with the hash; failed or in doubt, it stays APPROVED with why.
    payoutPaid: (id: number, txHash: string, at: number) => void repo.markPaid(id, txHash, at),
    payoutNotPaid: (id: number, message: string) => void repo.setPayoutError(id, message),

    // The request's risk score re-computed now, for the auto-approve rule at the end of its hold:
    // the same signals counted up to now, so a burst from its network or wide network during the
    // hold raises it; never below the score it came with.
    currentRisk: (request: FaucetRequest) => rescore(request),

    // What the ledger says of its address (modules/address-signals) in a waiting request's score:
    // the network's part stays; raised to flagged, it gives its budget back as raiseWaiting does.
    applyAddressRisk(id: number, points: number, reasons: string[]): void {
      inTransaction(db, () => {
        const request = repo.byId(id);
        if (!request || request.status !== "PENDING") return;
        const was = request.addressReasons ?? [];
        if (request.addressPoints === points && was.length === reasons.length && was.every((r, i) => r === reasons[i]))
          return;
        const network = {
          score: (request.riskScore ?? 0) - request.addressPoints,
          reasons: (request.riskReasons ?? []).filter((r) => !was.includes(r)),
        };
        const risk = withAddressRisk(network, points, reasons);
        repo.setAddressRisk(id, risk.score, risk.reasons, points, reasons);
        forgetToppedWide();
        if (risk.score >= HOLDS_NO_BUDGET && request.budgetDay !== null) {
          repo.setBudgetDay(id, null);
          moveBudget(poolOf(request.reason), request.budgetDay, -request.amountDrops, 0);
        }
      });
    },

    // Called inside an admin's rejection (of a pending request, or of one whose payout failed for
    // good): its amount goes back to the budget of the day that held it, at once.
    releaseBudget(id: number): void {
      const request = repo.budgetOf(id);
      if (!request || request.budgetDay === null) return;
      repo.setBudgetDay(id, null);
      moveBudget(poolOf(request.reason), request.budgetDay, -request.amountDrops, 0);
    },

    // A social bonus claim waits for a person holding nothing: refused only once the day's bonus
    // budget cannot cover it. Inside the caller's transaction.
    checkBonus(drops: number): void {
      dayLeftFor("bonus", settings.get(), clock(), drops);
    },
    // An approved social bonus takes its amount from today's bonus budget (the whole day's, as an
    // admin's approval may), or the approval is refused; the day it was taken from, to give it back.
    holdBonus(drops: number): string {
      const today = utcDay(clock());
      const left = remainingToday("bonus", settings.get(), today);
      if (left < drops) throw faucetErrors.approvalPassesBudget(formatXrp(Math.max(0, left)));
      moveBudget("bonus", today, drops, 0);
      return today;
    },
    releaseBonus(day: string, drops: number): void {
      moveBudget("bonus", day, -drops, 0);
    },

    // The day's budgets as the admin's settings show them: each pool's slice, what is released,
    // used and left, when the next slice opens, and what the current slice refused.
    budgetToday() {
      const now = clock();
      const s = settings.get();
      const slice = Math.floor(now / HOUR_MS);
      const refused = (pool: BudgetPool) =>
        refusals[pool].slice === slice ? refusals[pool] : { requests: 0, drops: 0 };
      const autoUsed = repo.autoApprovedDropsSince(dayStart(now));
      return {
        faucet: {
          ...poolNow("faucet", s, now),
          refusedRequests: refused("faucet").requests,
          refusedDrops: refused("faucet").drops,
        },
        bonus: {
          ...poolNow("bonus", s, now),
          refusedRequests: refused("bonus").requests,
          refusedDrops: refused("bonus").drops,
        },
        autoApprove: capView(s.autoApproveMaxPerDayDrops, autoUsed, now, s.maxAmountDrops),
      };
    },

    // Whether the last minutes brought a surge, with its figures and (only during one) the wide
    // networks that sent most: for the auto-approve rule, the admin's alert and the metrics.
    surge(): SurgeState & { busiest: { network: string; requests: number }[] } {
      const now = clock();
      const state = surge.state(now);
      return { ...state, busiest: state.active ? repo.busiestWideSince(now - SURGE_WINDOW_MS) : [] };
    },

    // The auto-approve cap released through the day, like the budget.
    autoApproveCapNow(): number {
      const s = settings.get();
      return releasedBy(s.autoApproveMaxPerDayDrops, clock(), s.maxAmountDrops);
    },

    // What the public badge shows. Every open page polls it, so the answer is kept for a second
    // (and recomputed at once when the settings or a day's total change).
    // It also holds what the faucet page states before its form: why it is offline, the amount
    // range and today's budget.
    status(): FaucetStatus {
      const now = clock();
      const s = settings.get();
      if (
        statusCache &&
        statusCache.settings === s &&
        statusCache.version === budgetVersion &&
        now - statusCache.at < STATUS_CACHE_MS
      ) {
        return statusCache.value;
      }
      const pool = poolNow("faucet", s, now);
      const dayLeft = Math.max(0, remainingToday("faucet", s, utcDay(now)));
      // (during a surge every request waits for a person holding nothing: this hour's slice does not apply)
      const surging = surge.state(now).active;
      const figures = {
        minAmount: formatXrp(s.minAmountDrops),
        maxAmount: formatXrp(s.maxAmountDrops),
        budgetLeft: formatXrp(pool.leftDrops),
        budgetTotal: formatXrp(s.dailyLimitDrops),
        budgetLeftDrops: pool.leftDrops,
        budgetTotalDrops: s.dailyLimitDrops,
        // what of the day is released so far (an hourly share, carried forward) and when more opens
        budgetReleased: formatXrp(pool.releasedDrops),
        budgetSlice: formatXrp(pool.sliceDrops),
        nextSliceAt: pool.nextSliceAt === null ? null : new Date(pool.nextSliceAt).toISOString(),
        reviewerBonus: formatXrp(bonusDrops(s)),
        nextClaimSeconds: null,
        nextClaimLimit: null,
        nextClaimReason: null,
        surge: surging,
        surgeNotice: surging ? SURGE_NOTICE : null,
      };
      let value: FaucetStatus = { isActive: true, message: "Faucet is online", offlineReason: null, ...figures };
      if (!s.enabled)
        value = { isActive: false, message: "Faucet is offline", offlineReason: FAUCET_OFFLINE, ...figures };
      else if (dayLeft < s.minAmountDrops || (pool.leftDrops < s.minAmountDrops && pool.nextSliceAt === null)) {
        value = {
          isActive: false,
          message: "Today's XRP has been given out. Back after midnight UTC.",
          offlineReason: BUDGET_REACHED,
          ...figures,
        };
      } else if (pool.leftDrops < s.minAmountDrops && !surging) {
        const opens = new Date(pool.nextSliceAt!).toISOString().slice(11, 16);
        value = {
          isActive: false,
          message: `This hour's XRP has been given out. More at ${opens} UTC.`,
          offlineReason: sliceReached(pool.nextSliceAt!),
          ...figures,
        };
      }
      statusCache = { at: now, settings: s, version: budgetVersion, value };
      return value;
    },

    // How long until this visitor may claim again, and which limit holds them longest (null when
    // they may claim now): the address's 24 hours (when given), and the device's and the network's
    // daily number of other addresses (when given: null leaves each out).
    nextClaim(
      deviceId: string | null,
      address: unknown,
      network: string | null = null,
    ): { seconds: number; limit: WaitLimit | null; reason: string | null } {
      const now = clock();
      const since = now - DAY_MS;
      const s = settings.get();
      const typed = address !== undefined && address !== null && address !== "" ? parse(address).address : null;
      let wait = 0;
      let limit: WaitLimit | null = null;
      const consider = (until: number, which: WaitLimit) => {
        if (until - now > wait) {
          wait = until - now;
          limit = which;
        }
      };
      if (typed !== null) {
        const last = lastAsked(typed, since);
        if (last !== undefined) consider(last + DAY_MS, "address");
      }
      if (deviceId !== null) {
        const fromDevice = repo.otherAddressesFromDevice(deviceId, typed ?? "", since);
        if (fromDevice.n >= s.perDeviceDaily) consider((fromDevice.first ?? now) + DAY_MS, "device");
      }
      if (network !== null) {
        const fromNetwork = repo.otherAddressesFromNetwork(network, typed ?? "", since);
        if (fromNetwork.n >= s.perIpDaily) consider((fromNetwork.first ?? now) + DAY_MS, "network");
      }
      const held = limit as WaitLimit | null;
      const reason =
        held === null
          ? null
          : held === "address"
            ? waitReasons.address
            : waitReasons[held](held === "network" ? s.perIpDaily : s.perDeviceDaily);
      return { seconds: Math.ceil(wait / 1000), limit: held, reason };
    },
    nextClaimSeconds: (deviceId: string | null, address: unknown): number =>
      service.nextClaim(deviceId, address).seconds,

    // The badge asked about one visitor: their device's and network's wait (`deviceId`, `network`:
    // null to leave them out) and an address's, with the limit that holds it in the refusal's words.
    statusFor(deviceId: string | null, address: unknown, network: string | null = null): FaucetStatus {
      const next = service.nextClaim(deviceId, address, network);
      return {
        ...service.status(),
        nextClaimSeconds: next.seconds,
        nextClaimLimit: next.limit,
        nextClaimReason: next.reason,
      };
    },

    // The latest requests of a device (`deviceId`, when given) or else of a wallet address (anyone
    // may look them up).
    latest(deviceId: string | null, address: unknown): PublicFaucetRequestRow[] {
      return deviceId !== null
        ? repo.latestForDevice(deviceId, LOOKUP_LIMIT)
        : repo.latestForAddress(parse(address).address, LOOKUP_LIMIT);
    },

    // The admin's list: open requests a page at a time; page 1 also holds the 10 last processed.
    // With a filter (status, risk, reason, dates, search, sort): the matching requests of any status.
    adminPage(page: number, filter: ListFilter | null = null) {
      const { rows, total } = filter
        ? repo.filteredPage(filter, ADMIN_PAGE_SIZE)
        : { rows: repo.openPage(page, ADMIN_PAGE_SIZE, page === 1), total: repo.openCount() };
      const ledger = addressEvidence(rows.map((r) => r.address));
      return {
        rows: rows.map((r) => ({ ...r, blocked: blocked(r), ledger: ledger.get(r.address) ?? null })),
        total,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },
  };
  return service;
}
export type FaucetService = ReturnType<typeof createFaucetService>;

export interface FaucetStatus {
  isActive: boolean;
  // the badge's words
  message: string;
  // why the faucet takes no request, in a sentence (null when online)
  offlineReason: string | null;
  minAmount: string;
  maxAmount: string;
  budgetLeft: string;
  budgetTotal: string;
  budgetLeftDrops: number;
  budgetTotalDrops: number;
  budgetReleased: string;
  budgetSlice: string;
  // when the next hourly slice of the day's budget opens (ISO); null once the whole day is released
  nextSliceAt: string | null;
  // what the reviewer bonus pays (XRP)
  reviewerBonus: string;
  // for the device / address asked about (?mine=1, ?address=); null when not asked
  nextClaimSeconds: number | null;
  // the limit that holds that wait longest, and why in the words of its refusal (null: none holds it)
  nextClaimLimit: WaitLimit | null;
  nextClaimReason: string | null;
  // a surge: new requests wait for a person (surge.ts), and what the faucet page says about it
  surge: boolean;
  surgeNotice: string | null;
}
