// Slows down password guessing: too many failed logins for one username or from one network
// (http/ip-group.ts) within the window are refused before any password is hashed.
//
// Every attempt is counted when it starts, synchronously, before the password is checked: guesses
// sent at once cannot all pass the check while none has failed yet. The count is a reservation
// that a failure keeps (it is then a counted failure), a success gives back, and an attempt that
// never reached the check (refused by the hash gate) cancels.
export interface LoginAttempt {
  failed(): void;
  succeeded(): void;
  cancel(): void;
}

export interface LoginThrottle {
  // Takes the attempt, or answers the seconds to wait before one may be tried.
  begin(ipGroup: string, username: string): LoginAttempt | number;
}

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_IP = 20;

interface Entry {
  at: number;
  pending: boolean;
}

export function createLoginThrottle(clock: () => number): LoginThrottle {
  const attempts = new Map<string, Entry[]>();

  const recent = (key: string, now: number) => {
    const list = (attempts.get(key) ?? []).filter((e) => now - e.at < THROTTLE_WINDOW_MS);
    if (list.length) attempts.set(key, list);
    else attempts.delete(key);
    return list;
  };
  const waitFor = (list: Entry[], max: number, now: number) =>
    list.length >= max ? (list[list.length - max]!.at + THROTTLE_WINDOW_MS - now) / 1000 : 0;
  const remove = (key: string, keep: (e: Entry) => boolean) => {
    const list = attempts.get(key)?.filter(keep);
    if (list?.length) attempts.set(key, list);
    else attempts.delete(key);
  };

  return {
    begin(ipGroup, username) {
      const now = clock();
      const ipKey = `ip:${ipGroup}`;
      const userKey = `user:${username.toLowerCase()}`;
      const ipList = recent(ipKey, now);
      const userList = recent(userKey, now);
      const wait = Math.max(waitFor(ipList, MAX_FAILURES_PER_IP, now), waitFor(userList, MAX_FAILURES_PER_USERNAME, now));
      if (wait > 0) return wait;
      if (attempts.size > 100_000) attempts.clear(); // bounded memory under a flood of names
      const entry: Entry = { at: now, pending: true };
      attempts.set(ipKey, [...ipList, entry]);
      attempts.set(userKey, [...userList, entry]);
      let settled = false;
      const settle = (ip: (e: Entry) => boolean, user: (e: Entry) => boolean) => {
        if (settled) return;
        settled = true;
        entry.pending = false;
        remove(ipKey, ip);
        remove(userKey, user);
      };
      const others = (e: Entry) => e !== entry;
      return {
        failed: () => settle(() => true, () => true),
        // The right password clears the username's failures, but not the attempts still in flight.
        succeeded: () => settle(others, (e) => e.pending),
        cancel: () => settle(others, others),
      };
    },
  };
}
