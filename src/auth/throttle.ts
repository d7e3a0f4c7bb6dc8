// Slows down password guessing: too many failed logins from one IP group or network, or for one
// username from one network (lib/ip-group.ts), within the window are refused before any password
// is hashed. Failures for a username count per network: guesses from elsewhere never lock the
// owner out, since a lock per username alone would let anyone refuse its owner's right password
// from anywhere. A username's failed sign-ins are also counted across every network: past
// UNDER_ATTACK of them in the window its logins need a proof of work (`proofFactor`: the login route
// asks for it), which doubles with every further one, and its owner is told once (`failed` says
// when); still never a refusal for a network that has not failed.
//
// Every attempt is counted when it starts, synchronously, before the password is checked: guesses
// sent at once cannot all pass the check while none has failed yet. The count is a reservation
// that a failure keeps (it is then a counted failure), a success gives back (with the username's
// earlier failures from that network), and an attempt that never reached the check (refused by the
// hash gate) cancels.
//
// A check made in a signed-in session (the account's password again, one of its codes) is counted
// for that username from that network only, and a password with its failed sign-ins: such a guess is
// at one account, so it fills that account's place in the memory, never the IP group's or network's
// counts that other people's logins are refused by.
//
// The counts live in bounded memory (auth/tiered-lru.ts) that no flood can take a lockout from: keys
// with one attempt push out only each other, an account's keys only each other (at most
// KEYS_PER_ACCOUNT counting and as many locked), and a lock is never pushed out at all: an attempt
// that would lock a key when the locked tier (or its account's place there) is full of locks still in
// their window is refused until one ends: a tier that dropped its oldest lock would let a flood of
// new keys unlock a network early.
import { COUNTING, createTieredLru, FRESH, LOCKED } from "./tiered-lru.ts";

export interface LoginAttempt {
  // Counts the attempt as failed: how many failed sign-ins the username has now across networks,
  // and whether its owner is to be told of them now (once a streak, at UNDER_ATTACK).
  failed(): FailedAttempt;
  succeeded(): void;
  cancel(): void;
}

export interface FailedAttempt {
  failures: number;
  tellOwner: boolean;
}

export interface LoginNetworks {
  group: string; // the IP group: an IPv6 /64, an IPv4 address or /24
  network: string; // an IPv6 /48, an IPv4 /24
}

// What is checked: a login's password (and code), counted for its IP group, its network, the username
// from there and the username's failed sign-ins; in a signed-in session the account's password (the
// username from there and its failed sign-ins) or one of its codes (the username from there: wrong
// codes are counted per account in the database, modules/two-factor/guesses.ts).
export type AttemptKind = "login" | "password" | "code";

export interface LoginThrottle {
  // Takes the attempt, or answers the seconds to wait before one may be tried.
  begin(from: LoginNetworks, username: string, kind?: AttemptKind): LoginAttempt | number;
  // The proof of work a login for the username needs, in times the base difficulty: 0 (none) below
  // UNDER_ATTACK failed sign-ins in the window (attempts in flight included), then 1, doubling with
  // every further one, at most MAX_PROOF_FACTOR.
  proofFactor(username: string): number;
  // Whether a login from the network failed in the window (its next checks give way: auth/hash-gate.ts).
  failedFrom(from: LoginNetworks): boolean;
  // keys held in each tier of the memory: [fresh, counting, locked]
  sizes(): [number, number, number];
}

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
// failures for one username from one network
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_IP = 20;
// failures from one IPv6 /48 or IPv4 /24, whatever its /64s or addresses
export const MAX_FAILURES_PER_NETWORK = 40;
// failed sign-ins for one username from any networks past which its logins need a proof of work
export const UNDER_ATTACK = 5;
export const MAX_PROOF_FACTOR = 32;
export const proofFactorOf = (failures: number) =>
  failures < UNDER_ATTACK ? 0 : Math.min(2 ** (failures - UNDER_ATTACK), MAX_PROOF_FACTOR);
// (the newest this many are all a username's factor reads)
const ACCOUNT_KEEP = UNDER_ATTACK + Math.log2(MAX_PROOF_FACTOR);

// Keys the throttle's memory holds in each of its tiers (auth/tiered-lru.ts: fresh, counting,
// locked), about 250 bytes each with their lists: under 40 MB with every tier full.
export const THROTTLE_KEYS_PER_TIER = 50_000;
// An account's place: the keys of one username (one per network) it may hold counting, and as many
// locked.
export const KEYS_PER_ACCOUNT = 16;

interface Entry {
  at: number;
  pending: boolean;
  // whose and from where: a success gives back the username's earlier failures from its network
  name: string;
  network: string;
}

// A key's attempts in the order they came (the last is the newest); `told`: the owner was told of
// this streak (the username's failed sign-ins only).
interface Counted {
  list: Entry[];
  told: boolean;
  of: Key;
}

// A key of the memory: its limit (at it, the key is locked out; the username's failed sign-ins: its
// proof of work) and its owner (a username's keys from each network are its account's).
interface Key {
  key: string;
  limit: number;
  owner: string | null;
  // what a success gives back besides itself: the username's failures from its network
  of: "network" | "user" | "account";
}

export function createLoginThrottle(
  clock: () => number,
  { keysPerTier = THROTTLE_KEYS_PER_TIER }: { keysPerTier?: number } = {},
): LoginThrottle {
  const inWindow = (e: Entry, now: number) => now - e.at < THROTTLE_WINDOW_MS;
  const attempts = createTieredLru<Counted>(keysPerTier, ({ list }) => !inWindow(list[list.length - 1]!, clock()), {
    place: KEYS_PER_ACCOUNT,
  });
  // Puts the key in the tier its count says (none: forgets it). (A key at its limit with no room left
  // in the locked tier, which `begin` never lets happen but to the username's failed sign-ins, counts
  // on in the counting tier: no lock is pushed out for it.)
  const store = (counted: Counted) => {
    const { list, of: k } = counted;
    if (!list.length) return attempts.delete(k.key);
    const locks = list.length >= k.limit && (attempts.tierOf(k.key) === LOCKED || attempts.room(LOCKED, k.owner));
    attempts.set(k.key, counted, locks ? LOCKED : list.length > 1 ? COUNTING : FRESH, k.owner);
  };

  // The key's attempts in the window (a new, empty count when it has none).
  const recent = (k: Key, now: number): Counted => {
    const counted = attempts.get(k.key);
    if (!counted) return { list: [], told: false, of: k };
    // (in the order they came: all are in the window when the oldest is)
    if (inWindow(counted.list[0]!, now)) return counted;
    counted.list = counted.list.filter((e) => inWindow(e, now));
    store(counted);
    return counted.list.length ? counted : { list: [], told: false, of: k };
  };
  const waitFor = (list: Entry[], max: number, now: number) =>
    list.length >= max ? (list[list.length - max]!.at + THROTTLE_WINDOW_MS - now) / 1000 : 0;
  const remove = (k: Key, keep: (e: Entry) => boolean) => {
    const counted = attempts.get(k.key);
    if (!counted) return;
    counted.list = counted.list.filter(keep);
    store(counted);
  };
  // Seconds until the tier's oldest lock (the owner's, when given) ends; 0 once it has, when it has
  // left the tier (its count is read again).
  const oldestLockEnds = (owner: string | null, now: number) => {
    const key = attempts.oldest(LOCKED, owner);
    const k = key === undefined ? undefined : attempts.get(key)?.of;
    if (!k) return 0;
    const wait = waitFor(recent(k, now).list, k.limit, now);
    return wait > 0 && attempts.tierOf(k.key) === LOCKED ? wait : 0;
  };
  // Seconds to wait before `locking` more keys may lock (0: now): a lock in its window is never pushed
  // out, so when the locked tier, or the owner's place in it, is full the attempt waits until the
  // oldest lock there ends.
  const roomWait = (locking: Key[], now: number) => {
    const full = (owner: string | null, needed: number) =>
      owner === null
        ? attempts.sizes()[LOCKED] + needed > keysPerTier
        : attempts.held(owner)[LOCKED] + needed > KEYS_PER_ACCOUNT;
    const waitIn = (owner: string | null, needed: number) => {
      // (each lock read again here has ended and left the tier; the bound is a guard only)
      for (let read = 0; full(owner, needed); read++) {
        const wait = read < 1000 ? oldestLockEnds(owner, now) : 1;
        if (wait > 0) return Math.max(1, wait);
      }
      return 0;
    };
    let wait = waitIn(null, locking.length);
    for (const { owner } of locking) if (owner !== null) wait = Math.max(wait, waitIn(owner, 1));
    return wait;
  };

  return {
    begin(from, username, kind = "login") {
      const now = clock();
      const name = username.toLowerCase();
      const keys: Key[] = [];
      if (kind === "login") {
        keys.push({ key: `ip:${from.group}`, limit: MAX_FAILURES_PER_IP, owner: null, of: "network" });
        keys.push({ key: `network:${from.network}`, limit: MAX_FAILURES_PER_NETWORK, owner: null, of: "network" });
      }
      keys.push({ key: `user:${name}@${from.network}`, limit: MAX_FAILURES_PER_USERNAME, owner: name, of: "user" });
      // (the username's failed sign-ins lock nobody out, but are kept as a lock is)
      if (kind !== "code") keys.push({ key: `account:${name}`, limit: UNDER_ATTACK, owner: null, of: "account" });
      const counts: Counted[] = [];
      let wait = 0;
      const locking: Key[] = [];
      for (const k of keys) {
        const counted = recent(k, now);
        counts.push(counted);
        const { list } = counted;
        // the username's failed sign-ins refuse nobody: they lock when there is room, else count on
        if (k.of === "account") continue;
        wait = Math.max(wait, waitFor(list, k.limit, now));
        // the keys this attempt locks
        if (list.length + 1 === k.limit) locking.push(k);
      }
      if (wait > 0) return wait;
      const full = locking.length ? roomWait(locking, now) : 0;
      if (full > 0) return full;

      const entry: Entry = { at: now, pending: true, name, network: from.network };
      for (const counted of counts) {
        counted.list.push(entry);
        if (counted.list.length > ACCOUNT_KEEP && counted.of.of === "account") counted.list.shift();
        store(counted);
      }
      const account = kind === "code" ? undefined : keys[keys.length - 1];
      let settled = false;
      // (a failure keeps every entry: only a success or a cancel gives some back)
      const settle = (keep: ((k: Key) => (e: Entry) => boolean) | null) => {
        if (settled) return false;
        settled = true;
        entry.pending = false;
        if (keep) for (const k of keys) remove(k, keep(k));
        return true;
      };
      return {
        failed() {
          if (!settle(null) || !account) return { failures: 0, tellOwner: false };
          const counted = recent(account, clock());
          const failures = counted.list.filter((e) => !e.pending).length;
          const tellOwner = failures >= UNDER_ATTACK && !counted.told;
          if (tellOwner) counted.told = true;
          return { failures, tellOwner };
        },
        // The right password (and code) gives back the attempt and the username's failures from this
        // network (its owner's typos), not the attempts still in flight.
        succeeded: () =>
          void settle((k) =>
            k.of === "user"
              ? (e) => e.pending
              : k.of === "account"
                ? (e) => e.pending || e.network !== from.network
                : (e) => e.pending || e.name !== name,
          ),
        cancel: () => void settle(() => (e) => e !== entry),
      };
    },

    proofFactor(username) {
      const name = username.toLowerCase();
      return proofFactorOf(
        recent({ key: `account:${name}`, limit: UNDER_ATTACK, owner: null, of: "account" }, clock()).list.length,
      );
    },

    failedFrom(from) {
      const { list } = recent(
        { key: `network:${from.network}`, limit: MAX_FAILURES_PER_NETWORK, owner: null, of: "network" },
        clock(),
      );
      return list.some((e) => !e.pending);
    },

    sizes: () => attempts.sizes(),
  };
}
