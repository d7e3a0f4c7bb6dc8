// The payout ceiling (--max-daily-payout, --max-payout) against the ledger simulator over a real
// socket, with the real xrpl client: what the operator sees on /admin and what the ledger holds.
import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client.ts";
import { applyMigrations } from "../db/migrate.ts";
import { DAY_MS } from "../lib/time.ts";
import { randomAddress } from "../testing/harness.ts";
import { waitFor } from "../testing/wait.ts";
import { SimulatedCrash } from "./engine.ts";
import { type DailyLimits, startPayouts } from "./runtime.ts";
import { payoutBed, type PayoutBed } from "./testing.ts";

const XRP = 1_000_000;

let bed: PayoutBed;
afterEach(async () => {
  await bed?.close();
});

const requestRow = (id: number) =>
  bed.t.db.sqlite.query("select status, tx_hash, payout_error from faucet_requests where id = ?").get(id) as any;
const payoutRow = (faucetRequestId: number) =>
  bed.t.db.sqlite.query("select * from payouts where faucet_request_id = ?").get(faucetRequestId) as any;
const paidTo = (destination: string) => bed.sim.payments({ destination }).filter((p) => p.result === "tesSUCCESS");
const sentByWallet = () => bed.sim.payments({ account: bed.wallet.classicAddress });
const walletCard = async () => (await bed.t.call("GET", "/api/admin/wallet", { cookie: bed.admin })).json;
// Every faucet request pays `xrp` XRP (the day's budget far above what the tests approve).
const requestsOf = (xrp: string) =>
  bed.t.call("POST", "/api/admin/faucet/settings", {
    cookie: bed.admin,
    body: { dailyLimit: "1000", minAmount: xrp, maxAmount: xrp },
  });

describe("--max-daily-payout", () => {
  test("approvals past the day's ceiling: paid up to it, the rest queued with the pause on /admin, paid from the next UTC day, nobody twice", async () => {
    bed = await payoutBed({ appClock: true, maxDailyPayoutDrops: 25 * XRP });
    await requestsOf("10");
    const requests: Awaited<ReturnType<PayoutBed["approvedRequest"]>>[] = [];
    for (let i = 0; i < 4; i++) requests.push(await bed.approvedRequest());
    expect(requests.map((r) => r.amountDrops)).toEqual([10 * XRP, 10 * XRP, 10 * XRP, 10 * XRP]);

    await bed.settle(
      () =>
        bed.engine.status().paused !== null &&
        requests.slice(0, 2).every((r) => requestRow(r.id).status === "PROCESSED"),
    );
    // 10 + 10 fit in 25; a third 10 would make 30
    expect(requests.map((r) => requestRow(r.id).status)).toEqual(["PROCESSED", "PROCESSED", "APPROVED", "APPROVED"]);
    expect(requests.map((r) => payoutRow(r.id).status)).toEqual(["paid", "paid", "queued", "queued"]);
    expect(requests.map((r) => paidTo(r.address).length)).toEqual([1, 1, 0, 0]);
    const reason = bed.engine.status().paused!;
    expect(reason).toStartWith("the daily payout ceiling of 25 XRP is reached: 20 XRP signed on 2026-01-15 (UTC)");
    expect(reason).toContain("go out from 00:00 UTC");
    expect(reason).toContain("--max-daily-payout");
    expect(await walletCard()).toMatchObject({
      paused: true,
      pausedReason: reason,
      queued: 2,
      inFlight: 0,
      needsAttention: 0,
    });
    // it lifts by itself at the next 00:00 UTC (the admin screen says so instead of offering Resume)
    expect((await walletCard()).pausedUntil).toBe("2026-01-16T00:00:00.000Z");
    expect(bed.logs).toContain(`payouts: paused: ${reason}`);

    // The admin's "Resume payouts" does not lift the ceiling: the engine stops at it again.
    expect((await bed.t.call("POST", "/api/admin/wallet/resume", { cookie: bed.admin })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      await bed.engine.tick();
      bed.sim.closeLedger();
    }
    expect(sentByWallet()).toHaveLength(2);
    expect((await walletCard()).pausedReason).toStartWith(
      "the daily payout ceiling of 25 XRP is reached: 20 XRP signed on 2026-01-15",
    );

    // Nor does a restart: the day's signed total is read from the database.
    await bed.restartEngine();
    for (let i = 0; i < 3; i++) {
      await bed.engine.tick();
      bed.sim.closeLedger();
    }
    expect(sentByWallet()).toHaveLength(2);
    expect(bed.engine.status().paused).toStartWith(
      "the daily payout ceiling of 25 XRP is reached: 20 XRP signed on 2026-01-15",
    );

    // The next UTC day: the pause lifts by itself and the queued payouts go out.
    bed.t.clock.set(Math.floor(bed.t.clock() / DAY_MS) * DAY_MS + DAY_MS);
    await bed.settle(() => requests.every((r) => requestRow(r.id).status === "PROCESSED"));
    expect(requests.map((r) => requestRow(r.id).status)).toEqual(["PROCESSED", "PROCESSED", "PROCESSED", "PROCESSED"]);
    expect(requests.map((r) => paidTo(r.address).length)).toEqual([1, 1, 1, 1]);
    expect(sentByWallet()).toHaveLength(4);
    expect(bed.engine.status().paused).toBeNull();
    expect(await walletCard()).toMatchObject({ paused: false, pausedReason: null, pausedUntil: null, queued: 0 });
    expect(
      bed.logs.some((l) =>
        l.startsWith("payouts: resumed: a new UTC day (2026-01-16) under the daily ceiling of 25 XRP"),
      ),
    ).toBe(true);
  }, 30_000);

  test("a payout counts once however often it is re-signed: a day's re-signed attempts do not use up the ceiling", async () => {
    bed = await payoutBed({ appClock: true, maxDailyPayoutDrops: 25 * XRP, timeoutMs: 300 });
    await requestsOf("10");
    // The first attempt of the first payout is signed and written, never sent: it expires, and the
    // same payout is signed again with its Sequence.
    let crashed = false;
    await bed.restartEngine((name) => {
      if (name === "written" && !crashed) {
        crashed = true;
        throw new SimulatedCrash(name);
      }
    }, 0);
    const first = await bed.approvedRequest();
    await bed.engine.tick().catch(() => {});
    expect(crashed).toBe(true);
    for (let i = 0; i < 25; i++) bed.sim.closeLedger();
    await bed.restartEngine();
    await bed.settle(() => requestRow(first.id).status === "PROCESSED");
    const attempts = bed.t.db.sqlite
      .query("select count(*) as n from payout_attempts where payout_id = ?")
      .get(payoutRow(first.id).id) as { n: number };
    expect(attempts.n).toBe(2);

    // 10 counted once: a second 10 still fits in 25, a third does not.
    const second = await bed.approvedRequest();
    const third = await bed.approvedRequest();
    await bed.settle(() => bed.engine.status().paused !== null && requestRow(second.id).status === "PROCESSED");
    expect([first, second, third].map((r) => paidTo(r.address).length)).toEqual([1, 1, 0]);
    expect(bed.engine.status().paused).toStartWith("the daily payout ceiling of 25 XRP is reached: 20 XRP signed on");
  }, 30_000);

  test("a payout needing attention during the ceiling's pause takes its place: the new UTC day does not lift it", async () => {
    let crashed = false;
    bed = await payoutBed({
      appClock: true,
      maxDailyPayoutDrops: 15 * XRP,
      step: (name) => {
        if (name === "written" && !crashed) {
          crashed = true;
          throw new SimulatedCrash(name);
        }
      },
    });
    await requestsOf("10");
    const first = await bed.approvedRequest();
    await bed.engine.tick().catch(() => {});
    expect(crashed).toBe(true);
    // while the engine is down its signed attempt never left, someone else uses the Sequence, and
    // the server cannot prove the attempt absent
    bed.sim.faults.takeSequence(bed.wallet.classicAddress);
    bed.sim.faults.incompleteHistory(200);
    bed.sim.closeLedger();
    const second = await bed.approvedRequest();
    await bed.restartEngine();
    await bed.engine.tick();
    // 10 signed today (the attempt that never left counts), and 10 more would pass 15
    expect(bed.engine.status().paused).toStartWith(
      "the daily payout ceiling of 15 XRP is reached: 10 XRP signed on 2026-01-15",
    );
    await bed.settle(() => payoutRow(first.id).status === "needs_attention", 40);
    expect(bed.engine.status().paused).toMatch(
      /^payout #\d+ needs attention: the XRPL server cannot prove the payment is absent/,
    );

    bed.t.clock.set(Math.floor(bed.t.clock() / DAY_MS) * DAY_MS + DAY_MS);
    for (let i = 0; i < 3; i++) {
      await bed.engine.tick();
      bed.sim.closeLedger();
    }
    expect(bed.engine.status().paused).toMatch(/needs attention/);
    expect(payoutRow(second.id).status).toBe("queued");
    expect(
      sentByWallet()
        .filter((p) => p.result === "tesSUCCESS")
        .map((p) => p.destination),
    ).not.toContain(second.address);
  }, 30_000);

  test("a payout larger than a whole day's ceiling is refused with its reason, never signed; the queue behind it goes on", async () => {
    bed = await payoutBed({ appClock: true, maxDailyPayoutDrops: 15 * XRP });
    await requestsOf("20");
    const big = await bed.approvedRequest();
    await bed.settle(() => payoutRow(big.id)?.status === "preflight_refused", 5);
    expect(payoutRow(big.id).status).toBe("preflight_refused");
    expect(requestRow(big.id)).toMatchObject({
      status: "APPROVED",
      payout_error: "The amount is above the 15 XRP the faucet may send in a whole day (--max-daily-payout)",
    });
    const listed = (await bed.t.call("GET", "/api/admin/faucet/requests", { cookie: bed.admin })).json.find(
      (r: any) => r.id === big.id,
    );
    expect(listed).toMatchObject({
      status: "APPROVED",
      payoutStatus: "preflight_refused",
      payoutError: expect.stringContaining("--max-daily-payout"),
    });
    expect(bed.engine.status().paused).toBeNull();

    await requestsOf("10");
    const small = await bed.approvedRequest();
    await bed.settle(() => requestRow(small.id).status === "PROCESSED");
    expect(paidTo(small.address)).toHaveLength(1);
    expect(paidTo(big.address)).toHaveLength(0);
    expect(sentByWallet()).toHaveLength(1);
  }, 30_000);
});

describe("--max-payout", () => {
  test("a payout above it is refused before signing, with the reason on /admin; nothing leaves the wallet, the next one is paid", async () => {
    bed = await payoutBed({ maxPayoutDrops: 5 * XRP });
    await requestsOf("10");
    const before = bed.sim.account(bed.wallet.classicAddress)!.balanceDrops;
    const big = await bed.approvedRequest();
    await bed.settle(() => payoutRow(big.id)?.status === "preflight_refused", 5);
    expect(payoutRow(big.id)).toMatchObject({ status: "preflight_refused", sequence: null, tx_hash: null });
    expect(bed.t.db.sqlite.query("select count(*) as n from payout_attempts").get()).toEqual({ n: 0 });
    expect(requestRow(big.id).payout_error).toBe(
      "The amount is above the 5.000000 XRP a single payout may send (--max-payout)",
    );
    const listed = (await bed.t.call("GET", "/api/admin/faucet/requests", { cookie: bed.admin })).json.find(
      (r: any) => r.id === big.id,
    );
    expect(listed).toMatchObject({
      payoutStatus: "preflight_refused",
      payoutError: expect.stringContaining("--max-payout"),
    });
    expect(sentByWallet()).toHaveLength(0);
    expect(bed.sim.account(bed.wallet.classicAddress)!.balanceDrops).toBe(before);

    // The admin's "Retry" queues it again: refused again, never signed.
    expect(
      (
        await bed.t.call("POST", `/api/admin/faucet/requests/${big.id}`, {
          cookie: bed.admin,
          body: { action: "APPROVED" },
        })
      ).status,
    ).toBe(200);
    await bed.settle(() => payoutRow(big.id)?.status === "preflight_refused", 5);
    expect(payoutRow(big.id).status).toBe("preflight_refused");
    expect(sentByWallet()).toHaveLength(0);

    await requestsOf("5");
    const small = await bed.approvedRequest();
    await bed.settle(() => requestRow(small.id).status === "PROCESSED");
    expect(paidTo(small.address)).toHaveLength(1);
    expect(paidTo(big.address)).toHaveLength(0);
  }, 30_000);

  test("a payout signed before a restart with a lower --max-payout is not signed again: it needs attention, nothing is paid", async () => {
    let crashed = false;
    bed = await payoutBed({
      timeoutMs: 300,
      step: (name) => {
        if (name === "written" && !crashed) {
          crashed = true;
          throw new SimulatedCrash(name);
        }
      },
    });
    await requestsOf("10");
    const { id, address } = await bed.approvedRequest();
    await bed.engine.tick().catch(() => {});
    expect(crashed).toBe(true);
    // its one attempt never left the process and expires
    for (let i = 0; i < 25; i++) bed.sim.closeLedger();
    await bed.restartEngine(undefined, undefined, { maxPayoutDrops: 5 * XRP });
    await bed.settle(() => payoutRow(id)?.status === "needs_attention", 10);
    expect(payoutRow(id)).toMatchObject({
      status: "needs_attention",
      error: "the amount is above the 5 XRP a payment may send (--max-payout): not signed again",
    });
    expect(
      bed.t.db.sqlite.query("select count(*) as n from payout_attempts where payout_id = ?").get(payoutRow(id).id),
    ).toEqual({ n: 1 });
    expect(paidTo(address)).toHaveLength(0);
    expect(await walletCard()).toMatchObject({
      paused: true,
      pausedReason: expect.stringContaining("--max-payout"),
      needsAttention: 1,
    });
  }, 30_000);
});

describe("the ceiling at start (runtime)", () => {
  // The server's own start: the sandbox ledger closing on its timer, the engine on the real clock.
  async function started(
    ceiling?: { dailyDrops: number | null; paymentDrops: number },
    budgets = { daily: 100 * XRP, bonus: 50 * XRP },
  ) {
    const dir = mkdtempSync(join(tmpdir(), "xrp-faucet-ceiling-"));
    const db = openDatabase(join(dir, "app.db"));
    applyMigrations(db);
    db.sqlite.run(
      "insert into faucet_settings (id, daily_limit_drops, bonus_daily_limit_drops, updated_at) values (1, ?1, ?2, 0) on conflict(id) do update set daily_limit_drops = ?1, bonus_daily_limit_drops = ?2",
      [budgets.daily, budgets.bonus],
    );
    const logs: string[] = [];
    // (main.ts reads the settings row through the settings' repository: the same columns)
    const dailyLimitsAtStart = () =>
      db.sqlite
        .query(
          "select daily_limit_drops as dailyLimitDrops, bonus_daily_limit_drops as bonusDailyLimitDrops from faucet_settings where id = 1",
        )
        .get() as DailyLimits;
    const payouts = await startPayouts({
      config: { mode: "sandbox", sandboxPort: 0 },
      ceiling,
      db,
      dataDir: dir,
      log: (line) => logs.push(line),
      dailyLimitsAtStart,
      closeIntervalMs: 100,
    });
    // user payments to nobody (the rows below): nothing of a feature to settle with them
    payouts.runtime!.settleWith({
      paid() {},
      failed() {},
      needsAttention() {},
      faucetPaymentFound() {
        throw new Error("no faucet payment here");
      },
    });
    return {
      db,
      logs,
      payouts,
      async close() {
        await payouts.stop();
        db.sqlite.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  const queue = (db: ReturnType<typeof openDatabase>, drops: number) => {
    const at = Date.now();
    return (
      db.sqlite
        .query(
          "insert into payouts (kind, destination, amount_drops, status, created_at, updated_at) values ('USER_PAYMENT', ?, ?, 'queued', ?, ?) returning id",
        )
        .get(randomAddress(), drops, at, at) as { id: number }
    ).id;
  };
  const payout = (db: ReturnType<typeof openDatabase>, id: number) =>
    db.sqlite.query("select status, error from payouts where id = ?").get(id) as {
      status: string;
      error: string | null;
    };

  test("the operator's flags: logged at start, and a payment above --max-payout refused while a smaller one is paid", async () => {
    const s = await started({ dailyDrops: 150 * XRP, paymentDrops: 20 * XRP });
    try {
      expect(s.logs).toContain(
        "payouts: ceiling 150 XRP a UTC day (--max-daily-payout), 20 XRP a payment (--max-payout)",
      );
      const big = queue(s.db, 25 * XRP);
      const small = queue(s.db, 20 * XRP);
      void s.payouts.runtime!.engine.kick();
      await waitFor(() => payout(s.db, small).status === "paid", {
        what: "the 20 XRP payment to be paid",
        timeout: 8_000,
      });
      expect(payout(s.db, big)).toEqual({
        status: "preflight_refused",
        error: "The amount is above the 20.000000 XRP a single payout may send (--max-payout)",
      });
      expect(s.db.sqlite.query("select count(*) as n from payout_attempts where payout_id = ?").get(big)).toEqual({
        n: 0,
      });
    } finally {
      await s.close();
    }
  }, 15_000);

  test("by default the day's two budgets at start; an admin raising them afterwards does not raise it", async () => {
    const s = await started(undefined, { daily: 8 * XRP, bonus: 4 * XRP });
    try {
      expect(s.logs).toContain(
        "payouts: ceiling 12 XRP a UTC day (the faucet's 8 + the bonuses' 4 daily limits at start; set --max-daily-payout to change it), 1000 XRP a payment (--max-payout)",
      );
      // what a phished admin session could do: raise both budgets on the settings screen
      s.db.sqlite.run("update faucet_settings set daily_limit_drops = ?, bonus_daily_limit_drops = ? where id = 1", [
        100_000 * XRP,
        100_000 * XRP,
      ]);
      queue(s.db, 7 * XRP);
      queue(s.db, 7 * XRP);
      void s.payouts.runtime!.engine.kick();
      const engine = s.payouts.runtime!.engine;
      const paused = await waitFor(() => engine.status().paused, {
        what: "payouts to pause at the ceiling",
        timeout: 8_000,
      });
      expect(paused).toStartWith("the daily payout ceiling of 12 XRP is reached: 7 XRP signed on");
      const statuses = s.db.sqlite.query("select status from payouts order by id").all();
      expect(statuses).toEqual([{ status: expect.stringMatching(/^(in_flight|paid)$/) }, { status: "queued" }]);
    } finally {
      await s.close();
    }
  }, 15_000);
});
