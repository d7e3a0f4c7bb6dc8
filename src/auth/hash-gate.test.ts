// The hash gate's turns: a check that gives way (a login from a network whose logins failed lately)
// waits while anyone else's check runs, but not for long.
import { expect, test } from "bun:test";
import { createHashGate, YIELD_MS } from "./hash-gate.ts";

// A check the test ends itself: whether it started, and its end.
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const check = {
    started: false,
    finish,
    work: async () => {
      check.started = true;
      await done;
    },
  };
  return check;
}
const turn = () => Bun.sleep(0);

test("a check that gives way starts at once on an idle gate, else once no other check runs", async () => {
  const gate = createHashGate();
  const alone = held();
  const first = gate.tryRun(alone.work, { key: "login:flood", limit: 3 }, { yields: true });
  await turn();
  expect(alone.started).toBe(true);
  alone.finish();
  await first;

  const bystander = held();
  const flood = held();
  const running = gate.tryRun(bystander.work, { key: "login:bystander", limit: 3 });
  const waiting = gate.tryRun(flood.work, { key: "login:flood", limit: 3 }, { yields: true });
  await turn();
  expect([bystander.started, flood.started]).toEqual([true, false]);
  // another network's check still goes first, beside the running one
  const other = held();
  const second = gate.tryRun(other.work, { key: "login:other", limit: 3 });
  await turn();
  expect([other.started, flood.started]).toEqual([true, false]);
  bystander.finish();
  other.finish();
  await Promise.all([running, second]);
  await turn();
  expect(flood.started).toBe(true);
  flood.finish();
  await waiting;
});

test("a check that gives way waits YIELD_MS at most: then it starts beside the others", async () => {
  const gate = createHashGate();
  const long = held();
  const short = held();
  const flood = held();
  const a = gate.tryRun(long.work, { key: "login:a", limit: 3 });
  const b = gate.tryRun(short.work, { key: "login:b", limit: 3 });
  const waiting = gate.tryRun(flood.work, { key: "login:flood", limit: 3 }, { yields: true });
  await Bun.sleep(YIELD_MS + 50);
  expect(flood.started).toBe(false);
  // the next turn of the gate (a check ending) starts it, though another still runs
  short.finish();
  await b;
  await turn();
  expect([long.started, flood.started]).toEqual([true, true]);
  long.finish();
  flood.finish();
  await Promise.all([a, waiting]);
});
