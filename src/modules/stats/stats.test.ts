import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { randomAddress, testApp, type TestApp } from "../../testing/harness.ts";
import { scenarios } from "../../testing/scenario.ts";
import { queryPlan, recordStatements, type StatementLog } from "../../testing/statements.ts";

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
      setup: (t) =>
        t.call("POST", "/api/faucet/request", {
          body: { address: randomAddress() },
          headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64)" },
        }),
      expectStatus: 200,
      after: (res, { t }) => {
        expect(res.json).toHaveLength(30);
        expect(res.json.at(-1)).toMatchObject({
          day: new Date(t.clock()).toISOString().slice(0, 10),
          requests: 1,
          xrpPaid: 0,
        });
        expect(res.json.at(-1).xrpRequested).toBeGreaterThanOrEqual(5);
      },
    },
  ]));

describe("GET /api/stats/recent-payouts", () => {
  // (its own app, listening: the feed over real HTTP)
  test("the latest paid payouts over HTTP, newest first: the address shortened, amount, hash and time, nothing else", async () => {
    const log: { sql?: StatementLog } = {};
    const app = testApp({ onDatabase: (db) => void (log.sql = recordStatements(db.sqlite)) });
    try {
      const url = app.listen();
      const feed = async () => (await fetch(`${url}/api/stats/recent-payouts`)).json();
      expect(await feed()).toEqual([]);
      const insert = app.db.sqlite.prepare(
        "insert into payouts (kind, destination, amount_drops, status, tx_hash, requested_by, created_at, updated_at) values ('FAUCET_REQUEST', ?, ?, ?, ?, null, ?, ?)",
      );
      const now = app.clock();
      for (let i = 0; i < 12; i++)
        insert.run(
          `rPaid${String(i).padStart(2, "0")}Address000000000000000000`,
          5_000_000 + i,
          "paid",
          `${i}`.padStart(64, "A"),
          now,
          now + i * 1000,
        );
      insert.run("rNotYetPaidAddress000000000000000", 9_000_000, "in_flight", null, now, now + 60_000);
      app.clock.advance(10_000);
      const rows = await feed();
      expect(rows).toHaveLength(10);
      expect(rows[0]).toEqual({
        address: "rPaid1...0000",
        amount: "5.000011",
        txHash: "11".padStart(64, "A"),
        paidAt: new Date(now + 11_000).toISOString(),
      });
      expect(rows.map((r: { amount: string }) => r.amount)).toEqual(
        Array.from({ length: 10 }, (_, i) => (5 + (11 - i) / 1e6).toFixed(6)),
      );
      // read through its own index, never a sort of every paid payout
      const read = log.sql!.taken().find((sql) => sql.includes("from payouts") && sql.includes("order by"));
      expect(read).toBeDefined();
      expect(queryPlan(app.db.sqlite, read!).join("\n")).toContain("USING INDEX payouts_paid_time");
      expect(queryPlan(app.db.sqlite, read!).join("\n")).not.toContain("TEMP B-TREE");
    } finally {
      await app.close();
    }
  });
});
