// A day's budget released through the day. Each hour may use its slice: what the day has left at
// the hour's start spread over the hours left (this one included), and at least one request's most
// (`floor`), or a budget smaller than 24 requests could pay nothing in its first hours. What an
// hour leaves unused is carried forward spread over the hours after it, never all at once: a burst
// at any moment takes one hour's slice, never the day. Used for the faucet's and the bonuses'
// budgets; the auto-approve cap, a cap rather than a budget, is released cumulatively (releasedBy).
import { DAY_MS, HOUR_MS, utcDay } from "../../lib/time.ts";

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

export const dayStart = (now: number) => Date.parse(`${utcDay(now)}T00:00:00Z`);
export const nextDayAt = (now: number) => dayStart(now) + DAY_MS;

// What a pool of the day looks like now: for the admin's settings and the faucet page.
// (`sliceDrops`: this hour's share of what the day has left; `releasedDrops`: what the day has made
// available so far: what the hours before this one used, and this hour's share, at least `floor`.)
export interface BudgetView {
  totalDrops: number;
  sliceDrops: number;
  releasedDrops: number;
  usedDrops: number;
  leftDrops: number; // released and not used
  nextSliceAt: number | null; // null when the whole day is released
}

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
