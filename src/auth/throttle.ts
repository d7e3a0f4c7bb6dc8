// Slows down password guessing: too many failed logins for one username or from one IP within
// the window are refused before any password is hashed.
export interface LoginThrottle {
  // seconds to wait, or 0 when a login may be tried now
  retryAfter(ip: string, username: string): number;
  recordFailure(ip: string, username: string): void;
  recordSuccess(ip: string, username: string): void;
}

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_IP = 20;

export function createLoginThrottle(clock: () => number): LoginThrottle {
  const failures = new Map<string, number[]>();

  const recent = (key: string, now: number) => {
    const list = (failures.get(key) ?? []).filter((t) => now - t < THROTTLE_WINDOW_MS);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  };
  const waitFor = (list: number[], max: number, now: number) =>
    list.length >= max ? (list[list.length - max]! + THROTTLE_WINDOW_MS - now) / 1000 : 0;
  const keys = (ip: string, username: string) => [`ip:${ip}`, `user:${username.toLowerCase()}`] as const;

  return {
    retryAfter(ip, username) {
      const now = clock();
      const [ipKey, userKey] = keys(ip, username);
      return Math.max(
        waitFor(recent(ipKey, now), MAX_FAILURES_PER_IP, now),
        waitFor(recent(userKey, now), MAX_FAILURES_PER_USERNAME, now),
      );
    },
    recordFailure(ip, username) {
      const now = clock();
      if (failures.size > 100_000) failures.clear(); // bounded memory under a flood of names
      for (const key of keys(ip, username)) failures.set(key, [...recent(key, now), now]);
    },
    recordSuccess(_ip, username) {
      failures.delete(`user:${username.toLowerCase()}`);
    },
  };
}
