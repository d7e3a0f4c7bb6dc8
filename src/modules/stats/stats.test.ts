import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { randomAddress, testApp, type TestApp } from "../../testing/harness.ts";

let t: TestApp;
beforeEach(() => {
  t = testApp();
});
afterEach(() => t.close());

describe("GET /api/stats/payouts", () => {
  test("is the XRP of validated payouts, as a number", async () => {
    expect((await t.call("GET", "/api/stats/payouts")).json).toEqual({ totalPayouts: 0 });
    const now = t.clock();
    t.db.sqlite.run(
      "insert into payouts (kind, destination, amount_drops, status, created_at, updated_at) values ('FAUCET_REQUEST', 'r1', 12500000, 'paid', ?, ?), ('FAUCET_REQUEST', 'r2', 5000000, 'in_flight', ?, ?)",
      [now, now, now, now],
    );
    t.clock.advance(10_000);
    expect((await t.call("GET", "/api/stats/payouts")).json).toEqual({ totalPayouts: 12.5 });
  });
});

describe("GET /api/admin/stats/daily", () => {
  let admin: string;
  beforeEach(async () => {
    admin = (await t.registerAdmin("auditor")).cookie;
  });

  test("daily figures cover the last 30 days", async () => {
    // (a browser's request, unflagged: a flagged one holds none of the day's XRP until approved)
    await t.call("POST", "/api/faucet/request", { body: { address: randomAddress() }, headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64)" } });
    const days = (await t.call("GET", "/api/admin/stats/daily", { cookie: admin })).json;
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toMatchObject({ day: new Date(t.clock()).toISOString().slice(0, 10), requests: 1, xrpPaid: 0 });
    expect(days.at(-1).xrpRequested).toBeGreaterThanOrEqual(5);
  });
});
