// GET /metrics over real HTTP: what it says after faucet requests, claims and a payout on the sandbox
// ledger, read back by a strict Prometheus text parser. (Who may read it: who-reads.test.ts.)
import { afterEach, describe, expect, test } from "bun:test";
import { payoutBed, type PayoutBed } from "../../payouts/testing.ts";
import { randomAddress, strangerIp, testApp, type TestApp } from "../../testing/harness.ts";
import { type Family, parsePrometheusText, sampleValue } from "../../testing/prometheus.ts";
import { LATENCY_BUCKETS } from "../../lib/request-log.ts";
import { METRICS } from "./model.ts";
import { scrape } from "./testing.ts";

const UA = { "user-agent": "Mozilla/5.0" };

let t: TestApp | undefined;
let bed: PayoutBed | undefined;
afterEach(async () => {
  await t?.close();
  await bed?.close();
  t = bed = undefined;
});

describe("what /metrics says", () => {
  test("after faucet requests, claims and a payout on the sandbox ledger: every metric, with the values the admin screens show", async () => {
    bed = await payoutBed();
    const app = bed.t;
    const base = app.listen();
    // a bonus needs an account a day old
    const claimer = await app.register("claimer");
    app.clock.advance(24 * 60 * 60 * 1000);
    // (a day's budget whose 12:00 slice covers the three requests below)
    expect(
      (await app.call("POST", "/api/admin/faucet/settings", { cookie: bed.admin, body: { dailyLimit: "1000" } }))
        .status,
    ).toBe(200);

    // one request paid on the ledger, one rejected, one waiting
    const paid = await bed.approvedRequest();
    await bed.settle(
      () => (app.db.sqlite.query("select status from payouts").get() as { status: string } | null)?.status === "paid",
    );
    const rejected = await app.call("POST", "/api/faucet/request", {
      body: { address: randomAddress() },
      ip: strangerIp(1),
      headers: UA,
    });
    expect(rejected.status).toBe(201);
    expect(
      (
        await app.call("POST", `/api/admin/faucet/requests/${rejected.json.id}`, {
          cookie: bed.admin,
          body: { action: "REJECTED", reason: "Spam" },
        })
      ).status,
    ).toBe(200);
    const waiting = await fetch(`${base}/api/faucet/request`, {
      method: "POST",
      headers: { "content-type": "application/json", ...UA },
      body: JSON.stringify({ address: randomAddress() }),
    });
    expect(waiting.status).toBe(201);
    // two claims: one waiting, one denied
    for (const platform of ["Twitter", "Facebook"])
      await app.call("POST", "/api/social/share", { cookie: claimer.cookie, body: { platform } });
    const claim = async (platform: string) =>
      (
        await app.call("POST", "/api/social/bonus-request", {
          cookie: claimer.cookie,
          body: { address: randomAddress(), platform },
        })
      ).json.id as number;
    await claim("Twitter");
    const denied = await claim("Facebook");
    expect(
      (
        await app.call("POST", `/api/admin/claims/${denied}`, {
          cookie: bed.admin,
          body: { status: "DENIED", reason: "No" },
        })
      ).status,
    ).toBe(200);
    // reads: a public read (three times), an unknown call, an unknown page
    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/api/faucet/status`)).status).toBe(200);
    expect((await fetch(`${base}/api/no-such-call/${randomAddress()}`)).status).toBe(404);
    expect((await fetch(`${base}/no/such/page`)).status).toBe(404);

    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const m = parsePrometheusText(text);
    const value = (name: string, labels?: Record<string, string>) => sampleValue(m, name, labels);
    const family = (name: string): Family => {
      const f = m.get(name);
      if (!f) throw new Error(`${name} is missing from /metrics:\n${text}`);
      return f;
    };

    // every metric is there, with its type and help
    const types: Record<string, Family["type"]> = {
      [METRICS.httpRequests.name]: "counter",
      [METRICS.httpDuration.name]: "histogram",
      [METRICS.cpu.name]: "counter",
    };
    for (const { name } of Object.values(METRICS).filter((x) => x.name !== METRICS.backupAge.name)) {
      expect({ name, type: family(name).type }).toEqual({ name, type: types[name] ?? "gauge" });
      expect(family(name).help.length).toBeGreaterThan(10);
      expect(family(name).samples.length).toBeGreaterThan(0);
    }

    // HTTP: by route pattern and status, never by URL
    expect(value(METRICS.httpRequests.name, { method: "POST", route: "/api/faucet/request", status: "201" })).toBe(3);
    expect(
      value(METRICS.httpRequests.name, { method: "POST", route: "/api/admin/faucet/requests/:id", status: "200" }),
    ).toBe(2);
    expect(value(METRICS.httpRequests.name, { method: "POST", route: "/api/admin/claims/:id", status: "200" })).toBe(1);
    expect(value(METRICS.httpRequests.name, { method: "GET", route: "/api/faucet/status", status: "200" })).toBe(3);
    expect(value(METRICS.httpRequests.name, { method: "GET", route: "unmatched", status: "404" })).toBe(1);
    expect(value(METRICS.httpRequests.name, { method: "GET", route: "/*", status: "404" })).toBe(1);
    const routes = new Set(family(METRICS.httpRequests.name).samples.map((s) => s.labels.route!));
    for (const route of routes) expect(route === "unmatched" || route.startsWith("/")).toBe(true);
    expect([...routes].filter((r) => /\d{2,}|r[1-9A-HJ-NP-Za-km-z]{24,}/.test(r))).toEqual([]);
    expect(value(`${METRICS.httpDuration.name}_count`, { method: "GET", route: "/api/faucet/status" })).toBe(3);
    const buckets = family(METRICS.httpDuration.name).samples.filter(
      (s) => s.name.endsWith("_bucket") && s.labels.route === "/api/faucet/status",
    );
    expect(buckets.map((b) => b.labels.le)).toEqual([...LATENCY_BUCKETS.map(String), "+Inf"]);
    expect(value(`${METRICS.httpDuration.name}_sum`, { method: "GET", route: "/api/faucet/status" })).toBeGreaterThan(
      0,
    );

    // the database's counts
    expect(
      Object.fromEntries(family(METRICS.faucetRequests.name).samples.map((s) => [s.labels.status, s.value])),
    ).toEqual({ PENDING: 1, APPROVED: 0, PROCESSED: 1, REJECTED: 1 });
    expect(Object.fromEntries(family(METRICS.claims.name).samples.map((s) => [s.labels.status, s.value]))).toEqual({
      PENDING: 1,
      APPROVED: 0,
      PAID: 0,
      DENIED: 1,
    });
    expect(value(METRICS.payouts.name, { status: "paid" })).toBe(1);
    expect(
      family(METRICS.payouts.name)
        .samples.filter((s) => s.labels.status !== "paid")
        .map((s) => s.value),
    ).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect([
      value(METRICS.payoutsQueued.name),
      value(METRICS.payoutsInFlight.name),
      value(METRICS.payoutsPaused.name),
    ]).toEqual([0, 0, 0]);

    // the ledger and the wallet, as the simulator has them
    const age = value(METRICS.ledgerAge.name)!;
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
    const account = bed.sim.account(bed.wallet.classicAddress)!;
    expect(value(METRICS.walletBalance.name)).toBe(Number(account.balanceDrops));
    const wallet = (await app.call("GET", "/api/admin/wallet", { cookie: bed.admin })).json;
    expect(value(METRICS.walletSpendable.name)).toBe(Math.round(Number(wallet.spendable) * 1_000_000));
    expect(Number(account.balanceDrops)).toBeLessThan(10_000 * 1_000_000 - paid.amountDrops);

    // today's budgets, as the admin's budget screen has them
    const budget = (await app.call("GET", "/api/admin/faucet/budget", { cookie: bed.admin })).json;
    for (const pool of ["faucet", "bonus"]) {
      expect(value(METRICS.budgetUsed.name, { pool })).toBe(Math.round(Number(budget[pool].used) * 1_000_000));
      expect(value(METRICS.budgetLeft.name, { pool })).toBe(Math.round(Number(budget[pool].left) * 1_000_000));
    }
    expect(value(METRICS.budgetUsed.name, { pool: "faucet" })).toBeGreaterThanOrEqual(paid.amountDrops);

    // the process
    expect(value(METRICS.memory.name)).toBeGreaterThan(10 * 1024 * 1024);
    expect(value(METRICS.cpu.name)).toBeGreaterThan(0);
    expect(Math.abs(value(METRICS.startTime.name)! - Date.now() / 1000)).toBeLessThan(3600);
    expect(value(METRICS.openFds.name)).toBeGreaterThan(3);

    // the alerts open now (the alerts' own count); no backup age while backups are off
    await app.app.services.alerts.evaluate();
    const open = app.app.services.alerts.open().length;
    expect(
      sampleValue(parsePrometheusText(await (await fetch(`${base}/metrics`)).text()), METRICS.openAlerts.name),
    ).toBe(open);
    expect(family(METRICS.backupAge.name).samples).toEqual([]);
  }, 60_000);

  test("without payouts, the engine's metrics are left out; the backups' and alerts' come from their sources (a failing one is left out)", async () => {
    let failing = false;
    t = testApp({
      metrics: {
        sources: {
          backupAgeSeconds: () => {
            if (failing) throw new Error("the backup directory is gone");
            return 5400;
          },
          openAlerts: () => 2,
        },
      },
    });
    const base = t.listen();
    let m = parsePrometheusText((await scrape(base)).body);
    expect(sampleValue(m, METRICS.backupAge.name)).toBe(5400);
    expect(sampleValue(m, METRICS.openAlerts.name)).toBe(2);
    for (const name of [METRICS.payoutsPaused, METRICS.ledgerAge, METRICS.walletBalance, METRICS.walletSpendable].map(
      (x) => x.name,
    ))
      expect(m.get(name)?.samples).toEqual([]);
    expect(sampleValue(m, METRICS.payoutsQueued.name)).toBe(0);

    failing = true;
    const res = await scrape(base);
    expect(res.status).toBe(200);
    m = parsePrometheusText(res.body);
    expect(m.get(METRICS.backupAge.name)?.samples).toEqual([]);
    expect(sampleValue(m, METRICS.openAlerts.name)).toBe(2);
    // the scrapes count themselves
    expect(sampleValue(m, METRICS.httpRequests.name, { method: "GET", route: "/metrics", status: "200" })).toBe(1);
  });

  test("the backup age is the backups' last success as the alerts read it (none while there is none)", async () => {
    let lastSuccessAt: number | null = null;
    t = testApp({
      alerts: { backups: () => ({ everyMs: 6 * 3_600_000, lastSuccessAt, lastFailure: null }) },
    });
    const base = t.listen();
    expect(parsePrometheusText((await scrape(base)).body).get(METRICS.backupAge.name)?.samples).toEqual([]);
    lastSuccessAt = t.clock() - 90_000;
    expect(sampleValue(parsePrometheusText((await scrape(base)).body), METRICS.backupAge.name)).toBe(90);
  });
});
