// Bounds the password hashing done at once. An argon2id check at the production cost takes 64 MiB
// and a fifth of a second of one core, so a few at a time is all a small server can do: more only
// share the cores, each takes longer, and everybody waits.
//
// The rest wait in a short line. One network hashes one password at a time, and may have only a
// few in flight (running or waiting): a flood from it is refused at once instead of lining up ahead
// of everyone else, and a free slot goes to the first in line whose networks are not hashing
// already, so the flood's one running check leaves the other slots to other people. A check counts
// at every width it is given (its IPv6 /64 and /48, its IPv4 /24): rotating /64s inside one /48 or
// /56 takes that /48's small share of the line, never another network's turn.
//
// A check may be given way (`yields`: the login's, from a network whose logins failed lately): it
// starts only while no other check is running, or once it has waited YIELD_MS. So a flood's checks
// do not share the cores with other people's, and are not kept waiting for long either.
export const HASH_CONCURRENCY = 3;
export const HASH_QUEUE_LIMIT = 30;
export const HASH_RUNNING_PER_KEY = 1;
export const YIELD_MS = 1000;

export interface HashGate {
  // Runs `work` when a slot is free. Decides at once, before any await: null when one of `groups`
  // already has its `limit` in flight or the line is full (answer 429 then; nothing started).
  tryRun<T>(
    work: () => Promise<T>,
    groups?: HashGroup | HashGroup[],
    options?: { yields?: boolean },
  ): Promise<T> | null;
  readonly running: number;
  readonly waiting: number;
}

export interface HashGroup {
  key: string;
  limit: number;
}

interface Waiting {
  keys: string[];
  start: () => void;
  yields: boolean;
  since: number;
}

export function createHashGate({
  concurrency = HASH_CONCURRENCY,
  queueLimit = HASH_QUEUE_LIMIT,
  runningPerKey = HASH_RUNNING_PER_KEY,
} = {}): HashGate {
  let running = 0;
  const line: Waiting[] = [];
  const inFlight = new Map<string, number>();
  const runningBy = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, n: number) => {
    const next = (map.get(key) ?? 0) + n;
    if (next > 0) map.set(key, next);
    else map.delete(key);
  };
  const mayStart = (keys: string[]) => keys.every((key) => (runningBy.get(key) ?? 0) < runningPerKey);

  const pump = () => {
    while (running < concurrency) {
      const now = performance.now();
      let index = line.findIndex((w) => !w.yields && mayStart(w.keys));
      if (index < 0) index = line.findIndex((w) => (running === 0 || now - w.since >= YIELD_MS) && mayStart(w.keys));
      if (index < 0) return;
      const [next] = line.splice(index, 1);
      running++;
      for (const key of next!.keys) add(runningBy, key, 1);
      next!.start();
    }
  };

  return {
    tryRun(work, given, { yields = false } = {}) {
      const groups = given === undefined ? [] : Array.isArray(given) ? given : [given];
      // (one key given twice, an IPv4 /24 that is both the group and the network, counts once)
      const keys = [...new Set(groups.map((g) => g.key))];
      if (groups.some((g) => (inFlight.get(g.key) ?? 0) >= g.limit)) return null;
      if (line.length >= queueLimit && !(running < concurrency && mayStart(keys))) return null;
      for (const key of keys) add(inFlight, key, 1);
      const started = new Promise<void>((start) => line.push({ keys, start, yields, since: performance.now() }));
      pump();
      return started.then(async () => {
        try {
          return await work();
        } finally {
          running--;
          for (const key of keys) {
            add(runningBy, key, -1);
            add(inFlight, key, -1);
          }
          pump();
        }
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return line.length;
    },
  };
}

// Password checks one network may have in flight (running, one at a time, or waiting for the gate);
// more are refused at once.
export const LOGINS_IN_FLIGHT_PER_NETWORK = 3;

// A password check's share of the gate (a login, a password change, a reset link's new password):
// its IP group's and its network's (an IPv6 /64 and /48, an IPv4 /24), so rotating /64s inside one
// /48 or /56 takes that /48's few places only.
export const passwordCheckShares = (nets: { group: string; network: string }): HashGroup[] => [
  { key: `login:${nets.group}`, limit: LOGINS_IN_FLIGHT_PER_NETWORK },
  { key: `login:${nets.network}`, limit: LOGINS_IN_FLIGHT_PER_NETWORK },
];
