import { DROPS_PER_XRP, formatXrp as formatDrops, plainXrp, readableXrp, xrpToDrops } from "../../../src/shared/money";
import { locale } from "../i18n";

// Amounts are always shown with 6 decimals, as the product specifies; read as drops (src/shared/money.ts),
// so nothing is rounded. A missing or unreadable amount shows as zero.
export function formatXrp(amount: string | number | null | undefined): string {
  const drops = typeof amount === "number" ? Math.round(amount * DROPS_PER_XRP) : xrpToDrops(amount ?? "");
  return formatDrops(drops !== null && Number.isFinite(drops) ? drops : 0);
}

// An amount as a visitor reads it, by the page language's digits: "5 XRP", "0.01 XRP", "1,250.5 XRP"
// (a missing one as "0 XRP"). Intl reads the decimal string, so nothing is rounded.
export function xrpText(amount: string | number | null | undefined): string {
  const language = locale();
  if (language === "en") return readableXrp(formatXrp(amount));
  const figure = plainXrp(xrpToDrops(formatXrp(amount)) ?? 0) as Intl.StringNumericLiteral;
  return `${numberFormat(language).format(figure)} XRP`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(language: string): Intl.NumberFormat {
  let format = numberFormats.get(language);
  if (!format) numberFormats.set(language, (format = new Intl.NumberFormat(language, { maximumFractionDigits: 6 })));
  return format;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

const relatives = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat(language: string): Intl.RelativeTimeFormat {
  let format = relatives.get(language);
  if (!format) relatives.set(language, (format = new Intl.RelativeTimeFormat(language, { numeric: "auto" })));
  return format;
}

// "3 hours ago", "yesterday", "just now"; for dates given as ISO strings.
export function formatRelativeTime(date: string | Date, now: Date = new Date()): string {
  const then = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(then.getTime())) return "";
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  const relative = relativeFormat(locale());
  const justNow = locale() === "en" ? "just now" : relative.format(0, "second");
  if (Math.abs(seconds) < 60) return justNow;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return justNow;
}
