import { expect, test } from "bun:test";
import { types } from "node:util";
import { lazy } from "./lazy.ts";

test("builds the object once, at its first use, and then stands in for it", () => {
  let builds = 0;
  const counter = lazy(() => {
    builds++;
    let n = 0;
    return {
      label: "counter",
      next: () => ++n,
      twice() {
        return [this.next(), this.next()];
      },
    };
  });
  expect(builds).toBe(0);
  expect(counter.next()).toBe(1);
  expect(counter.twice()).toEqual([2, 3]);
  const { next } = counter;
  expect(next()).toBe(4);
  expect("label" in counter).toBe(true);
  expect(Object.keys(counter)).toEqual(["label", "next", "twice"]);
  expect({ ...counter }.label).toBe("counter");
  expect(builds).toBe(1);
});

test("an error while building surfaces at the first use, and the next use tries again", () => {
  let attempts = 0;
  const broken = lazy<{ ok: () => boolean }>(() => {
    attempts++;
    if (attempts === 1) throw new Error("no such table");
    return { ok: () => true };
  });
  expect(() => broken.ok()).toThrow("no such table");
  expect(broken.ok()).toBe(true);
});

test("once built, a read reaches the object's own properties and prototype with no proxy in the way", () => {
  class Counter {
    n = 0;
    next() {
      return ++this.n;
    }
  }
  const counter = lazy(() => new Counter());
  expect(types.isProxy(Object.getPrototypeOf(counter))).toBe(true);
  expect(counter.next()).toBe(1);
  expect(types.isProxy(Object.getPrototypeOf(counter))).toBe(false);
  expect(counter instanceof Counter).toBe(true);
  expect(counter.next()).toBe(2);
  expect(counter.n).toBe(2);
});

test("a property set before the first use builds the object and is set on it", () => {
  let builds = 0;
  const settings = lazy(() => {
    builds++;
    return { limit: 3 };
  });
  settings.limit = 5;
  expect(builds).toBe(1);
  expect(settings.limit).toBe(5);
});
