// Logs unexpected errors without flooding: the first occurrence of an error (same route, same
// message) with its stack, then only a count of its repeats, once per interval. A full disk makes
// every request fail at once; thousands of identical stack traces would hide everything else.
// The route is the pattern a request matched (`group`: "GET /blog/:slug"), not its path: one fault
// reached through 2,000 distinct paths is one stack trace, not 2,000.
import { plural } from "../shared/words.ts";

export const REPEAT_INTERVAL_MS = 60_000;

export function createErrorLog({
  log,
  clock,
  intervalMs = REPEAT_INTERVAL_MS,
}: {
  log: (line: string) => void;
  clock: () => number;
  intervalMs?: number;
}) {
  const seen = new Map<string, { since: number; repeats: number }>();

  // Writes the repeat counts of every error whose interval has ended (all of them with `all`).
  function flush(all = false): void {
    const now = clock();
    for (const [key, entry] of seen) {
      if (!all && now - entry.since < intervalMs) continue;
      if (entry.repeats > 0)
        log(
          `${key} (repeated ${plural(entry.repeats, "more time")} in ${Math.max(1, Math.round((now - entry.since) / 1000))} s)`,
        );
      seen.delete(key);
    }
  }

  const timer = setInterval(() => flush(), Math.min(intervalMs, 10_000));
  timer.unref?.();

  return {
    // (`where`: what the first line names, e.g. the method and path; `group`: what its repeats are
    // counted by, e.g. the method and route)
    error(where: string, error: unknown, group = where): void {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      const key = `error: ${group.slice(0, 200)}: ${message.slice(0, 300)}`;
      flush();
      const entry = seen.get(key);
      if (entry) {
        entry.repeats++;
        return;
      }
      if (seen.size > 1000) flush(true); // bounded memory under many different errors
      seen.set(key, { since: clock(), repeats: 0 });
      log(`error: ${where.slice(0, 200)}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    },
    flush,
    stop: () => clearInterval(timer),
  };
}
