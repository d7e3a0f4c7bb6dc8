import { expect, test } from "bun:test";
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
