// A per-key sliding-window limit kept in memory (one process serves the site): used to stop one
// IP from flooding the public forms. Answers 429 with Retry-After.
import { type Message, tooManyRequests } from "./errors.ts";

export function createRateLimit({
  limit,
  windowMs,
  clock,
  message,
}: {
  limit: number;
  windowMs: number;
  clock: () => number;
  message: Message;
}) {
  const hits = new Map<string, number[]>();
  return {
    // Counts one hit for `key`, or throws when the key is over its limit.
    hit(key: string): void {
      const now = clock();
      const recent = (hits.get(key) ?? []).filter((t) => now - t < windowMs);
      if (recent.length >= limit) throw tooManyRequests(message, (recent[0]! + windowMs - now) / 1000);
      if (hits.size > 50_000) hits.clear(); // bounded memory under a flood of keys
      recent.push(now);
      hits.set(key, recent);
    },
  };
}
export type RateLimit = ReturnType<typeof createRateLimit>;
