// The day's two budgets: the faucet's (dailyLimit) and the bonuses' (bonusDailyLimit: social and
// reviewer bonuses; a faucet request with a reason, the reviewer bonus, is held by the bonuses').
// A request that holds budget takes it when it is written; a flagged one takes it when approved
// (holdBudget); a rejected one gives it back (releaseBudget). The payouts, the rewards and the
// social bonus call these too.
//
// Each budget is released through the day (at the end of this file). Each hour may use its slice:
// what the day has left at the hour's start spread over the hours left (this one included), and at
// least one request's most (`floor`), or a budget smaller than 24 requests could pay nothing in its
// first hours. What an hour leaves unused is carried forward spread over the hours after it, never
// all at once: a burst at any moment takes one hour's slice, never the day. The auto-approve cap, a
// cap rather than a budget, is released cumulatively (releasedBy).
import { dayStart, HOUR_MS, nextDayAt, utcDay } from "../../lib/time.ts";
import { formatXrp } from "../../shared/money.ts";
import type { FaucetSettings } from "../settings/service.ts";
import { type BudgetView, faucetErrors } from "./model.ts";
import type { TotalsRepository } from "./totals-repository.ts";
import type { RequestStatus } from "./request-status.ts";

export type BudgetPool = "faucet" | "bonus";
export const poolOf = (reason: string | null): BudgetPool => (reason === null ? "faucet" : "bonus");
// What the reviewer bonus pays.
export const bonusDrops = (s: FaucetSettings) => s.reviewerBonusDrops ?? s.minAmountDrops;

// A request's share of a day's budget: its amount and the day that holds it (null: none).
export interface HeldBudget {
  id: number;
  amountDrops: number;
  reason: string | null;
  budgetDay: string | null;
}

export interface BudgetPoolsDeps {
  repo: TotalsRepository;
  // the day a request's amount is held by (request-status.ts)
  requests: Pick<RequestStatus, "holdBudget" | "releaseBudget" | "autoApprovedDropsSince">;
  clock: () => number;
  settings: { get: () => FaucetSettings };
}

export function createBudgetPools({ repo, requests, clock, settings }: BudgetPoolsDeps) {
  // Bumped whenever a day's total moves, so the cached status never outlives a change.
  let version = 0;
  // What each pool refused in the current slice (an hour), for the admin's settings; in memory.
  const refusals: Record<BudgetPool, { slice: number; requests: number; drops: number }> = {
    faucet: { slice: 0, requests: 0, drops: 0 },
    bonus: { slice: 0, requests: 0, drops: 0 },
  };

  const pools = {
    version: () => version,

    // A pool as it stands now: released through the day.
    now: (pool: BudgetPool, s: FaucetSettings, now: number): BudgetView =>
      budgetView(totalOf(pool, s), usedOn(pool, utcDay(now)), usedThisHour(pool, now), now, floorOf(pool, s)),
    // The whole day left (an admin's approval may use what later slices release).
    dayLeft: (pool: BudgetPool, s: FaucetSettings, day: string) => totalOf(pool, s) - usedOn(pool, day),

    // Moves a day's total, and this hour's too when the day is today (an hour's slice is read from
    // its takings). `hourRequests`: what the hour's usual rate learns from; a request made during a
    // surge is not. Requests are counted with the faucet's pool only, as the day's are.
    move(pool: BudgetPool, day: string, drops: number, requests: number, hourRequests = requests): void {
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
      version++;
    },

    // What a request of `wanted` drops that holds budget takes of this hour's released budget: less
    // than wanted down to `least`, or refused with when the next slice or day opens.
    take(pool: BudgetPool, s: FaucetSettings, now: number, wanted: number, least: number): number {
      const view = pools.now(pool, s, now);
      if (view.leftDrops >= least) return Math.min(wanted, view.leftDrops);
      // (counted outside the request's savepoint: a refusal writes nothing)
      countRefusal(pool, wanted, now);
      const dayDone = pools.dayLeft(pool, s, utcDay(now)) < least || view.nextSliceAt === null;
      const opens = dayDone ? nextDayAt(now) : view.nextSliceAt!;
      if (pool === "bonus") throw faucetErrors.bonusBudgetReached(dayDone ? null : opens, (opens - now) / 1000);
      throw dayDone
        ? faucetErrors.budgetReached((opens - now) / 1000)
        : faucetErrors.sliceReached(opens, (opens - now) / 1000);
    },

    // What of the day a flagged request may ask for (it holds none until approved): refused only
    // once the whole day is given out.
    dayLeftFor(pool: BudgetPool, s: FaucetSettings, now: number, least: number): number {
      const left = pools.dayLeft(pool, s, utcDay(now));
      if (left >= least) return left;
      countRefusal(pool, least, now);
      const opens = nextDayAt(now);
      if (pool === "bonus") throw faucetErrors.bonusBudgetReached(null, (opens - now) / 1000);
      throw faucetErrors.budgetReached((opens - now) / 1000);
    },

    // A waiting request raised to flagged gives its budget back to the day that held it.
    giveBack(request: HeldBudget): void {
      if (request.budgetDay === null) return;
      requests.releaseBudget(request.id);
      pools.move(poolOf(request.reason), request.budgetDay, -request.amountDrops, 0);
    },

    // Called inside an admin's approval: a request that holds no budget (flagged) takes its amount
    // from today's, or the approval is refused when today's budget cannot cover it.
    holdBudget(id: number): void {
      const request = repo.budgetOf(id);
      if (!request || request.budgetDay !== null) return;
      const today = utcDay(clock());
      const pool = poolOf(request.reason);
      const left = pools.dayLeft(pool, settings.get(), today);
      if (left < request.amountDrops) throw faucetErrors.approvalPassesBudget(formatXrp(Math.max(0, left)));
      requests.holdBudget(id, today);
      pools.move(pool, today, request.amountDrops, 0);
    },
    // Called inside an admin's rejection (of a pending request, or of one whose payout failed for
    // good): its amount goes back to the budget of the day that held it, at once.
    releaseBudget(id: number): void {
      const request = repo.budgetOf(id);
      if (request) pools.giveBack({ id, ...request });
    },

    // A social bonus claim waits for a person holding nothing: refused only once the day's bonus
    // budget cannot cover it. Inside the caller's transaction.
    checkBonus(drops: number): void {
      pools.dayLeftFor("bonus", settings.get(), clock(), drops);
    },
    // An approved social bonus takes its amount from today's bonus budget (the whole day's, as an
    // admin's approval may), or the approval is refused; the day it was taken from, to give it back.
    holdBonus(drops: number): string {
      const today = utcDay(clock());
      const left = pools.dayLeft("bonus", settings.get(), today);
      if (left < drops) throw faucetErrors.approvalPassesBudget(formatXrp(Math.max(0, left)));
      pools.move("bonus", today, drops, 0);
      return today;
    },
    releaseBonus(day: string, drops: number): void {
      pools.move("bonus", day, -drops, 0);
    },

    // The day's budgets as the admin's settings show them: each pool's slice, what is released,
    // used and left, when the next slice opens, and what the current slice refused.
    budgetToday() {
      const now = clock();
      const s = settings.get();
      const slice = Math.floor(now / HOUR_MS);
      const refused = (pool: BudgetPool) => {
        const counted = refusals[pool].slice === slice ? refusals[pool] : { requests: 0, drops: 0 };
        return { refusedRequests: counted.requests, refusedDrops: counted.drops };
      };
      const autoUsed = requests.autoApprovedDropsSince(dayStart(now));
      return {
        faucet: { ...pools.now("faucet", s, now), ...refused("faucet") },
        bonus: { ...pools.now("bonus", s, now), ...refused("bonus") },
        autoApprove: capView(s.autoApproveMaxPerDayDrops, autoUsed, now, s.maxAmountDrops),
      };
    },
    // The auto-approve cap released through the day, like the budget.
    autoApproveCapNow(): number {
      const s = settings.get();
      return releasedBy(s.autoApproveMaxPerDayDrops, clock(), s.maxAmountDrops);
    },
  };
  return pools;

  function usedOn(pool: BudgetPool, day: string) {
    return pool === "faucet" ? repo.dayTotal(day) : repo.dayBonusTotal(day);
  }
  function usedThisHour(pool: BudgetPool, now: number) {
    const hour = repo.hourTotal(Math.floor(now / HOUR_MS));
    return pool === "faucet" ? hour.amountDrops : hour.bonusDrops;
  }
  function totalOf(pool: BudgetPool, s: FaucetSettings) {
    return pool === "faucet" ? s.dailyLimitDrops : s.bonusDailyLimitDrops;
  }
  // The least a pool's first slice releases: one request's most.
  function floorOf(pool: BudgetPool, s: FaucetSettings) {
    return pool === "faucet" ? s.maxAmountDrops : bonusDrops(s);
  }
  function countRefusal(pool: BudgetPool, drops: number, now: number) {
    const slice = Math.floor(now / HOUR_MS);
    if (refusals[pool].slice !== slice) refusals[pool] = { slice, requests: 0, drops: 0 };
    refusals[pool].requests++;
    refusals[pool].drops += drops;
  }
}
export type BudgetPools = ReturnType<typeof createBudgetPools>;

export const SLICES_PER_DAY = 24;

// The part of `totalDrops` released by `now` in its UTC day.
export function releasedBy(totalDrops: number, now: number, floorDrops: number): number {
  const slices = new Date(now).getUTCHours() + 1;
  return Math.min(totalDrops, Math.max(floorDrops, Math.ceil((totalDrops * slices) / SLICES_PER_DAY)));
}

// One slice of a day's total.
export const sliceOf = (totalDrops: number) => Math.ceil(totalDrops / SLICES_PER_DAY);

// When the next slice opens: the next whole hour (midnight opens a new day).
export function nextSliceAt(now: number): number {
  return Math.floor(now / HOUR_MS) * HOUR_MS + HOUR_MS;
}

// What a pool of the day looks like now: for the admin's settings and the faucet page.
// (`sliceDrops`: this hour's share of what the day has left; `releasedDrops`: what the day has made
// available so far: what the hours before this one used, and this hour's share, at least `floor`.)
export function budgetView(
  totalDrops: number,
  usedDrops: number,
  usedThisHourDrops: number,
  now: number,
  floorDrops: number,
): BudgetView {
  const hoursLeft = SLICES_PER_DAY - new Date(now).getUTCHours();
  const usedBefore = usedDrops - usedThisHourDrops;
  const leftAtHourStart = Math.max(0, totalDrops - usedBefore);
  const sliceDrops = Math.ceil(leftAtHourStart / hoursLeft);
  const releasedDrops = usedBefore + Math.min(leftAtHourStart, Math.max(floorDrops, sliceDrops));
  return {
    totalDrops,
    sliceDrops,
    releasedDrops,
    usedDrops,
    leftDrops: Math.max(0, releasedDrops - usedDrops),
    nextSliceAt: releasedDrops >= totalDrops || hoursLeft === 1 ? null : nextSliceAt(now),
  };
}

// The auto-approve cap as the admin's settings show it: released cumulatively (releasedBy).
export function capView(totalDrops: number, usedDrops: number, now: number, floorDrops: number): BudgetView {
  const releasedDrops = releasedBy(totalDrops, now, floorDrops);
  return {
    totalDrops,
    sliceDrops: sliceOf(totalDrops),
    releasedDrops,
    usedDrops,
    leftDrops: Math.max(0, releasedDrops - usedDrops),
    nextSliceAt: releasedDrops >= totalDrops ? null : nextSliceAt(now),
  };
}
