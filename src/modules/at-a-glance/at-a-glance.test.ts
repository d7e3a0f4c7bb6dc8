// Health at a glance and where to start, over real HTTP: the strip's facts as a new install and a
// paying server see them (the real engine, xrpl client and ledger simulator), the server's ceiling
// beside the budgets, and the start-here checklist ticking itself as the operator does each step.
import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { totpCode } from "../../auth/totp.ts";
import { payoutBed, type PayoutBed } from "../../payouts/testing.ts";
import { testApp, type TestApp } from "../../testing/harness.ts";

let t: TestApp | undefined;
let bed: PayoutBed | undefined;
let dir: string | undefined;
afterEach(async () => {
  await t?.close();
  await bed?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  t = bed = dir = undefined;
});

const json = { "content-type": "application/json" };
const get = async (url: string, cookie?: string) => {
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  return { status: res.status, body: (await res.json()) as any };
};
const done = (checklist: { items: { id: string; done: boolean }[] }) =>
  Object.fromEntries(checklist.items.map((i) => [i.id, i.done]));

test("a new install without a wallet: the strip says payouts are off, the checklist has everything left to do, and only admins see either", async () => {
  t = testApp();
  const url = t.listen();
  const { cookie } = await t.registerAdmin("operator");
  const member = await t.register("member");

  const health = await get(`${url}/api/admin/health`, cookie);
  expect(health.status).toBe(200);
  expect(health.body).toEqual({
    ledger: { state: "off", mode: null, server: null, validatedLedger: null, validatedAt: null, error: null },
    wallet: null,
    queue: null,
    payouts: null,
    faucetOnline: true,
    backups: { on: false, lastAt: null, failure: null },
    alerts: { open: 0, titles: [] },
    ceiling: null,
    inbox: { unread: 0 },
  });

  const start = await get(`${url}/api/admin/start-here`, cookie);
  expect(start.status).toBe(200);
  expect(start.body.done).toBe(false);
  expect(done(start.body)).toEqual({
    "two-factor": false,
    wallet: false,
    budgets: false,
    backups: false,
    email: false,
    "public-url": false,
  });
  expect(start.body.wallet).toBeNull();
  expect(start.body.items.find((i: { id: string }) => i.id === "wallet").detail).toContain("--xrpl sandbox");

  // saving the settings ticks the budgets (no wallet: no ceiling to fit under)
  expect(
    (
      await fetch(`${url}/api/admin/faucet/settings`, {
        method: "POST",
        headers: { ...json, cookie },
        body: JSON.stringify({ dailyLimit: "120" }),
      })
    ).status,
  ).toBe(200);
  expect(done((await get(`${url}/api/admin/start-here`, cookie)).body).budgets).toBe(true);

  for (const path of ["/api/admin/health", "/api/admin/start-here"]) {
    expect((await get(`${url}${path}`)).status).toBe(401);
    expect((await get(`${url}${path}`, member.cookie)).status).toBe(403);
  }
});

test("a paying server: the ledger, the wallet's full address, spendable and days left, the queue, and the ceiling warned about once the budgets pass it", async () => {
  // --max-daily-payout 150
  bed = await payoutBed({ maxDailyPayoutDrops: 150_000_000, appClock: true });
  const url = bed.t.listen();
  const admin = bed.admin;

  const before = await get(`${url}/api/admin/health`, admin);
  expect(before.status).toBe(200);
  expect(before.body.ledger).toMatchObject({ state: "connected", mode: "sandbox", error: null });
  expect(before.body.ledger.validatedLedger).toBeGreaterThan(0);
  expect(before.body.wallet).toEqual({
    address: bed.wallet.classicAddress,
    spendable: "9999.000000",
    paidPerDay: "0.000000",
    daysLeft: null,
    low: false,
  });
  expect(before.body.queue).toEqual({ queued: 0, inFlight: 0, needsAttention: 0 });
  expect(before.body.payouts).toEqual({ paused: false, reason: null, until: null });
  // the default budgets (100 + 50 bonus) fit under 150
  expect(before.body.ceiling).toEqual({
    daily: "150.000000",
    payment: "1000.000000",
    dailySource: "flag",
    budgets: "150.000000",
    over: false,
    warnings: [],
  });

  // a payout: the wallet now has a daily rate and days left at it
  const paid = await bed.approvedRequest();
  await bed.settle(
    () =>
      bed!.t.db.sqlite
        .query<{ status: string }, [number]>("select status from payouts where faucet_request_id = ?")
        .get(paid.id)?.status === "paid",
  );
  const after = await get(`${url}/api/admin/health`, admin);
  const perDay = paid.amountDrops / 7;
  const spendable = Number(after.body.wallet.spendable) * 1_000_000;
  expect(spendable).toBeLessThan(9999_000_000 - paid.amountDrops + 1);
  expect(after.body.wallet.paidPerDay).toBe((Math.round(perDay) / 1_000_000).toFixed(6));
  expect(after.body.wallet.daysLeft).toBe(Math.floor((spendable / perDay) * 10) / 10);

  // raising the daily limit to 200: 250 a day is more than the server signs (150); the screen says so
  const raised = await fetch(`${url}/api/admin/faucet/settings`, {
    method: "POST",
    headers: { ...json, cookie: admin },
    body: JSON.stringify({ dailyLimit: "200" }),
  });
  expect(raised.status).toBe(200);
  const over = (await get(`${url}/api/admin/health`, admin)).body.ceiling;
  expect(over).toMatchObject({ daily: "150.000000", budgets: "250.000000", over: true });
  expect(over.warnings).toEqual([
    "The daily budgets add up to 250 XRP, more than the 150 XRP the server signs in a day: payouts past it wait for the next day. Lower the budgets, or restart the server with a higher --max-daily-payout.",
  ]);

  // the checklist: the wallet is funded (its full address and a QR code of it), the budgets pass the ceiling
  const start = (await get(`${url}/api/admin/start-here`, admin)).body;
  expect(done(start)).toMatchObject({ wallet: true, budgets: false });
  expect(start.wallet).toMatchObject({ address: bed.wallet.classicAddress, sandbox: true });
  expect(start.wallet.qrSvg).toStartWith("<svg");
  expect(start.items.find((i: { id: string }) => i.id === "budgets").detail).toContain(
    "more than the 150 XRP the server signs in a day",
  );
  // back under it: ticked
  await fetch(`${url}/api/admin/faucet/settings`, {
    method: "POST",
    headers: { ...json, cookie: admin },
    body: JSON.stringify({ dailyLimit: "100" }),
  });
  expect(done((await get(`${url}/api/admin/start-here`, admin)).body).budgets).toBe(true);
});

test("backups, email, the public URL and two-factor sign-in tick their items; the last backup and an open alert show on the strip", async () => {
  dir = mkdtempSync(join(tmpdir(), "xrp-faucet-glance-"));
  t = testApp({
    config: {
      publicUrl: "https://faucet.example",
      trustProxy: false,
      mail: { smtpUrl: "smtp://127.0.0.1:1", from: "XRP Faucet <faucet@faucet.example>" },
    },
    backups: { dataDir: dir, settings: { dir: join(dir, "backups"), everyMs: 6 * 3_600_000, keep: 5 }, log: () => {} },
  });
  const url = t.listen();
  const { cookie } = await t.registerAdmin("operator");
  let start = (await get(`${url}/api/admin/start-here`, cookie)).body;
  expect(done(start)).toMatchObject({ email: true, "public-url": true, backups: false, "two-factor": false });
  expect(start.items.find((i: { id: string }) => i.id === "public-url").detail).toBe(
    "The site's address is https://faucet.example.",
  );

  // a backup made: ticked, and the strip shows when
  const made = await fetch(`${url}/api/admin/backups`, { method: "POST", headers: { cookie } });
  expect(made.status).toBe(201);
  const health = (await get(`${url}/api/admin/health`, cookie)).body;
  expect(health.backups).toEqual({ on: true, lastAt: new Date(t.clock()).toISOString(), failure: null });
  // two-factor sign-in on
  const setup = await t.call("POST", "/api/user/two-factor/setup", {
    cookie,
    body: { password: "correct horse battery" },
  });
  expect(
    (
      await t.call("POST", "/api/user/two-factor/enable", {
        cookie,
        body: { code: totpCode(setup.json.secret, t.clock()) },
      })
    ).status,
  ).toBe(200);
  start = (await get(`${url}/api/admin/start-here`, cookie)).body;
  expect(done(start)).toMatchObject({ backups: true, "two-factor": true });

  // an open alert is counted with its title
  t.db.sqlite.run("insert into alerts (kind, message, raised_at, updated_at) values ('surge', 'A surge', 0, 0)");
  expect((await get(`${url}/api/admin/health`, cookie)).body.alerts).toEqual({
    open: 1,
    titles: ["A surge of requests"],
  });
});

test("the wallet chip follows the low-wallet alert: low while it is open, whatever the days left say", async () => {
  // 5 XRP: 4 spendable above the reserve, less than one request's most
  bed = await payoutBed({ fundDrops: 5_000_000 });
  const url = bed.t.listen();
  expect((await get(`${url}/api/admin/health`, bed.admin)).body.wallet.low).toBe(false);
  await bed.t.app.services.alerts.evaluate();
  const health = (await get(`${url}/api/admin/health`, bed.admin)).body;
  expect(health.alerts.titles).toContain("Hot wallet running low");
  expect(health.wallet).toMatchObject({ low: true, daysLeft: null });
});
