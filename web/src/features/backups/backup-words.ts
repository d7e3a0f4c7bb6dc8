// The backups screen's words: a file's size, the schedule's interval, how far a time is from now, and
// whether the last failure is the newest thing that happened to the backups.
import { formatRelativeTime } from "../../lib/format";

const SIZE_UNITS = ["KB", "MB", "GB", "TB"] as const;

// "812 bytes", "245.8 KB", "1.3 GB": decimal units, as the server's log writes them.
export function sizeWords(bytes: number): string {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  let value = bytes / 1000;
  let unit = 0;
  // (999,960 bytes is 1.0 MB, not 1000.0 KB)
  while (Math.round(value * 10) / 10 >= 1000 && unit < SIZE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(1)} ${SIZE_UNITS[unit]}`;
}

// "every 6 hours", "every 30 minutes", "every day": --backup-every in words.
export function intervalWords(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const [n, unit] =
    minutes % 1440 === 0 ? [minutes / 1440, "day"] : minutes % 60 === 0 ? [minutes / 60, "hour"] : [minutes, "minute"];
  return n === 1 ? `every ${unit}` : `every ${n} ${unit}s`;
}

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

// "3 hours ago", "in 25 minutes", "in less than a minute". A time to come is rounded (the next run
// 5 h 59 min away, just after a backup of a 6-hour schedule, is "in 6 hours"); a past one is as
// everywhere else in the app.
export function fromNow(iso: string, now: Date = new Date()): string {
  const ms = Date.parse(iso) - now.getTime();
  if (ms <= 0) return formatRelativeTime(iso, now);
  if (ms < 60_000) return "in less than a minute";
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return relative.format(minutes, "minute");
  const hours = Math.round(ms / 3_600_000);
  if (hours < 24) return relative.format(hours, "hour");
  return relative.format(Math.round(ms / 86_400_000), "day");
}

export interface BackupEvents {
  lastSuccessAt: string | null;
  lastFailure: { at: string; message: string } | null;
}

// The last failure is news when no backup has succeeded since (the status keeps it after a later
// success: the times tell which came last).
export function failureIsNewest({ lastSuccessAt, lastFailure }: BackupEvents): boolean {
  if (!lastFailure) return false;
  return lastSuccessAt === null || Date.parse(lastFailure.at) >= Date.parse(lastSuccessAt);
}
