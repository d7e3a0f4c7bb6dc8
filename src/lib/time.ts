// Time as people read it in the product's messages.

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

// The UTC day of a moment: "2026-11-23". (The last one is remembered with its bounds: a faucet
// request asks for its day several times, and formatting a date is most of the cost.)
let remembered = { from: 0, to: -1, day: "" };
export const utcDay = (ms: number) => {
  if (ms >= remembered.from && ms < remembered.to) return remembered.day;
  const day = new Date(ms).toISOString().slice(0, 10);
  const from = Math.floor(ms / DAY_MS) * DAY_MS;
  remembered = { from, to: from + DAY_MS, day };
  return day;
};

// "in 3 hours", "in 12 minutes"
export function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 90) return `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} hours`;
}

// A stored time (epoch milliseconds) as the API sends it: an ISO 8601 string, null for none.
export function iso(ms: number): string;
export function iso(ms: number | null): string | null;
export function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
