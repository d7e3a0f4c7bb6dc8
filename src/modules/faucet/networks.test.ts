// Limits that follow the network, not the address, and a day's budget released an hour at a time:
// what a farm rotating cheap things (IPv6 /64s in a /48, IPv4 addresses in a /24, /24s in a /16)
// gets, and what honest visitors (a household on one IPv4, strangers through the day) still get.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { formatXrp } from "../../shared/money.ts";
import { randomAddress, strangerIp, testApp, type TestApp } from "../../testing/harness.ts";
import { WIDE_REQUESTS_COUNTED } from "../risk/signals.ts";

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
let t: TestApp;
let admin: string;
let devices = 0;
beforeEach(async () => {
  t = testApp();
  admin = (await t.registerAdmin()).cookie;
});
afterEach(() => t.close());

// A visitor with a device cookie of its own (a farm gets a fresh one from `GET /` each time).
const ask = (ip: string, device = `farm-device-${String(++devices).padStart(12, "0")}`) =>
  t.call("POST", "/api/faucet/request", {
    body: { address: randomAddress() },
    ip,
    cookie: `device=${device}`,
    headers: { "user-agent": BROWSER },
  });
const risk = (id: number) =>
  t.db.sqlite
    .query("select risk_score as score, risk_reasons as reasons from faucet_requests where id = ?")
    .get(id) as { score: number; reasons: string };
const settings = (body: unknown) => t.call("POST", "/api/admin/faucet/settings", { cookie: admin, body });

describe("limits at the width the farm pays for", () => {
  test("a new /64 inside a /48 that already asked is a second request from that /48: flagged, then refused", async () => {
    const answers = [];
    for (let i = 1; i <= 6; i++) answers.push(await ask(`2001:db8:77:${i.toString(16)}::1`));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 429, 429, 429]);
    expect(answers[3]!.headers.get("x-error-code")).toBe("NETWORK_LIMIT");
    expect(answers[3]!.json.message).toBe(
      "Too many addresses from your network today (at most 3 in 24 hours). Please try again in 24 hours.",
    );
    // the first came in at 0; still waiting, it is raised by the ones after it (the burst seen whole)
    expect(risk(answers[0]!.json.id).score).toBeGreaterThanOrEqual(20);
    expect(risk(answers[1]!.json.id).score).toBeGreaterThan(20);
    expect(risk(answers[1]!.json.id).reasons).toContain("3 addresses from this network in 24 h");
    expect(risk(answers[2]!.json.id).score).toBeGreaterThanOrEqual(50);
    // another /48 is another visitor
    expect((await ask("2001:db8:78:1::1")).status).toBe(201);
  });

  // (a network seen over its limit is refused from what the server saw, without a read: it must let
  // the network in again once what it saw no longer holds it there)
  test("a network seen over its limit is let in again once its oldest request is 24 hours old", async () => {
    for (let i = 1; i <= 3; i++) {
      expect((await ask(`2001:db8:79:${i}::1`)).status).toBe(201);
      t.clock.advance(60 * 60_000);
    }
    for (const ip of ["2001:db8:79:9::1", "2001:db8:79:9::2"]) {
      const refused = await ask(ip);
      expect(refused.status).toBe(429);
      expect(refused.json.message).toBe(
        "Too many addresses from your network today (at most 3 in 24 hours). Please try again in 21 hours.",
      );
    }
    t.clock.advance(21 * 60 * 60_000 + 1000);
    expect((await ask("2001:db8:79:9::3")).status).toBe(201);
    // (three in the last 24 h again)
    expect((await ask("2001:db8:79:9::4")).status).toBe(429);
  });

  test("addresses of one IPv4 /24 count as one network by default", async () => {
    const statuses = [];
    for (let i = 1; i <= 5; i++) statuses.push((await ask(`192.0.2.${i}`)).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const view = (await settings({})).json;
    expect(view.ipGrouping).toBe("subnet");
  });

  test("even with per-address grouping, the /24 caps what its addresses take", async () => {
    expect((await settings({ ipGrouping: "address" })).status).toBe(200);
    const statuses = [];
    for (let i = 1; i <= 5; i++) statuses.push((await ask(`192.0.2.${i}`)).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  test("/24s rotating inside one /16 within an hour raise each other's score (velocity), never refused for it", async () => {
    await settings({ dailyLimit: "1000" });
    const answers = [];
    for (let i = 1; i <= 6; i++) {
      t.clock.advance(5 * 60_000);
      answers.push(await ask(`198.51.${i}.7`));
    }
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const scores = answers.map((a) => risk(a.json.id).score);
    // the whole burst is flagged, the first ones (which came in at 0) too
    for (const score of scores) expect(score).toBeGreaterThanOrEqual(50);
    expect(risk(answers[0]!.json.id).reasons).toContain("5 requests from other networks of this /16 in an hour");
    expect(risk(answers[5]!.json.id).reasons).toContain("5 requests from other networks of this /16 in an hour");
    // (auto-approve.test.ts: counted again when its hold ends, the first carries the burst after it)
    const first = t.db.sqlite.query("select * from faucet_requests where id = ?").get(answers[0]!.json.id) as Record<
      string,
      unknown
    >;
    expect(first).toMatchObject({ ip_network: "198.51.1.0/24", ip_wide: "198.51.0.0/16" });
  });

  // (a new request from another network of the /16 changes only the /16's counts of those waiting
  // there: they are scored again from those, read once for all of them, and the signals of their
  // own network as they stored them; a faucet that had to count everything again for each gives the same)
  test("a crowd in one /16: the waiting ones raised from the counts they share score as if each were counted whole", async () => {
    const whole = testApp({ clock: t.clock });
    try {
      // (the same budget and amounts in both: every request accepted, none drawn at random)
      const open = { dailyLimit: "1000", minAmount: "1", maxAmount: "1" };
      expect((await settings(open)).status).toBe(200);
      expect(
        (
          await whole.call("POST", "/api/admin/faucet/settings", {
            cookie: (await whole.registerAdmin()).cookie,
            body: open,
          })
        ).status,
      ).toBe(200);
      const rows = (app: TestApp) =>
        app.db.sqlite.query("select risk_score, risk_reasons, budget_day from faucet_requests order by id").all();
      const both = async (ip: string, device: string, address = randomAddress()) => {
        const body = { body: { address }, ip, cookie: `device=${device}`, headers: { "user-agent": BROWSER } };
        const [shared, counted] = [
          await t.call("POST", "/api/faucet/request", body),
          await whole.call("POST", "/api/faucet/request", body),
        ];
        // (what the other one stored of its own network's signals is never used: it counts them again)
        whole.db.sqlite.run("update faucet_requests set risk_signals = null");
        expect([shared.status, counted.status]).toEqual([201, 201]);
        expect(rows(t)).toEqual(rows(whole));
        return shared;
      };
      const first = await both("198.18.1.7", "crowd-device-000000001");
      for (let i = 2; i <= 6; i++) {
        t.clock.advance(4 * 60_000);
        await both(`198.18.${i}.7`, `crowd-device-00000000${i}`);
      }
      // another visitor of a /24 that asked (its own network's signals change), one of a device that
      // asked from another /24 (its device's), one for an address asked from another /24 (its address's)
      const again = randomAddress();
      // (two hours on: the hour's count and the day's part)
      t.clock.advance(2 * 60 * 60_000);
      await both("198.18.7.7", "crowd-device-000000007", again);
      await both("198.18.12.7", "crowd-device-000000012");
      t.clock.advance(24 * 60 * 60_000 + 60_000);
      await both("198.18.8.7", "crowd-device-000000008");
      await both("198.18.2.9", "crowd-device-000000009");
      await both("198.18.9.7", "crowd-device-000000003");
      await both("198.18.10.7", "crowd-device-000000010", again);
      await both("198.18.11.7", "crowd-device-000000011");
      // (raised: the first came in at 0, and the ones after it took it past auto-approve's 20)
      expect(risk(first.json.id).score).toBeGreaterThan(20);
      expect(rows(t).filter((row) => (row as { risk_score: number }).risk_score < 100).length).toBeGreaterThan(3);
    } finally {
      await whole.close();
    }
  });

  // (the velocity's two windows: the hour's requests are among the day's, and each count stops at
  // WIDE_REQUESTS_COUNTED, past which the score is at its top anyway)
  test("a /16's requests of the hour and of the day are counted apart, each up to its cap", async () => {
    await settings({ dailyLimit: "1000" });
    const seed = (thirdOctet: number, agoMs: number) =>
      t.db.sqlite.run(
        `insert into faucet_requests (address, amount_drops, requester_ip, ip_group, ip_network, ip_wide, device_id, created_at)
         values (?, 1000000, ?, ?, ?, '198.18.0.0/16', ?, ?)`,
        [
          randomAddress(),
          `198.18.${thirdOctet}.9`,
          `198.18.${thirdOctet}.0/24`,
          `198.18.${thirdOctet}.0/24`,
          `seeded-device-${thirdOctet}`,
          t.clock() - agoMs,
        ],
      );
    // 12 in the day, 2 of them in the last hour
    for (let i = 1; i <= 10; i++) seed(i, (3 + i) * 60 * 60_000);
    for (let i = 11; i <= 12; i++) seed(i, 10 * 60_000);
    const some = await ask("198.18.100.7");
    expect(JSON.parse(risk(some.json.id).reasons)).toEqual(
      expect.arrayContaining([
        "2 requests from other networks of this /16 in an hour",
        `${WIDE_REQUESTS_COUNTED} or more requests from other networks of this /16 in 24 h`,
      ]),
    );
    // 12 more in the last hour: the hour's count is at its cap too
    for (let i = 13; i <= 24; i++) seed(i, 5 * 60_000);
    const many = JSON.parse(risk((await ask("198.18.101.7")).json.id).reasons) as string[];
    expect(many).toContain(`${WIDE_REQUESTS_COUNTED} or more requests from other networks of this /16 in an hour`);
    expect(many.filter((r) => r.includes("in 24 h") && r.includes("other networks"))).toEqual([]);
  });

  test("a household of three on one IPv4: nobody refused, the second and third flagged for a person", async () => {
    const ip = "203.0.113.40";
    const people = [
      await ask(ip, "household-device-0000001"),
      await ask(ip, "household-device-0000002"),
      await ask(ip, "household-device-0000003"),
    ];
    expect(people.map((p) => p.status)).toEqual([201, 201, 201]);
    // each one raises the others still waiting: all three above auto-approve's threshold, so a
    // person looks, none holding budget meanwhile
    for (const score of people.map((p) => risk(p.json.id).score)) expect(score).toBeGreaterThan(20);
    expect(
      (
        t.db.sqlite.query("select count(*) as n from faucet_requests where budget_day is not null").get() as {
          n: number;
        }
      ).n,
    ).toBe(0);
  });
});

describe("the day's budget, released an hour at a time", () => {
  const dayTotal = () =>
    (t.db.sqlite.query("select coalesce(sum(amount_drops), 0) as n from faucet_daily_totals").get() as { n: number }).n;

  test("a burst at midnight takes one slice, not the day; the faucet says when the next opens; the next hour pays again", async () => {
    t.clock.set(Date.UTC(2026, 0, 16, 0, 5));
    const answers = [];
    // (15: below a surge, 20 in 10 minutes on a new install, which surge.test.ts plays)
    for (let i = 0; i < 15; i++) answers.push(await ask(strangerIp(i)));
    const accepted = answers.filter((a) => a.status === 201);
    // the first slice: 100 XRP spread over 24 hours, but at least one request's most (20 XRP)
    expect(dayTotal()).toBeLessThanOrEqual(20_000_000);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.headers.get("x-error-code")).toBe("BUDGET_REACHED");
    expect(refused.json.message).toBe("The faucet has given out this hour's XRP. More opens at 01:00 UTC.");
    expect(Number(refused.headers.get("retry-after"))).toBe(55 * 60);
    const status = (await t.call("GET", "/api/faucet/status")).json;
    expect(status).toMatchObject({
      isActive: false,
      message: "This hour's XRP has been given out. More at 01:00 UTC.",
      offlineReason: "The faucet has given out this hour's XRP. More opens at 01:00 UTC.",
      budgetTotal: "100.000000",
      budgetReleased: "20.000000",
      budgetSlice: "4.166667",
      nextSliceAt: "2026-01-16T01:00:00.000Z",
    });
    const budget = (await t.call("GET", "/api/admin/faucet/budget", { cookie: admin })).json;
    expect(budget.faucet).toMatchObject({
      total: "100.000000",
      slice: "4.166667",
      released: "20.000000",
      nextSliceAt: "2026-01-16T01:00:00.000Z",
    });
    const usedAtMidnight = dayTotal();
    expect(budget.faucet.refusedRequests).toBe(answers.length - accepted.length);

    // unused hours carry forward spread over the hours left, never at once: at 06:00 the hour's slice
    // is what the day has left over its 18 hours (under 5 XRP), at least one request's most (20)
    t.clock.set(Date.UTC(2026, 0, 16, 6, 0));
    const later = (await t.call("GET", "/api/faucet/status")).json;
    expect(Math.round(Number(later.budgetSlice) * 1e6)).toBe(Math.ceil((100_000_000 - usedAtMidnight) / 18));
    expect(later.budgetLeftDrops).toBe(20_000_000);
    expect(later.budgetReleased).toBe(formatXrp(usedAtMidnight + 20_000_000));
    expect((await ask(strangerIp(100))).status).toBe(201);
    // a new slice, a new count of refusals
    expect((await t.call("GET", "/api/admin/faucet/budget", { cookie: admin })).json.faucet.refusedRequests).toBe(0);
  });

  test("budget left unused all morning is spread over the hours left: a burst at 14:35 takes one hour's slice, not the morning's", async () => {
    t.clock.set(Date.UTC(2026, 0, 16, 14, 35));
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await ask(strangerIp(i)));
    // 100 XRP over the 10 hours left: 10 XRP, at least one request's most (20); before, the 62.5 XRP
    // released by 14:35 went in one burst
    expect(dayTotal()).toBeLessThanOrEqual(20_000_000);
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(1);
    expect(answers.find((a) => a.status === 429)!.json.message).toBe(
      "The faucet has given out this hour's XRP. More opens at 15:00 UTC.",
    );
    // the next hour: what is left spread over the 9 hours left
    t.clock.set(Date.UTC(2026, 0, 16, 15, 0));
    const status = (await t.call("GET", "/api/faucet/status")).json;
    expect(Math.round(Number(status.budgetSlice) * 1e6)).toBe(Math.ceil((100_000_000 - dayTotal()) / 9));
    expect(status.budgetLeftDrops).toBe(20_000_000);
  });

  test("after the slice is used, a flagged request is still taken (holding nothing, for a person) and raises the first of its burst", async () => {
    t.clock.set(Date.UTC(2026, 0, 16, 0, 5));
    const answers = [];
    for (let i = 1; i <= 3; i++) answers.push(await ask(`2001:db8:51:${i}::1`));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const rows = t.db.sqlite
      .query("select risk_score as score, budget_day as day from faucet_requests order by id")
      .all() as { score: number; day: string | null }[];
    // the whole burst flagged, the first included, and none of it holds the slice any more
    expect(rows.map((row) => row.day)).toEqual([null, null, null]);
    for (const row of rows) expect(row.score).toBeGreaterThanOrEqual(20);
    expect(dayTotal()).toBe(0);
    // so an honest stranger still finds this hour's slice
    expect((await ask(strangerIp(7))).status).toBe(201);
  });

  test("the bonus budget is a setting beside the faucet's, checked like it", async () => {
    expect((await settings({ bonusDailyLimit: "30", bonusMinAccountAgeHours: 48 })).json).toMatchObject({
      bonusDailyLimit: "30",
      bonusMinAccountAgeHours: 48,
    });
    const bad = await settings({ bonusMinAccountAgeHours: 1000 });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("bonusMinAccountAgeHours must be a whole number from 0 to 720");
    expect((await settings({ bonusDailyLimit: "-1" })).json.message).toBe(
      "bonusDailyLimit must be a positive XRP amount with at most 6 decimals",
    );
    const budget = (await t.call("GET", "/api/admin/faucet/budget", { cookie: admin })).json;
    // at 12:00 with nothing used: 30 XRP over the 12 hours left, at least one bonus (5 XRP) released
    expect(budget.bonus).toMatchObject({ total: "30.000000", slice: "2.500000", released: "5.000000" });
  });
});
