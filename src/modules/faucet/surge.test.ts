// A surge is seen as a surge: a proxy pool of unrelated networks, fresh devices and real browsers
// scores like honest visitors one at a time, but as a crowd it is several times the faucet's usual
// rate. Then its requests (and everyone's, while it lasts) wait for a person holding no budget, the
// admin is alerted with the figures, the faucet page says requests are reviewed by hand, and the
// hour's slice is all the pool got without a person.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { randomAddress, strangerIp, testApp, type TestApp } from "../../testing/harness.ts";
import { SURGE_NOTICE } from "./model.ts";
import { SURGE_REASON } from "../risk/surge.ts";

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const HOUR = 3_600_000;
let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = testApp();
  t.clock.set(Date.UTC(2026, 0, 15, 14, 0));
  admin = (await t.registerAdmin()).cookie;
});
afterEach(() => t.close());

// a visitor from a /16 of its own, with a device cookie of its own and a real browser
let visitors = 0;
const visit = () => {
  const n = ++visitors;
  return t.call("POST", "/api/faucet/request", {
    body: { address: randomAddress() },
    ip: strangerIp(n),
    cookie: `device=pool-device-${String(n).padStart(20, "0")}`,
    headers: { "user-agent": BROWSER },
  });
};
const rows = () =>
  t.db.sqlite
    .query(
      "select risk_score as score, risk_reasons as reasons, budget_day as day, auto_approve_skip as skip, amount_drops as drops from faucet_requests order by id",
    )
    .all() as {
    score: number;
    reasons: string;
    day: string | null;
    skip: string | null;
    drops: number;
  }[];
const held = () => rows().reduce((sum, r) => sum + (r.day === null ? 0 : r.drops), 0);
const status = async () => (await t.call("GET", "/api/faucet/status")).json;

test("a proxy pool's burst is a surge: past 20 requests in 10 minutes its requests wait for a person holding nothing; honest visitors after it are accepted", async () => {
  expect(
    (await t.call("POST", "/api/admin/faucet/settings", { cookie: admin, body: { autoApprove: { enabled: true } } }))
      .status,
  ).toBe(200);
  expect((await status()).surge).toBe(false);
  const pool = [];
  for (let i = 0; i < 60; i++) {
    pool.push(await visit());
    t.clock.advance(2_500);
  }
  // one at a time they look honest (score 0), and before the surge only this hour's slice holds budget
  const stored = rows();
  expect(stored[0]!.score).toBe(0);
  expect(held()).toBeLessThanOrEqual(20_000_000);
  const surged = stored.filter((r) => JSON.parse(r.reasons).includes(SURGE_REASON));
  expect(surged.length).toBeGreaterThanOrEqual(40);
  for (const r of surged) expect(r).toMatchObject({ day: null, skip: "surge" });
  for (const r of surged) expect(r.score).toBeGreaterThanOrEqual(20);
  // none of the pool refused once the surge is seen: they wait for a person, who sees them whole
  expect(pool.slice(20).every((res) => res.status === 201)).toBe(true);

  // the faucet page says so, and honest visitors after the pool are accepted (for a person)
  expect(await status()).toMatchObject({ isActive: true, surge: true, surgeNotice: SURGE_NOTICE });
  const honest = [];
  for (let i = 0; i < 5; i++) honest.push(await visit());
  expect(honest.map((h) => h.status)).toEqual([201, 201, 201, 201, 201]);

  // the admin is told, with the figures and where most came from
  await t.app.services.alerts.evaluate();
  const alerts = (await t.call("GET", "/api/admin/alerts", { cookie: admin })).json;
  const alert = alerts.open.find((a: { kind: string }) => a.kind === "surge");
  expect(alert.title).toBe("A surge of requests");
  expect(alert.message).toMatch(
    /^\d+ requests in the last 10 minutes, where 5 are usual at this hour: new requests wait for a person and auto-approve is paused until it passes\. Most came from /,
  );

  // twenty quiet minutes after the rate fell under the threshold it has passed: a visitor is scored
  // as usual again (in the next hour: this one's slice went before the surge), the alert clears
  t.clock.set(Date.UTC(2026, 0, 15, 15, 5));
  expect((await status()).surge).toBe(false);
  const after = await visit();
  expect(after.status).toBe(201);
  expect(JSON.parse(rows().at(-1)!.reasons)).not.toContain(SURGE_REASON);
  await t.app.services.alerts.evaluate();
  expect(
    (await t.call("GET", "/api/admin/alerts", { cookie: admin })).json.open.map((a: { kind: string }) => a.kind),
  ).not.toContain("surge");
});

test("a surge holds for 20 minutes after the rate falls: visitors right after a pool are not refused for the slice it took", async () => {
  for (let i = 0; i < 25; i++) {
    await visit();
    t.clock.advance(2_500);
  }
  expect((await status()).surge).toBe(true);
  t.clock.advance(15 * 60_000); // 14:16: the last 10 minutes are quiet, the hold is not over
  const late = await visit();
  expect(late.status).toBe(201);
  expect(JSON.parse(rows().at(-1)!.reasons)).toContain(SURGE_REASON);
  t.clock.advance(21 * 60_000); // 14:37: it has passed; this hour's slice was used before the surge
  expect((await status()).surge).toBe(false);
  expect((await visit()).status).toBe(429);
});

test("the usual rate is learned per hour of the day from the faucet's own history: a busy hour that is always busy is no surge", async () => {
  // 300 requests at 14:00 on each of the last 7 days: 50 in 10 minutes are usual, 200 a surge
  const thisHour = Math.floor(t.clock() / HOUR);
  for (let d = 1; d <= 7; d++)
    t.db.sqlite.run("insert into faucet_hourly_totals (hour, requests) values (?, 300)", [thisHour - 24 * d]);
  expect(
    (
      await t.call("POST", "/api/admin/faucet/settings", {
        cookie: admin,
        body: { dailyLimit: "100000", perIpDaily: 3 },
      })
    ).status,
  ).toBe(200);
  for (let i = 0; i < 60; i++) {
    await visit();
    t.clock.advance(5_000);
  }
  expect(rows().filter((r) => JSON.parse(r.reasons).includes(SURGE_REASON))).toEqual([]);
  expect((await status()).surge).toBe(false);
});

test("requests made during a surge do not teach the faucet that a surge is usual", async () => {
  for (let i = 0; i < 40; i++) await visit();
  const hour = t.db.sqlite
    .query("select requests from faucet_hourly_totals where hour = ?")
    .get(Math.floor(t.clock() / HOUR)) as { requests: number };
  const surged = rows().filter((r) => JSON.parse(r.reasons).includes(SURGE_REASON)).length;
  expect(surged).toBeGreaterThan(0);
  // (the ones refused for this hour's slice before the surge are not in the hour's count either)
  expect(hour.requests).toBe(rows().length - surged);
});
