// Faucet requests: every limit of decisions.md checked and the request written in one immediate
// SQLite transaction, so concurrent requests cannot slip past a limit.
import type { SQLQueryBindings } from "bun:sqlite";
import type { Db } from "../../db/client.ts";
import type { GroupCommit } from "../../db/group-commit.ts";
import { HttpError, tooManyRequests } from "../../http/errors.ts";
import { formatXrp } from "../../money.ts";
import type { FaucetSettings, SettingsService } from "../settings/service.ts";
import { ipGroup, type IpGrouping } from "../../http/ip-group.ts";
import { INVALID_ADDRESS, parseLedgerAddress, type LedgerAddress } from "./address.ts";
import { HIGH_RISK, scoreRisk } from "./risk.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

// Points (the API's `drops`) for a claim while logged in: a base plus a streak bonus.
export const POINTS_PER_CLAIM = 10;
export const POINTS_PER_STREAK_DAY = 2;
export const MAX_STREAK_POINTS = 20;

const STATUS_CACHE_MS = 1000;
export const FAUCET_OFFLINE = "The faucet is offline right now. Please try again later.";
export const BUDGET_REACHED = "The faucet has given out today's XRP. Please come back after midnight UTC.";

export interface FaucetRequestInput {
  address: unknown;
  ip: string;
  deviceId: string;
  newDevice: boolean;
  userAgent: string | null;
  userId: number | null;
  reason?: string | null;
}

export interface FaucetRequestRow {
  id: number;
  status: string;
  amount_drops: number;
  address: string;
  destination_tag: number | null;
  reason: string | null;
  created_at: number;
  tx_hash: string | null;
}

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// "in 3 hours", "in 12 minutes"
export function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 90) return `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} hours`;
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
  const q = <R, P extends SQLQueryBindings[]>(text: string) => db.sqlite.prepare<R, P>(text);
  const lastForAddress = q<{ created_at: number }, [string, number]>(
    "select created_at from faucet_requests where address = ? and created_at > ? and reason is null order by created_at desc limit 1",
  );
  // Other addresses than this one that the IP group or device asked for, by any path (faucet form,
  // reviewer bonus): asking again for an address already counted adds nothing.
  const addressesFrom = {
    ip: q<{ n: number; first: number | null }, [string, number, string]>(
      "select count(distinct address) as n, min(created_at) as first from faucet_requests where ip_group = ? and created_at > ? and address != ?",
    ),
    device: q<{ n: number; first: number | null }, [string, number, string]>(
      "select count(distinct address) as n, min(created_at) as first from faucet_requests where device_id = ? and created_at > ? and address != ?",
    ),
  };
  const rejectedFrom = q<{ n: number }, [string, string, number]>(
    "select count(*) as n from faucet_requests where (ip_group = ? or device_id = ?) and status = 'REJECTED' and created_at > ?",
  );
  const recentFromIp = q<{ n: number }, [string, number]>("select count(*) as n from faucet_requests where ip_group = ? and created_at > ?");
  const devicesForAddress = q<{ n: number }, [string, string, number]>(
    "select count(distinct device_id) as n from faucet_requests where address = ? and device_id != ? and created_at > ?",
  );
  const devicesFromIp = q<{ n: number }, [string, string, number]>(
    "select count(distinct device_id) as n from faucet_requests where ip_group = ? and device_id != ? and created_at > ?",
  );
  const dayTotal = q<{ amount_drops: number }, [string]>("select amount_drops from faucet_daily_totals where day = ?");
  const insert = q<FaucetRequestRow, [number | null, string, number | null, number, string | null, number, string, string, string, string, string | null, string | null, number]>(
    `insert into faucet_requests (user_id, address, destination_tag, amount_drops, reason, risk_score, risk_reasons, requester_ip, ip_group, device_id, user_agent, budget_day, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     returning id, status, amount_drops, address, destination_tag, reason, created_at, tx_hash`,
  );
  // decisions.md: +1 when the previous claim was less than 48 h before, else 1. A second claim
  // within 24 h (another address) keeps the streak as it is: one day counts once.
  const updateClaimer = q<unknown, [number, number, number, number, number]>(
    `update users set
       daily_streak = case
         when last_claim_at is not null and ?1 - last_claim_at < ${DAY} then max(daily_streak, 1)
         when last_claim_at is not null and ?1 - last_claim_at < ${2 * DAY} then daily_streak + 1
         else 1 end,
       points = points + ?2 + min(?3, ?4 * daily_streak),
       last_claim_at = ?1
     where id = ?5`,
  );
  const addToDay = q<unknown, [string, number, number]>(
    `insert into faucet_daily_totals (day, amount_drops, requests) values (?1, ?2, ?3)
     on conflict(day) do update set amount_drops = amount_drops + ?2, requests = requests + ?3`,
  );
  const budgetOf = q<{ amount_drops: number; budget_day: string | null; status: string }, [number]>(
    "select amount_drops, budget_day, status from faucet_requests where id = ?",
  );
  const setBudgetDay = q<unknown, [string | null, number]>("update faucet_requests set budget_day = ? where id = ?");
  // Bumped whenever a day's total moves, so the cached status never outlives a change.
  let budgetVersion = 0;
  const moveBudget = (day: string, drops: number, requests: number) => {
    addToDay.run(day, drops, requests);
    budgetVersion++;
  };
  const remainingToday = (s: FaucetSettings, today: string) => s.dailyLimitDrops - (dayTotal.get(today)?.amount_drops ?? 0);
  const untilTomorrow = (today: string, now: number) => Date.parse(`${today}T00:00:00Z`) + DAY - now;

  // Writes a request after every limit: one faucet request per address per 24 h (the reviewer
  // bonus has its own once-per-address rule), the per-IP-group and per-device limits, the budget.
  const write = db.sqlite.transaction(
    (input: FaucetRequestInput, parsed: LedgerAddress, kind: "faucet" | "bonus"): FaucetRequestRow => {
      const now = clock();
      const s = settings.get();
      if (!s.enabled) throw new HttpError(503, FAUCET_OFFLINE);
      const since = now - DAY;
      const group = ipGroup(input.ip, s.ipGrouping as IpGrouping);
      if (kind === "faucet") {
        const last = lastForAddress.get(parsed.address, since);
        if (last) {
          const wait = last.created_at + DAY - now;
          throw tooManyRequests(`This address already requested XRP in the last 24 hours. You can request again ${waitText(wait)}.`, wait / 1000);
        }
      }
      // Every path that creates a faucet request passes the per-IP and per-device limits.
      const fromIp = addressesFrom.ip.get(group, since, parsed.address)!;
      if (fromIp.n >= s.perIpDaily) {
        const wait = (fromIp.first ?? now) + DAY - now;
        throw tooManyRequests(`Too many addresses from your network today (at most ${s.perIpDaily} in 24 hours). Please try again ${waitText(wait)}.`, wait / 1000);
      }
      const fromDevice = addressesFrom.device.get(input.deviceId, since, parsed.address)!;
      if (fromDevice.n >= s.perDeviceDaily) {
        const wait = (fromDevice.first ?? now) + DAY - now;
        throw tooManyRequests(`Too many addresses from this device today (at most ${s.perDeviceDaily} in 24 hours). Please try again ${waitText(wait)}.`, wait / 1000);
      }

      const today = utcDay(now);
      const remaining = remainingToday(s, today);
      const wanted = kind === "faucet" ? drawAmount(s.minAmountDrops, s.maxAmountDrops, random) : (s.reviewerBonusDrops ?? s.minAmountDrops);
      if (remaining < Math.min(wanted, s.minAmountDrops)) throw tooManyRequests(BUDGET_REACHED, untilTomorrow(today, now) / 1000);
      const amount = Math.min(wanted, remaining);

      const risk = scoreRisk({
        addressesFromIp: fromIp.n,
        addressesFromDevice: fromDevice.n,
        rejectedFromIpOrDevice: rejectedFrom.get(group, input.deviceId, now - 7 * DAY)!.n,
        requestsFromIpLast10Min: recentFromIp.get(group, now - 10 * 60_000)!.n,
        devicesForAddress: devicesForAddress.get(parsed.address, input.deviceId, now - 30 * DAY)!.n,
        devicesFromIp: devicesFromIp.get(group, input.deviceId, since)!.n,
        newDevice: input.newDevice,
        userAgent: input.userAgent,
      });
      // A high-risk request waits for an admin without holding budget: a flood of them cannot close
      // the faucet. It takes its amount from the budget when approved (holdBudget).
      const holdsBudget = risk.score < HIGH_RISK;
      const row = insert.get(
        input.userId,
        parsed.address,
        parsed.tag,
        amount,
        input.reason ?? null,
        risk.score,
        JSON.stringify(risk.reasons),
        input.ip,
        group,
        input.deviceId,
        input.userAgent,
        holdsBudget ? today : null,
        now,
      )!;
      moveBudget(today, holdsBudget ? amount : 0, 1);
      if (input.userId !== null && kind === "faucet") updateClaimer.run(now, POINTS_PER_CLAIM, MAX_STREAK_POINTS, POINTS_PER_STREAK_DAY, input.userId);
      return row;
    },
  );

  let statusCache: { at: number; settings: FaucetSettings; version: number; value: { isActive: boolean; message: string } } | null = null;

  const parse = (address: unknown) => {
    const parsed = parseLedgerAddress(address);
    if (!parsed) throw new HttpError(400, INVALID_ADDRESS);
    return parsed;
  };

  return {
    // A visitor's request: every limit of decisions.md, checked and written atomically (in the
    // group commit, each request in its own savepoint). Settles once committed.
    request(input: FaucetRequestInput): Promise<FaucetRequestRow> {
      const parsed = parse(input.address);
      return groupCommit(() => write(input, parsed, "faucet"));
    },

    // Called inside an admin's approval: a request that holds no budget (high-risk) takes its amount
    // from today's, or the approval is refused when today's budget cannot cover it.
    holdBudget(id: number): void {
      const request = budgetOf.get(id);
      if (!request || request.budget_day !== null) return;
      const now = clock();
      const today = utcDay(now);
      const left = remainingToday(settings.get(), today);
      if (left < request.amount_drops) {
        throw new HttpError(409, `Approving this request would pass today's budget (${formatXrp(Math.max(0, left))} XRP left). Raise the daily limit or approve it after midnight UTC.`);
      }
      setBudgetDay.run(today, id);
      moveBudget(today, request.amount_drops, 0);
    },

    // Called inside an admin's rejection (of a pending request, or of one whose payout failed for
    // good): its amount goes back to the budget of the day that held it, at once.
    releaseBudget(id: number): void {
      const request = budgetOf.get(id);
      if (!request || request.budget_day === null) return;
      setBudgetDay.run(null, id);
      moveBudget(request.budget_day, -request.amount_drops, 0);
    },

    // A bonus paid as a faucet request (reason set): the per-IP and per-device limits and the budget apply.
    requestBonus(input: FaucetRequestInput & { reason: string }): FaucetRequestRow {
      return write.immediate(input, parse(input.address), "bonus");
    },

    // What the public badge shows. Every open page polls it, so the answer is kept for a second
    // (and recomputed at once when the settings change).
    status(): { isActive: boolean; message: string } {
      const now = clock();
      const s = settings.get();
      if (statusCache && statusCache.settings === s && statusCache.version === budgetVersion && now - statusCache.at < STATUS_CACHE_MS) {
        return statusCache.value;
      }
      let value = { isActive: true, message: "Faucet is online" };
      if (!s.enabled) value = { isActive: false, message: "Faucet is offline" };
      else if (remainingToday(s, utcDay(now)) < s.minAmountDrops) {
        value = { isActive: false, message: "Today's XRP has been given out. Back after midnight UTC." };
      }
      statusCache = { at: now, settings: s, version: budgetVersion, value };
      return value;
    },
  };
}
export type FaucetService = ReturnType<typeof createFaucetService>;

export function faucetRequestView(row: FaucetRequestRow) {
  return {
    id: row.id,
    status: row.status,
    amount: formatXrp(row.amount_drops),
    address: row.address,
    destinationTag: row.destination_tag,
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
    txHash: row.tx_hash,
  };
}
