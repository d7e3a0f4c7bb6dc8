// A surge: a proxy pool cannot be told from honest visitors one at a time (each from a network of
// its own, a fresh device, a real browser), but it can as a crowd. The faucet learns its usual rate
// for each hour of the day from its own history (the median of that hour over the last 7 days,
// never below a floor for a new install); when the last 10 minutes bring SURGE_FACTOR times that
// rate (and for 20 minutes after), new requests wait for a person holding no budget, auto-approve
// pauses, the admin is alerted and the faucet page says requests are reviewed by hand (the effect on a
// request: modules/risk/surge.ts).
import { HOUR_MS, MINUTE_MS } from "../../lib/time.ts";

// Short enough to see a pool before its first requests are paid, long enough that a few honest
// visitors at once are not a crowd.
export const SURGE_WINDOW_MS = 10 * MINUTE_MS;
// A busy honest hour stays under it; a pool brings many times the usual rate.
export const SURGE_FACTOR = 4;
// The usual rate of a faucet with no history yet: requests an hour. With SURGE_FACTOR 4, a surge
// is 20 or more requests in 10 minutes.
export const SURGE_FLOOR_PER_HOUR = 30;
// A week: each hour of the day is compared with the same hour on every weekday.
export const SURGE_HISTORY_DAYS = 7;
// A surge lasts until the rate has been under its threshold for this long: a pool that pauses a few
// minutes does not find the brake off, and visitors right after it are not refused for the hour's
// slice it took (they wait for a person too).
export const SURGE_HOLD_MS = 20 * MINUTE_MS;

export interface SurgeState {
  // the last 10 minutes are at or above the threshold, or were less than SURGE_HOLD_MS ago
  active: boolean;
  // requests in the last 10 minutes that passed the address, network and device limits
  recent: number;
  // the usual rate at this hour of the day (requests an hour) and what the last 10 minutes may bring
  usualPerHour: number;
  threshold: number;
}

export interface SurgeDeps {
  // accepted requests of one whole hour (hours since 1970, UTC) that were not made during a surge
  requestsInHour: (hour: number) => number;
  // requests made since a moment (read once, when the watch starts: a restart keeps its memory)
  requestsSince: (since: number) => number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export function createSurgeWatch({ requestsInHour, requestsSince }: SurgeDeps) {
  // requests counted in each of the last minutes (minute index since 1970 -> count), in memory
  const perMinute = new Map<number, number>();
  let started = false;
  let usual = { hour: Number.NaN, perHour: SURGE_FLOOR_PER_HOUR };
  // when the rate was last at or above the threshold (in memory: a restart ends a surge's hold)
  let lastAbove = Number.NEGATIVE_INFINITY;

  // The median of the same hour over the last days: one busy day (or a farm's) does not move it.
  const usualPerHour = (now: number) => {
    const hour = Math.floor(now / HOUR_MS);
    if (usual.hour !== hour) {
      const days = Array.from({ length: SURGE_HISTORY_DAYS }, (_, d) => requestsInHour(hour - 24 * (d + 1)));
      usual = { hour, perHour: Math.max(SURGE_FLOOR_PER_HOUR, median(days)) };
    }
    return usual.perHour;
  };

  const recent = (now: number) => {
    const minute = Math.floor(now / MINUTE_MS);
    if (!started) {
      started = true;
      perMinute.set(minute, requestsSince(now - SURGE_WINDOW_MS));
    }
    let n = 0;
    for (const [m, count] of perMinute) {
      // (older than the window, or ahead of a clock set back)
      if (m <= minute - SURGE_WINDOW_MS / MINUTE_MS || m > minute) perMinute.delete(m);
      else n += count;
    }
    return n;
  };

  return {
    // A request that passed the limits, accepted or refused for budget: the crowd is what arrives.
    count(now: number): void {
      recent(now);
      const minute = Math.floor(now / MINUTE_MS);
      perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
    },
    state(now: number): SurgeState {
      const usualNow = usualPerHour(now);
      const threshold = Math.ceil((usualNow * SURGE_FACTOR * SURGE_WINDOW_MS) / HOUR_MS);
      const n = recent(now);
      if (n >= threshold) lastAbove = now;
      // (a clock set back before the last surge, in tests, ends it)
      const active = now >= lastAbove && now - lastAbove < SURGE_HOLD_MS;
      return { active, recent: n, usualPerHour: usualNow, threshold };
    },
  };
}
export type SurgeWatch = ReturnType<typeof createSurgeWatch>;
