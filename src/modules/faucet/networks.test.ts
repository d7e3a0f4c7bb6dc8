// Limits that follow the network, not the address: what a farm rotating IPv6 /64s in a /48, IPv4
// addresses in a /24 or /24s in a /16 gets, and what a household on one IPv4 still gets.
import { describe, expect, test } from "bun:test";
import { randomAddress, testApp, type TestApp } from "../../testing/harness.ts";
import { WIDE_REQUESTS_COUNTED } from "../risk/signals.ts";
import { ask, BROWSER, newAppEachTest, settings, t } from "./network-fixtures.ts";

newAppEachTest();

const risk = (id: number) =>
  t.db.sqlite
    .query("select risk_score as score, risk_reasons as reasons from faucet_requests where id = ?")
    .get(id) as { score: number; reasons: string };

describe("limits at the width the farm pays for", () => {
  test("a new /64 inside a /48 that already asked is a second request from that /48: flagged, then refused", async () => {
    const answers = [];
    for (let i = 1; i <= 6; i++) answers.push(await ask(`2001:db8:77:${i.toString(16)}::1`));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 429, 429, 429]);
    expect(answers[3]!.headers.get("x-error-code")).toBe("NETWORK_LIMIT");
    expect(answers[3]!.json.message).toBe(
      "Too many addresses from your network today (at most 3 in 24 hours). Please try again tomorrow at 12:00 UTC (in 24 h).",
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
        "Too many addresses from your network today (at most 3 in 24 hours). Please try again tomorrow at 12:00 UTC (in 21 h).",
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
    // (auto-approve/networks.test.ts: counted again when its hold ends, the first carries the burst after it)
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
