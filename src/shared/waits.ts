// A wait as a visitor reads it, the same on every page and in the server's refusals: how long when it
// is near, and the day and time (UTC) when it ends later. Pure functions, importing nothing.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR_DAYS = 365;
// Past this many days a duration is said in days alone (the hours no longer matter).
const DAYS_WITH_HOURS = 14;

const DAY_FORMAT = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" });

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

// How long something lasts or takes, rounded up to the minute (a wait never ends sooner than said):
// "12 min", "23 h 31 min", "3 days 4 h", "20 days", "more than a year".
export function durationWords(ms: number): string {
  if (ms < MINUTE) return "less than a minute";
  const minutes = Math.ceil(ms / MINUTE);
  if (minutes < 60) return `${minutes} min`;
  if (minutes < (48 * HOUR) / MINUTE) {
    const m = minutes % 60;
    return `${Math.floor(minutes / 60)} h${m ? ` ${m} min` : ""}`;
  }
  const whole = Math.floor(ms / DAY);
  if (whole >= YEAR_DAYS) return "more than a year";
  const hours = Math.floor((ms % DAY) / HOUR);
  return whole < DAYS_WITH_HOURS && hours ? `${days(whole)} ${hours} h` : days(whole);
}

// When a wait that ends at `until` ends, seen at `now` (epoch ms, or anything Date reads), to follow
// "You can request again ..." or "Please try again ...": "now", "in 12 min", "today at 17:20 UTC
// (in 3 h 2 min)", "tomorrow at 22:50 UTC (in 23 h 32 min)", "on Dec 5 at 09:00 UTC (in 3 days 10 h)".
// The moment is rounded to the nearest minute (a wait a browser reckons from the server's seconds
// ends a moment after the server's minute), the duration up to the minute.
export function waitWords(until: number | string | Date, now: number | string | Date = Date.now()): string {
  const end = new Date(until).getTime();
  const from = new Date(now).getTime();
  const left = end - from;
  if (!(left > 0)) return "now";
  if (left < HOUR) return `in ${durationWords(left)}`;
  const at = new Date(Math.round(end / MINUTE) * MINUTE);
  const clock = `${at.toISOString().slice(11, 16)} UTC`;
  const dayGap = Math.floor(at.getTime() / DAY) - Math.floor(from / DAY);
  const day = dayGap === 0 ? "today" : dayGap === 1 ? "tomorrow" : `on ${DAY_FORMAT.format(at)}`;
  return `${day} at ${clock} (in ${durationWords(left)})`;
}
