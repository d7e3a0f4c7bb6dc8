import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { randomAddress, testApp, type TestApp } from "../../testing/harness.ts";
import { scenarios } from "../../testing/scenario.ts";

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

describe("GET /api/admin/stats/daily", () =>
  scenarios([
    {
      name: "daily figures cover the last 30 days",
      method: "GET",
      url: "/api/admin/stats/daily",
      as: "admin",
      // (a browser's request, unflagged: a flagged one holds none of the day's XRP until approved)
      setup: (t) => t.call("POST", "/api/faucet/request", { body: { address: randomAddress() }, headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64)" } }),
      expectStatus: 200,
      after: (res, { t }) => {
        expect(res.json).toHaveLength(30);
        expect(res.json.at(-1)).toMatchObject({ day: new Date(t.clock()).toISOString().slice(0, 10), requests: 1, xrpPaid: 0 });
        expect(res.json.at(-1).xrpRequested).toBeGreaterThanOrEqual(5);
      },
    },
  ]));
