// The login throttle's memory under a flood (issue 29): a flood of fresh keys (each guess from its
// own network, or for its own name) must not wipe a lockout or a count in progress.
import { expect, test } from "bun:test";
import { createLoginThrottle, type LoginNetworks, type LoginThrottle, MAX_FAILURES_PER_USERNAME } from "./throttle.ts";

const fail = (throttle: LoginThrottle, from: LoginNetworks, username: string) => {
  const attempt = throttle.begin(from, username);
  if (typeof attempt === "number") throw new Error(`refused ${username} from ${from.network}`);
  attempt.failed();
};
const net = (n: number): LoginNetworks => ({ group: `2001:db8:${n.toString(16)}:1::/64`, network: `2001:db8:${n.toString(16)}::/48` });

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
