// Each alert raised and cleared, on the app's HTTP handling with a fake clock and the sandbox
// ledger: a wallet drained to its reserve (with the email to every admin, once), payouts paused, a
// payout waiting, a stalled ledger, a full disk and a database that cannot be written, backups
// failing, and the day's budget used before noon.
import { afterEach, describe, expect, test } from "bun:test";
import { payoutBed, type PayoutBed } from "../../payouts/testing.ts";
import { testApp, type TestApp } from "../../testing/harness.ts";
import { startSmtp } from "../../testing/smtp.ts";
import { waitFor } from "../../testing/wait.ts";
import type { BackupState, DiskSpace } from "./checks.ts";
import { ALERT_KINDS } from "./model.ts";

let bed: PayoutBed | null = null;
let t: TestApp | null = null;
afterEach(async () => {
  await bed?.close();
  t?.close();
  bed = null;
  t = null;
});

interface AlertItem {
  kind: string;
  title: string;
  message: string;
  open: boolean;
}
const alertsOf = async (app: TestApp, cookie: string) =>
  (await app.call("GET", "/api/admin/alerts", { cookie })).json as { open: AlertItem[]; cleared: AlertItem[] };
const openKinds = async (app: TestApp, cookie: string) => (await alertsOf(app, cookie)).open.map((a) => a.kind);
const evaluate = (app: TestApp) => app.app.services.alerts.evaluate();

describe("the hot wallet", () => {
  test("drained to its reserve: raised once (bell and one email to every admin), cleared once funded", async () => {
    const smtp = await startSmtp({ user: "mailer", pass: "s3cret-pass" });
    try {
      bed = await payoutBed({
        fundDrops: 30_000_000,
        app: {
          config: {
            publicUrl: null,
            trustProxy: false,
            mail: {
              smtpUrl: `smtp://mailer:s3cret-pass@127.0.0.1:${smtp.port}`,
              from: "XRP Faucet <faucet@faucet.test>",
            },
          },
        },
      });
      const { t: app, admin, sim, wallet } = bed;
      // every request for 20 XRP
      expect(
        (await app.call("POST", "/api/admin/faucet/settings", { cookie: admin, body: { minAmount: "20" } })).status,
      ).toBe(200);
      await evaluate(app);
      expect(await openKinds(app, admin)).toEqual([]);
      // a payout takes the wallet down to its 1 XRP reserve and a few XRP: less than one request's most
      const paid = await bed.approvedRequest();
      await bed.settle(
        () => (app.db.sqlite.query("select status from payouts").get() as { status: string }).status === "paid",
      );
      expect(paid.amountDrops).toBe(20_000_000);
      await evaluate(app);
      const { open } = await alertsOf(app, admin);
      expect(open.map((a) => [a.kind, a.title])).toEqual([["wallet_low", ALERT_KINDS.wallet_low]]);
      expect(open[0]!.message).toMatch(
        /^The hot wallet can spend only [\d.]+ XRP: it should keep 20 XRP, enough for one request\. At the last 7 days' rate of [\d.]+ XRP a day it lasts (less than a minute|\d+ (min|h|days?))/,
      );
      const mail = await waitFor(
        () => smtp.received.find((m) => m.raw.includes("Subject: XRP faucet alert: Hot wallet running low")),
        { what: "the alert email" },
      );
      expect(mail.to).toEqual(["admin@example.com"]);
      const bell = (await app.call("GET", "/api/user/notifications", { cookie: admin })).json;
      expect(bell.items[0]).toMatchObject({ kind: "ALERT", read: false });
      expect(bell.items[0].message).toStartWith("Hot wallet running low: The hot wallet can spend");
      // still low a minute later: the same alert, no second email
      await evaluate(app);
      await Bun.sleep(100);
      expect(smtp.received.filter((m) => m.raw.includes("Hot wallet running low"))).toHaveLength(1);
      expect((await alertsOf(app, admin)).open).toHaveLength(1);
      // the operator funds it
      sim.fund(wallet.classicAddress, 500_000_000);
      sim.closeLedger();
      await evaluate(app);
      const after = await alertsOf(app, admin);
      expect(after.open).toEqual([]);
      expect(after.cleared.map((a) => [a.kind, a.open])).toEqual([["wallet_low", false]]);
    } finally {
      await smtp.close();
    }
  }, 20_000);
});

describe("payouts", () => {
  test("paused: raised with the reason, cleared on resume", async () => {
    bed = await payoutBed();
    const { t: app, admin } = bed;
    bed.engine.pause("an admin pressed pause");
    await evaluate(app);
    const { open } = await alertsOf(app, admin);
    expect(open.map((a) => [a.kind, a.message])).toEqual([
      ["payouts_paused", "Payouts are paused: an admin pressed pause"],
    ]);
    expect((await app.call("POST", "/api/admin/wallet/resume", { cookie: admin })).status).toBe(200);
    await evaluate(app);
    expect(await openKinds(app, admin)).toEqual([]);
  });

  test("a payout waiting longer than 30 minutes, cleared when it is paid", async () => {
    bed = await payoutBed({ appClock: true });
    const { t: app, admin } = bed;
    bed.engine.pause("held for the test"); // nothing is sent while the clock moves
    await bed.approvedRequest();
    app.clock.advance(29 * 60_000);
    await evaluate(app);
    expect(await openKinds(app, admin)).toEqual(["payouts_paused"]);
    app.clock.advance(2 * 60_000);
    await evaluate(app);
    const waiting = (await alertsOf(app, admin)).open.find((a) => a.kind === "payout_waiting");
    expect(waiting?.message).toBe("Payout #1 has waited 31 minutes to be sent and validated.");
    bed.engine.resume();
    await bed.settle(
      () => (app.db.sqlite.query("select status from payouts").get() as { status: string }).status === "paid",
    );
    await evaluate(app);
    expect(await openKinds(app, admin)).toEqual([]);
  });

  test("no new validated ledger for 5 minutes: raised; a new ledger clears it", async () => {
    bed = await payoutBed();
    const { t: app, admin, sim } = bed;
    await evaluate(app);
    app.clock.advance(4 * 60_000);
    await evaluate(app);
    expect(await openKinds(app, admin)).toEqual([]);
    app.clock.advance(60_000 + 1);
    await evaluate(app);
    const stalled = (await alertsOf(app, admin)).open;
    expect(stalled.map((a) => a.kind)).toEqual(["ledger_stalled"]);
    expect(stalled[0]!.message).toMatch(/^The XRPL server's validated ledger has stayed at #\d+ for 5 minutes\.$/);
    sim.closeLedger();
    await evaluate(app);
    expect(await openKinds(app, admin)).toEqual([]);
  });
});

describe("the disk and the database", () => {
  test("a full disk, and a database that cannot be written", async () => {
    let space: DiskSpace = { freeBytes: 50 * 1024 ** 3, totalBytes: 100 * 1024 ** 3 };
    t = testApp({ alerts: { diskSpace: () => space } });
    const { cookie } = await t.registerAdmin("ops");
    await evaluate(t);
    expect(await openKinds(t, cookie)).toEqual([]);
    space = { freeBytes: 5 * 1024 ** 3, totalBytes: 100 * 1024 ** 3 };
    await evaluate(t);
    expect((await alertsOf(t, cookie)).open.map((a) => a.message)).toEqual([
      "The data directory's disk has 5.00 GiB free (5.0%). Free space before the database cannot grow.",
    ]);
    // the database can take no new page: writes fail (as on a full disk)
    const pages = (t.db.sqlite.query("pragma page_count").get() as { page_count: number }).page_count;
    t.db.sqlite.run(`pragma max_page_count = ${pages}`);
    // fill what free space the pages still have
    for (let i = 0; i < 10_000; i++) {
      try {
        t.db.sqlite.run("insert into reviews (rating, content, approved, created_at) values (5, ?, 0, 0)", [
          "y".repeat(1900),
        ]);
      } catch {
        break;
      }
    }
    t.clock.advance(10_000); // past the health probe's cache
    await evaluate(t);
    // shown (and mailed) though it cannot be written yet
    const readOnly = (await alertsOf(t, cookie)).open.find((a) => a.kind === "database_read_only");
    expect(readOnly?.message).toBe(
      "The database cannot be written (read-only): requests, claims and payouts cannot be recorded.",
    );
    t.db.sqlite.run("pragma max_page_count = 1073741823");
    t.clock.advance(10_000);
    await evaluate(t);
    expect(await openKinds(t, cookie)).toEqual(["disk_low"]);
    space = { freeBytes: 50 * 1024 ** 3, totalBytes: 100 * 1024 ** 3 };
    await evaluate(t);
    expect(await openKinds(t, cookie)).toEqual([]);
  });
});

describe("backups and the budget", () => {
  test("a failing or stale backup, cleared by the next good one", async () => {
    const HOUR = 60 * 60_000;
    let state: BackupState = { everyMs: 6 * HOUR, lastSuccessAt: null, lastFailure: null };
    t = testApp({ alerts: { backups: () => state } });
    const { cookie } = await t.registerAdmin("ops");
    await evaluate(t);
    expect(await openKinds(t, cookie)).toEqual([]);
    state = { ...state, lastFailure: { at: t.clock(), message: "ENOSPC: no space left on device" } };
    await evaluate(t);
    expect((await alertsOf(t, cookie)).open.map((a) => a.message)).toEqual([
      "The last backup failed: ENOSPC: no space left on device",
    ]);
    t.clock.advance(HOUR);
    state = { ...state, lastSuccessAt: t.clock() };
    await evaluate(t);
    expect(await openKinds(t, cookie)).toEqual([]);
    t.clock.advance(12 * HOUR + 60_000);
    await evaluate(t);
    expect((await alertsOf(t, cookie)).open.map((a) => a.message)).toEqual([
      "The newest backup is 721 minutes old (backups run every 360 minutes).",
    ]);
  });

  test("the day's budget used before noon UTC: raised for the rest of that day, cleared the next", async () => {
    t = testApp();
    t.clock.set(Date.UTC(2026, 0, 15, 9, 0, 0));
    const { cookie } = await t.registerAdmin("ops");
    // by 09:00 the admins approved five requests of 20 XRP: the whole 100 XRP day (an admin's approval
    // may use the day at once), as the faucet's day total holds it
    t.db.sqlite.run(
      "insert into faucet_daily_totals (day, amount_drops, requests) values ('2026-01-15', 100000000, 5)",
    );
    await evaluate(t);
    expect((await alertsOf(t, cookie)).open.map((a) => a.kind)).toEqual(["budget_used_early"]);
    t.clock.set(Date.UTC(2026, 0, 15, 15, 0, 0));
    await evaluate(t);
    expect(await openKinds(t, cookie)).toEqual(["budget_used_early"]);
    t.clock.set(Date.UTC(2026, 0, 16, 1, 0, 0));
    await evaluate(t);
    expect(await openKinds(t, cookie)).toEqual([]);
  });
});

test("the alerts are for admins only", async () => {
  t = testApp();
  const member = await t.register("member");
  expect((await t.call("GET", "/api/admin/alerts", { cookie: member.cookie })).status).toBe(403);
  expect((await t.call("GET", "/api/admin/alerts")).status).toBe(401);
});
