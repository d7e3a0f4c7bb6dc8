// The login throttle's memory under a flood: a flood of fresh keys (each guess from its
// own network, or for its own name) must not wipe a lockout or a count in progress.
import { expect, test } from "bun:test";
import {
  createLoginThrottle,
  KEYS_PER_ACCOUNT,
  type LoginNetworks,
  type LoginThrottle,
  MAX_FAILURES_PER_USERNAME,
  THROTTLE_WINDOW_MS,
} from "./throttle.ts";
import { COUNTING, LOCKED } from "./tiered-lru.ts";

const fail = (throttle: LoginThrottle, from: LoginNetworks, username: string) => {
  const attempt = throttle.begin(from, username);
  if (typeof attempt === "number") throw new Error(`refused ${username} from ${from.network}`);
  attempt.failed();
};
const net = (n: number): LoginNetworks => ({
  group: `2001:db8:${n.toString(16)}:1::/64`,
  network: `2001:db8:${n.toString(16)}::/48`,
});

test("a lockout and a count in progress hold through a flood of a million fresh keys", () => {
  let now = Date.UTC(2026, 0, 15, 12);
  const throttle = createLoginThrottle(() => now);
  const attacker: LoginNetworks = { group: "198.51.100.9", network: "198.51.100.0/24" };
  for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i++) fail(throttle, attacker, "boss");
  expect(throttle.begin(attacker, "boss")).toBeNumber();
  // another network is counting: 3 of its 5
  const counting: LoginNetworks = { group: "192.0.2.1", network: "192.0.2.0/24" };
  for (let i = 0; i < 3; i++) fail(throttle, counting, "carol");

  // 250,000 wrong guesses, each for its own name from its own /48: four fresh keys each (the IP
  // group, the network, the name from there, the name's failures), a million in all
  const started = performance.now();
  for (let i = 0; i < 250_000; i++) fail(throttle, net(0x10000 + i), `ghost${i}`);
  console.log(`a million fresh keys through the throttle: ${(performance.now() - started).toFixed(0)} ms`);
  now += 1000;

  const refused = throttle.begin(attacker, "boss");
  expect(refused).toBeNumber();
  expect(refused as number).toBeGreaterThan(14 * 60);
  // the counting network has 2 left, then waits
  fail(throttle, counting, "carol");
  fail(throttle, counting, "carol");
  expect(throttle.begin(counting, "carol")).toBeNumber();
}, 30_000);

// The locked tier itself must not be flushed (a flood of one account's wrong codes from many /48s
// would let a locked-out network in early): a lock is never pushed out, and one account's guesses
// fill only that account's place.
type Kind = "login" | "password" | "code";
const tryFive = (throttle: LoginThrottle, from: LoginNetworks, username: string, kind: Kind) => {
  let refused = 0;
  for (let k = 0; k < MAX_FAILURES_PER_USERNAME; k++) {
    const attempt = throttle.begin(from, username, kind);
    if (typeof attempt === "number") refused++;
    else attempt.failed();
  }
  return refused;
};
const wide = (n: number): LoginNetworks => ({
  group: `2001:db8:${(n >> 16).toString(16)}:${(n & 0xffff).toString(16)}:1::/64`,
  network: `2001:db8:${(n >> 16).toString(16)}:${(n & 0xffff).toString(16)}::/48`,
});
const lockedOut = (throttle: LoginThrottle, from: LoginNetworks, username: string) => {
  const refused = throttle.begin(from, username);
  expect(refused).toBeNumber();
  expect(refused as number).toBeGreaterThan(14 * 60);
};

test("a lockout outlives a million keys of every kind of call that counts, each tried until it locks", () => {
  let now = Date.UTC(2026, 0, 15, 12);
  const throttle = createLoginThrottle(() => now);
  const attacker: LoginNetworks = { group: "198.51.100.9", network: "198.51.100.0/24" };
  for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i++) fail(throttle, attacker, "boss");
  lockedOut(throttle, attacker, "boss");

  // a million keys, each tried five times (until it locks, or is refused for want of room): logins
  // (an IP group, a network, a name from there and the name's failed sign-ins: four keys each),
  // passwords in signed-in sessions (the name from its network and its failed sign-ins: two) and codes
  // in them (the name from its network: one), each from its own /48, 500,000 keys of logins, 250,000
  // of passwords and 250,000 of codes, interleaved
  const started = performance.now();
  let refused = 0;
  for (let i = 0; i < 125_000; i++) {
    refused += tryFive(throttle, wide(0x10000 + i), `ghost${i}`, "login");
    refused += tryFive(throttle, wide(0x100000 + i), `member${i}`, "password");
    refused += tryFive(throttle, wide(0x200000 + 2 * i), `holder${i}`, "code");
    refused += tryFive(throttle, wide(0x200001 + 2 * i), `keeper${i}`, "code");
  }
  console.log(
    `a million keys, each tried 5 times: ${(performance.now() - started).toFixed(0)} ms, ${refused} refused; keys held ${throttle.sizes().join(" / ")}`,
  );
  now += 1000;
  lockedOut(throttle, attacker, "boss");
  // memory stays at the tiers' sizes
  expect(throttle.sizes()).toEqual([expect.any(Number), 50_000, 50_000]);
  expect(throttle.sizes()[0]).toBeLessThanOrEqual(50_000);
  // the locked tier is full of locks in their window: a key that would lock waits for the oldest to
  // end (its last try, not its first: the other keys' tries are taken as ever)
  const fresh = wide(0x400000);
  for (let i = 0; i < MAX_FAILURES_PER_USERNAME - 1; i++) fail(throttle, fresh, "dave");
  expect(throttle.begin(fresh, "dave")).toBeNumber();
  expect(throttle.begin(wide(0x400001), "dave")).not.toBeNumber();
  // the boss's lock lasts its window, not less, and ends with it
  now += THROTTLE_WINDOW_MS - 1000 - 30_000;
  expect(throttle.begin(attacker, "boss")).toBeNumber();
  now += 30_000;
  expect(throttle.begin(attacker, "boss")).not.toBeNumber();
}, 120_000);

test("one account's guesses from a million /48s fill only its own place: other locks, counts and last tries stay", () => {
  let now = Date.UTC(2026, 0, 15, 12);
  const throttle = createLoginThrottle(() => now);
  const attacker: LoginNetworks = { group: "198.51.100.9", network: "198.51.100.0/24" };
  for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i++) fail(throttle, attacker, "boss");
  const counting: LoginNetworks = { group: "192.0.2.1", network: "192.0.2.0/24" };
  for (let i = 0; i < 3; i++) fail(throttle, counting, "carol");
  // dave has one try left from his network
  const daves: LoginNetworks = { group: "203.0.113.5", network: "203.0.113.0/24" };
  for (let i = 0; i < MAX_FAILURES_PER_USERNAME - 1; i++) fail(throttle, daves, "dave");

  // the pentest's flood (252,500 wrong codes of one account, 5 from each of 50,500 /48s), twenty
  // times over, its codes and its passwords (a session's step-up with a password) in turn
  const before = throttle.sizes();
  const started = performance.now();
  let refused = 0;
  for (let i = 0; i < 1_000_000; i++)
    refused += tryFive(throttle, wide(0x10000 + i), "mallory", i % 2 ? "password" : "code");
  console.log(
    `one account's wrong codes and passwords, 5 from each of a million /48s: ${(performance.now() - started).toFixed(0)} ms, ${refused} refused; keys held ${throttle.sizes().join(" / ")}`,
  );
  // its place: KEYS_PER_ACCOUNT counting and as many locked (and its failed sign-ins: one key more)
  expect(throttle.sizes()[COUNTING] - before[COUNTING]).toBeLessThanOrEqual(KEYS_PER_ACCOUNT);
  expect(throttle.sizes()[LOCKED] - before[LOCKED]).toBeLessThanOrEqual(KEYS_PER_ACCOUNT + 1);
  now += 1000;
  lockedOut(throttle, attacker, "boss");
  fail(throttle, counting, "carol");
  fail(throttle, counting, "carol");
  expect(throttle.begin(counting, "carol")).toBeNumber();
  fail(throttle, daves, "dave");
  expect(throttle.begin(daves, "dave")).toBeNumber();
}, 120_000);
