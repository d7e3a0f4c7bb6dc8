// The day's budget is released an hour at a time: a burst takes one hour's slice, not the day's or
// the morning's, and says when the next opens; a flagged request holds none of it.
import { describe, expect, test } from "bun:test";
import { formatXrp } from "../../shared/money.ts";
import { strangerIp } from "../../testing/harness.ts";
import { admin, ask, newAppEachTest, settings, t } from "./network-fixtures.ts";

newAppEachTest();

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
      offlineCode: "HOUR_GIVEN_OUT",
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
