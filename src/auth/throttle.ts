// Slows down password guessing: too many failed logins from one IP group or network, or for one
// username from one network (lib/ip-group.ts), within the window are refused before any password
// is hashed. Failures for a username count per network: guesses from elsewhere never lock the
// owner out (5 wrong passwords for 'boss' from 5 IPs used to refuse boss's own right one from
// anywhere for 15 minutes). A username that many networks have failed at is "under attack": its
// logins then need the proof of work (the cost), still never a refusal for a network that has not failed.
//
// Every attempt is counted when it starts, synchronously, before the password is checked: guesses
// sent at once cannot all pass the check while none has failed yet. The count is a reservation
// that a failure keeps (it is then a counted failure), a success gives back, and an attempt that
// never reached the check (refused by the hash gate) cancels.
//
// The counts live in bounded memory that a flood cannot wipe (auth/tiered-lru.ts): keys with one
// attempt push out only each other, never a key that is counting failures or locked out. (It used
// to be cleared whole past 100,000 keys: 34,000 wrong codes, each from its own /48, lifted a lockout.)
import { COUNTING, createTieredLru, FRESH, LOCKED } from "./tiered-lru.ts";

export interface LoginAttempt {
  failed(): void;
  succeeded(): void;
  cancel(): void;
}

export interface LoginNetworks {
  group: string; // the IP group: an IPv6 /64, an IPv4 address or /24
  network: string; // an IPv6 /48, an IPv4 /24
}

export interface LoginThrottle {
  // Takes the attempt, or answers the seconds to wait before one may be tried.
  begin(from: LoginNetworks, username: string): LoginAttempt | number;
  // Whether the username has failed UNDER_ATTACK times or more in the window, from any networks.
  underAttack(username: string): boolean;
}

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
// failures for one username from one network
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_IP = 20;
// failures from one IPv6 /48 or IPv4 /24, whatever its /64s or addresses
export const MAX_FAILURES_PER_NETWORK = 40;
export const UNDER_ATTACK = 5;

// Keys the throttle's memory holds in each of its tiers (auth/tiered-lru.ts: fresh, counting,
// locked), about 250 bytes each with their lists: under 40 MB with every tier full.
export const THROTTLE_KEYS_PER_TIER = 50_000;

interface Entry {
  at: number;
  pending: boolean;
}

export function createLoginThrottle(clock: () => number, { keysPerTier = THROTTLE_KEYS_PER_TIER }: { keysPerTier?: number } = {}): LoginThrottle {
  const inWindow = (e: Entry, now: number) => now - e.at < THROTTLE_WINDOW_MS;
  // (a list holds its entries in the order they came: the last is the newest)
  const attempts = createTieredLru<Entry[]>(keysPerTier, (list) => !inWindow(list[list.length - 1]!, clock()));
  // The key's limit: at it, the key is locked out (the username's failures: under attack).
  const limitOf = (key: string) =>
    key.startsWith("ip:") ? MAX_FAILURES_PER_IP : key.startsWith("network:") ? MAX_FAILURES_PER_NETWORK : key.startsWith("user:") ? MAX_FAILURES_PER_USERNAME : UNDER_ATTACK;
  const store = (key: string, list: Entry[]) => {
    if (!list.length) return attempts.delete(key);
    attempts.set(key, list, list.length >= limitOf(key) ? LOCKED : list.length > 1 ? COUNTING : FRESH);
  };

  const recent = (key: string, now: number) => {
    const list = attempts.get(key);
    if (!list) return [];
    if (list.every((e) => inWindow(e, now))) return list;
    const kept = list.filter((e) => inWindow(e, now));
    store(key, kept);
    return kept;
  };
  const waitFor = (list: Entry[], max: number, now: number) =>
    list.length >= max ? (list[list.length - max]!.at + THROTTLE_WINDOW_MS - now) / 1000 : 0;
  const remove = (key: string, keep: (e: Entry) => boolean) => {
    const list = attempts.get(key);
    if (list) store(key, list.filter(keep));
  };

  return {
    begin(from, username) {
      const now = clock();
      const name = username.toLowerCase();
      const ipKey = `ip:${from.group}`;
      const networkKey = `network:${from.network}`;
      const userKey = `user:${name}@${from.network}`;
      const ipList = recent(ipKey, now);
      const networkList = recent(networkKey, now);
      const userList = recent(userKey, now);
      const wait = Math.max(
        waitFor(ipList, MAX_FAILURES_PER_IP, now),
        waitFor(networkList, MAX_FAILURES_PER_NETWORK, now),
        waitFor(userList, MAX_FAILURES_PER_USERNAME, now),
      );
      if (wait > 0) return wait;
      const entry: Entry = { at: now, pending: true };
      store(ipKey, [...ipList, entry]);
      store(networkKey, [...networkList, entry]);
      store(userKey, [...userList, entry]);
      let settled = false;
      const settle = (keep: (e: Entry) => boolean, user: (e: Entry) => boolean) => {
        if (settled) return;
        settled = true;
        entry.pending = false;
        remove(ipKey, keep);
        remove(networkKey, keep);
        remove(userKey, user);
      };
      const others = (e: Entry) => e !== entry;
      return {
        failed: () => {
          settle(() => true, () => true);
          // (the newest UNDER_ATTACK are all underAttack reads)
          store(`failed:${name}`, [...recent(`failed:${name}`, now), entry].slice(-UNDER_ATTACK));
        },
        // The right password clears the username's failures from this network, but not the
        // attempts still in flight.
        succeeded: () => settle(others, (e) => e.pending),
        cancel: () => settle(others, others),
      };
    },

    underAttack(username) {
      return recent(`failed:${username.toLowerCase()}`, clock()).length >= UNDER_ATTACK;
    },
  };
}
