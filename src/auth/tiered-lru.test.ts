// The throttle's memory: bounded, and fresh keys push out only each other.
import { expect, test } from "bun:test";
import { COUNTING, createTieredLru, FRESH, LOCKED } from "./tiered-lru.ts";

test("a locked key and a counting key outlive a million fresh keys; memory stays at the tiers' sizes", () => {
  const lru = createTieredLru<number>(50_000);
  lru.set("user:boss@2001:db8:1::/48", 5, LOCKED);
  lru.set("user:carol@192.0.2.0/24", 3, COUNTING);
  const started = performance.now();
  for (let i = 0; i < 1_000_000; i++) lru.set(`network:fresh-${i}`, 1, FRESH);
  console.log(`a million fresh keys: ${(performance.now() - started).toFixed(0)} ms`);
  expect(lru.get("user:boss@2001:db8:1::/48")).toBe(5);
  expect(lru.get("user:carol@192.0.2.0/24")).toBe(3);
  expect(lru.sizes()).toEqual([50_000, 1, 1]);
  // the newest fresh keys are the ones kept
  expect(lru.get("network:fresh-999999")).toBe(1);
  expect(lru.get("network:fresh-950000")).toBe(1);
  expect(lru.get("network:fresh-949999")).toBeUndefined();
}, 30_000);

test("a full tier drops its least recently written key; a key moves between tiers as it counts", () => {
  const lru = createTieredLru<string>([2, 2, 1]);
  lru.set("a", "a1", FRESH);
  lru.set("b", "b1", FRESH);
  lru.set("a", "a2", FRESH); // written again: now the most recent
  lru.set("c", "c1", FRESH); // drops b
  expect([lru.get("a"), lru.get("b"), lru.get("c")]).toEqual(["a2", undefined, "c1"]);
  lru.set("a", "a3", COUNTING);
  lru.set("c", "c2", LOCKED);
  expect(lru.sizes()).toEqual([0, 1, 1]);
  // a second locked key drops the first (the locked tier holds one), never the counting one
  lru.set("d", "d1", LOCKED);
  expect([lru.get("a"), lru.get("c"), lru.get("d")]).toEqual(["a3", undefined, "d1"]);
  lru.delete("a");
  expect(lru.get("a")).toBeUndefined();
  expect(lru.sizes()).toEqual([0, 0, 1]);
  expect(() => createTieredLru(0)).toThrow();
});

test("a write drops its tier's oldest key once that is stale, so memory follows what is still counting", () => {
  let now = 0;
  const lru = createTieredLru<number>(1000, (at) => now - at >= 100);
  for (let i = 0; i < 10; i++) lru.set(`old-${i}`, now, FRESH);
  now = 200;
  // each write takes one stale key with it
  for (let i = 0; i < 4; i++) lru.set(`new-${i}`, now, FRESH);
  expect(lru.sizes()).toEqual([10, 0, 0]);
  expect(lru.get("old-3")).toBeUndefined();
  expect(lru.get("old-4")).toBe(0);
});
