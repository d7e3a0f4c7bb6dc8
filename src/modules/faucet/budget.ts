// A day's budget released through the day: an hourly share (1/24 of the day), unused shares
// carried forward, so a burst at midnight can take one slice, never the day. The first slice is
// at least one request's most (`floor`), or a budget smaller than 24 requests could pay nothing
// in its first hours. Used for the faucet's budget, the auto-approve cap and the bonus budget.
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
export interface BudgetView {
  totalDrops: number;
  sliceDrops: number;
  releasedDrops: number;
  usedDrops: number;
  leftDrops: number; // released and not used
  nextSliceAt: number | null; // null when the whole day is released
}

export function budgetView(totalDrops: number, usedDrops: number, now: number, floorDrops: number): BudgetView {
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
