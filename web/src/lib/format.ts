import { DROPS_PER_XRP, formatXrp as formatDrops, readableXrp, xrpToDrops } from "../../../src/shared/money";

// Amounts are always shown with 6 decimals, as the product specifies; read as drops (src/shared/money.ts),
// so nothing is rounded. A missing or unreadable amount shows as zero.
export function formatXrp(amount: string | number | null | undefined): string {
  const drops = typeof amount === "number" ? Math.round(amount * DROPS_PER_XRP) : xrpToDrops(amount ?? "");
  return formatDrops(drops !== null && Number.isFinite(drops) ? drops : 0);
}

// An amount as a visitor reads it: "5 XRP", "0.01 XRP", "1,250.5 XRP" (a missing one as "0 XRP").
export const xrpText = (amount: string | number | null | undefined) => readableXrp(formatXrp(amount));

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

// "3 hours ago", "yesterday", "just now"; for dates given as ISO strings.
export function formatRelativeTime(date: string | Date, now: Date = new Date()): string {
  const then = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(then.getTime())) return "";
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 60) return "just now";
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return "just now";
}
