// Faucet requests: every limit of decisions.md checked and the request written in one SQLite
// transaction, so concurrent requests cannot slip past a limit; the day's budget; the status badge.
import type { Db } from "../../db/client.ts";
import type { FaucetRequest } from "../../db/schema.ts";
import type { GroupCommit } from "../../db/group-commit.ts";
import { immediate } from "../../db/transaction.ts";
import { type IpGrouping, ipGroup } from "../../http/ip-group.ts";
import { DAY_MS, utcDay, waitText } from "../../lib/time.ts";
import type { ListFilter } from "../../lib/list-filter.ts";
import { formatXrp } from "../../money.ts";
import type { FaucetSettings, SettingsService } from "../settings/service.ts";
import { type LedgerAddress, parseLedgerAddress } from "./address.ts";
import { BUDGET_REACHED, FAUCET_OFFLINE, faucetErrors, LOOKUP_LIMIT, type PublicFaucetRequestRow } from "./model.ts";
import { createFaucetRepository } from "./repository.ts";
import { FIRST_VISIT, HIGH_RISK, scoreRisk } from "./risk.ts";

// Points (the API's `drops`) for a claim while logged in: a base plus a streak bonus.
export const POINTS_PER_CLAIM = 10;
export const POINTS_PER_STREAK_DAY = 2;
export const MAX_STREAK_POINTS = 20;
export const ADMIN_PAGE_SIZE = 200;
const STATUS_CACHE_MS = 1000;

export interface FaucetRequestInput {
  address: unknown;
  ip: string;
  deviceId: string;
  newDevice: boolean;
  userAgent: string | null;
  userId: number | null;
  reason?: string | null;
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
}

export function createFaucetService({ db, clock, settings, groupCommit, random = Math.random }: FaucetDeps) {
  const repo = createFaucetRepository(db);
  // Bumped whenever a day's total moves, so the cached status never outlives a change.
  let budgetVersion = 0;
  const moveBudget = (day: string, drops: number, requests: number) => {
    repo.addToDay(day, drops, requests);
    budgetVersion++;
  };
  const remainingToday = (s: FaucetSettings, today: string) => s.dailyLimitDrops - repo.dayTotal(today);
  const untilTomorrow = (today: string, now: number) => Date.parse(`${today}T00:00:00Z`) + DAY_MS - now;

  // Writes a request after every limit: one faucet request per address per 24 h (the reviewer
  // bonus has its own once-per-address rule), the per-IP-group and per-device limits, the budget.
  // Synchronous: it runs inside the caller's transaction (the group commit's savepoint, or immediate).
  function write(input: FaucetRequestInput, parsed: LedgerAddress, kind: "faucet" | "bonus"): FaucetRequest {
    const now = clock();
    const s = settings.get();
    if (!s.enabled) throw faucetErrors.offline();
    const since = now - DAY_MS;
    const group = ipGroup(input.ip, s.ipGrouping as IpGrouping);
    if (kind === "faucet") {
      const last = repo.lastForAddress(parsed.address, since);
      if (last) {
        const wait = last.createdAt + DAY_MS - now;
        throw faucetErrors.addressWaits(waitText(wait), wait / 1000);
      }
    }
    // Every path that creates a faucet request passes the per-IP and per-device limits.
    const fromIp = repo.otherAddressesFromIp(group, parsed.address, since);
    if (fromIp.n >= s.perIpDaily) {
      const wait = (fromIp.first ?? now) + DAY_MS - now;
      throw faucetErrors.networkLimit(s.perIpDaily, waitText(wait), wait / 1000);
    }
    const fromDevice = repo.otherAddressesFromDevice(input.deviceId, parsed.address, since);
    if (fromDevice.n >= s.perDeviceDaily) {
      const wait = (fromDevice.first ?? now) + DAY_MS - now;
      throw faucetErrors.deviceLimit(s.perDeviceDaily, waitText(wait), wait / 1000);
    }

    const today = utcDay(now);
    const remaining = remainingToday(s, today);
    const wanted = kind === "faucet" ? drawAmount(s.minAmountDrops, s.maxAmountDrops, random) : (s.reviewerBonusDrops ?? s.minAmountDrops);
    if (remaining < Math.min(wanted, s.minAmountDrops)) throw faucetErrors.budgetReached(untilTomorrow(today, now) / 1000);
    const amount = Math.min(wanted, remaining);

    const risk = scoreRisk({
      addressesFromIp: fromIp.n,
      addressesFromDevice: fromDevice.n,
      rejectedFromIpOrDevice: repo.rejectedFrom(group, input.deviceId, now - 7 * DAY_MS),
      requestsFromIpLast10Min: repo.requestsFromIp(group, now - 10 * 60_000),
      devicesForAddress: repo.otherDevicesForAddress(parsed.address, input.deviceId, now - 30 * DAY_MS),
      devicesFromIp: repo.otherDevicesFromIp(group, input.deviceId, since),
      newDevice: input.newDevice,
      userAgent: input.userAgent,
    });
    // A high-risk request waits for an admin without holding budget: a flood of them cannot close
    // the faucet. It takes its amount from the budget when approved (holdBudget).
    const holdsBudget = risk.score < HIGH_RISK;
    const row = repo.insert({
      userId: input.userId,
      address: parsed.address,
      destinationTag: parsed.tag,
      amountDrops: amount,
      reason: input.reason ?? null,
      riskScore: risk.score,
      riskReasons: risk.reasons,
      requesterIp: input.ip,
      ipGroup: group,
      deviceId: input.deviceId,
      userAgent: input.userAgent,
      budgetDay: holdsBudget ? today : null,
      createdAt: now,
    });
    moveBudget(today, holdsBudget ? amount : 0, 1);
    if (input.userId !== null && kind === "faucet") repo.updateClaimer(input.userId, now, POINTS_PER_CLAIM, MAX_STREAK_POINTS, POINTS_PER_STREAK_DAY);
    return row;
  }

  let statusCache: { at: number; settings: FaucetSettings; version: number; value: FaucetStatus } | null = null;

  const parse = (address: unknown) => {
    const parsed = parseLedgerAddress(address);
    if (!parsed) throw faucetErrors.invalidAddress();
    return parsed;
  };

  return {
    // A visitor's request: every limit of decisions.md, checked and written atomically (in the
    // group commit, each request in its own savepoint). Settles once committed.
    request(input: FaucetRequestInput): Promise<FaucetRequest> {
      const parsed = parse(input.address);
      return groupCommit(() => write(input, parsed, "faucet"));
    },

    // A bonus paid as a faucet request (reason set): the per-IP and per-device limits and the budget
    // apply. Runs inside the caller's transaction when there is one.
    requestBonus(input: FaucetRequestInput & { reason: string }): FaucetRequest {
      const parsed = parse(input.address);
      return db.sqlite.inTransaction ? write(input, parsed, "bonus") : immediate(db, () => write(input, parsed, "bonus"));
    },

    // Called inside an admin's approval: a request that holds no budget (high-risk) takes its amount
    // from today's, or the approval is refused when today's budget cannot cover it.
    holdBudget(id: number): void {
      const request = repo.budgetOf(id);
      if (!request || request.budgetDay !== null) return;
      const today = utcDay(clock());
      const left = remainingToday(settings.get(), today);
      if (left < request.amountDrops) throw faucetErrors.approvalPassesBudget(formatXrp(Math.max(0, left)));
      repo.setBudgetDay(id, today);
      moveBudget(today, request.amountDrops, 0);
    },

    // The request's risk score re-computed now, for the auto-approve rule at the end of its hold:
    // the same signals counted up to now, so a burst from its IP group or device during the hold
    // raises it; never below the score it came with.
    currentRisk(request: FaucetRequest): { score: number; reasons: string[] } {
      const now = clock();
      const group = request.ipGroup ?? request.requesterIp ?? "";
      const device = request.deviceId ?? "";
      const original = request.riskReasons ?? [];
      const fresh = scoreRisk({
        addressesFromIp: repo.otherAddressesFromIp(group, request.address, now - DAY_MS).n,
        addressesFromDevice: device ? repo.otherAddressesFromDevice(device, request.address, now - DAY_MS).n : 0,
        rejectedFromIpOrDevice: repo.rejectedFrom(group, device, now - 7 * DAY_MS),
        // the others from its IP group in the 10 minutes before it and since (it counts itself)
        requestsFromIpLast10Min: Math.max(0, repo.requestsFromIp(group, request.createdAt - 10 * 60_000) - 1),
        devicesForAddress: repo.otherDevicesForAddress(request.address, device, now - 30 * DAY_MS),
        devicesFromIp: repo.otherDevicesFromIp(group, device, now - DAY_MS),
        newDevice: original.includes(FIRST_VISIT),
        userAgent: request.userAgent,
      });
      const before = request.riskScore ?? 0;
      return fresh.score >= before ? fresh : { score: before, reasons: original };
    },

    // Called inside an admin's rejection (of a pending request, or of one whose payout failed for
    // good): its amount goes back to the budget of the day that held it, at once.
    releaseBudget(id: number): void {
      const request = repo.budgetOf(id);
      if (!request || request.budgetDay === null) return;
      repo.setBudgetDay(id, null);
      moveBudget(request.budgetDay, -request.amountDrops, 0);
    },

    // What the public badge shows. Every open page polls it, so the answer is kept for a second
    // (and recomputed at once when the settings or a day's total change).
    // It also holds what the faucet page states before its form: why it is offline, the amount
    // range and today's budget.
    status(): FaucetStatus {
      const now = clock();
      const s = settings.get();
      if (statusCache && statusCache.settings === s && statusCache.version === budgetVersion && now - statusCache.at < STATUS_CACHE_MS) {
        return statusCache.value;
      }
      const left = Math.max(0, remainingToday(s, utcDay(now)));
      const figures = {
        minAmount: formatXrp(s.minAmountDrops),
        maxAmount: formatXrp(s.maxAmountDrops),
        budgetLeft: formatXrp(left),
        budgetTotal: formatXrp(s.dailyLimitDrops),
        budgetLeftDrops: left,
        budgetTotalDrops: s.dailyLimitDrops,
        reviewerBonus: formatXrp(s.reviewerBonusDrops ?? s.minAmountDrops),
        nextClaimSeconds: null,
      };
      let value: FaucetStatus = { isActive: true, message: "Faucet is online", offlineReason: null, ...figures };
      if (!s.enabled) value = { isActive: false, message: "Faucet is offline", offlineReason: FAUCET_OFFLINE, ...figures };
      else if (left < s.minAmountDrops) {
        value = { isActive: false, message: "Today's XRP has been given out. Back after midnight UTC.", offlineReason: BUDGET_REACHED, ...figures };
      }
      statusCache = { at: now, settings: s, version: budgetVersion, value };
      return value;
    },

    // Seconds until this device (and this address, when given) may claim again: the address's
    // 24 hours and the device's daily number of addresses; 0 when it may claim now.
    nextClaimSeconds(deviceId: string | null, address: unknown): number {
      const now = clock();
      const since = now - DAY_MS;
      let wait = 0;
      if (address !== undefined && address !== null && address !== "") {
        const last = repo.lastForAddress(parse(address).address, since);
        if (last) wait = Math.max(wait, last.createdAt + DAY_MS - now);
      }
      if (deviceId !== null) {
        const fromDevice = repo.otherAddressesFromDevice(deviceId, "", since);
        if (fromDevice.n >= settings.get().perDeviceDaily) wait = Math.max(wait, (fromDevice.first ?? now) + DAY_MS - now);
      }
      return Math.ceil(wait / 1000);
    },

    // The latest requests of a wallet address (anyone may look them up) or of a device.
    latestForAddress(address: unknown): PublicFaucetRequestRow[] {
      return repo.latestForAddress(parse(address).address, LOOKUP_LIMIT);
    },
    latestForDevice(deviceId: string): PublicFaucetRequestRow[] {
      return repo.latestForDevice(deviceId, LOOKUP_LIMIT);
    },

    // The admin's list: open requests a page at a time; page 1 also holds the 10 last processed.
    // With a filter (status, risk, reason, dates, search, sort): the matching requests of any status.
    adminPage(page: number, filter: ListFilter | null = null) {
      if (filter) return { ...repo.filteredPage(filter, ADMIN_PAGE_SIZE), pageSize: ADMIN_PAGE_SIZE };
      return { rows: repo.openPage(page, ADMIN_PAGE_SIZE, page === 1), total: repo.openCount(), pageSize: ADMIN_PAGE_SIZE };
    },
  };
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
  // what the reviewer bonus pays (XRP)
  reviewerBonus: string;
  // for the device / address asked about (?mine=1, ?address=); null when not asked
  nextClaimSeconds: number | null;
}
