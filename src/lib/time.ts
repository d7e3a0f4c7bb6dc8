// Time as people read it in the product's messages.
import { plural } from "../shared/words.ts";

export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

// The first millisecond of a moment's UTC day. Epoch time counts no leap seconds, so every UTC day is
// DAY_MS long and the division is exact.
export const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
// The first millisecond of the UTC day after a moment's: when a day's budget starts again.
export const nextDayAt = (ms: number) => dayStart(ms) + DAY_MS;
// The first millisecond of a UTC day written "2026-11-23"; null for anything else, a day that does
// not exist ("2026-02-30") included.
export function parseDay(day: string): number | null {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === day ? ms : null;
}

// The UTC day of a moment: "2026-11-23". (The last one is remembered with its bounds: a faucet
// request asks for its day several times, and formatting a date is most of the cost.)
let remembered = { from: 0, to: -1, day: "" };
export const utcDay = (ms: number) => {
  if (ms >= remembered.from && ms < remembered.to) return remembered.day;
  const day = new Date(ms).toISOString().slice(0, 10);
  const from = dayStart(ms);
  remembered = { from, to: from + DAY_MS, day };
  return day;
};

// "in 3 hours", "in 12 minutes"
export function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE_MS));
  if (minutes < 90) return `in ${plural(minutes, "minute")}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} hours`;
}

// A stored time (epoch milliseconds) as the API sends it: an ISO 8601 string, null for none.
export function iso(ms: number): string;
export function iso(ms: number | null): string | null;
export function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
