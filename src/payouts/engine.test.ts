// The payout engine against the ledger simulator over a real socket, with the real xrpl client.
// Payments are counted on the simulated ledger, not in the app's own rows.
import { afterEach, describe, expect, test } from "bun:test";
import { ECDSA, Wallet } from "xrpl";
import { randomAddress } from "../testing/harness.ts";
import { SimulatedCrash, type EngineStep } from "./engine.ts";
import { payoutBed, type PayoutBed } from "./testing.ts";

let bed: PayoutBed;
afterEach(async () => {
  await bed?.close();
});

const requestRow = (id: number) =>
  bed.t.db.sqlite.query("select status, tx_hash, payout_error from faucet_requests where id = ?").get(id) as any;
const payoutRow = (faucetRequestId: number) =>
  bed.t.db.sqlite.query("select * from payouts where faucet_request_id = ?").get(faucetRequestId) as any;
const paidTo = (destination: string) => bed.sim.payments({ destination }).filter((p) => p.result === "tesSUCCESS");

describe("happy paths", () => {
  test("an approved faucet request is paid once and becomes PROCESSED with the ledger's hash", async () => {
    bed = await payoutBed();
    const { id, address, amountDrops } = await bed.approvedRequest();
    await bed.settle(() => requestRow(id).status === "PROCESSED");
    const row = requestRow(id);
    expect(row.status).toBe("PROCESSED");
    const payments = paidTo(address);
    expect(payments).toHaveLength(1);
    expect(payments[0]!.hash).toBe(row.tx_hash);
    expect(Number(payments[0]!.deliveredDrops)).toBe(amountDrops);
    const stats = await bed.t.call("GET", "/api/stats/payouts");
    expect(stats.json.totalPayouts).toBeGreaterThanOrEqual(0);
  });

  test("paying a user sends the whole owed balance once; rewards become PAID and the balance 0", async () => {
    bed = await payoutBed();
    const user = await bed.t.register("earner");
    // a bonus needs an account a day old (bonusMinAccountAgeHours)
    bed.t.clock.advance(24 * 60 * 60 * 1000);
    const address = Wallet.generate(ECDSA.ed25519).classicAddress;
    for (const platform of ["Facebook", "Twitter"]) {
      await bed.t.call("POST", "/api/social/share", { cookie: user.cookie, body: { platform } });
      const c = await bed.t.call("POST", "/api/social/bonus-request", {
        cookie: user.cookie,
        body: { address, platform },
      });
      await bed.t.call("POST", `/api/admin/claims/${c.json.id}`, { cookie: bed.admin, body: { status: "APPROVED" } });
    }
    const pay = await bed.t.call("POST", `/api/admin/pay/${user.user.id}`, { cookie: bed.admin });
    expect(pay.status).toBe(202);
    await bed.settle(
      () =>
        (bed.t.db.sqlite.query("select status from payouts where user_id = ?").get(user.user.id) as any)?.status ===
        "paid",
    );
    const payments = paidTo(address);
    expect(payments).toHaveLength(1);
    expect(Number(payments[0]!.deliveredDrops)).toBe(10_000_000);
    const me = (await bed.t.call("GET", "/api/user", { cookie: user.cookie })).json;
    expect(me.totalClaimed).toBe("0.000000");
    const rewards = (await bed.t.call("GET", "/api/user/rewards-history", { cookie: user.cookie })).json;
    expect(rewards.map((r: any) => [r.status, r.txHash])).toEqual([
      ["PAID", payments[0]!.hash],
      ["PAID", payments[0]!.hash],
    ]);
    const history = (await bed.t.call("GET", "/api/admin/users", { cookie: bed.admin })).json.payoutHistory;
    expect(history).toEqual([
      expect.objectContaining({ status: "SUCCESS", amount: "10.000000", txHash: payments[0]!.hash }),
    ]);
    expect((await bed.t.call("GET", "/api/stats/payouts")).json.totalPayouts).toBeGreaterThanOrEqual(0);
  });
});

describe("double clicks", () => {
  test("50 concurrent approvals of one request: one payment", async () => {
    bed = await payoutBed();
    const address = randomAddress();
    const made = await bed.t.call("POST", "/api/faucet/request", { body: { address } });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        bed.t.call("POST", `/api/admin/faucet/requests/${made.json.id}`, {
          cookie: bed.admin,
          body: { action: "APPROVED" },
        }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await bed.settle(() => requestRow(made.json.id).status === "PROCESSED");
    expect(paidTo(address)).toHaveLength(1);
    expect((bed.t.db.sqlite.query("select count(*) as n from payouts").get() as any).n).toBe(1);
  });

  test("50 concurrent pay clicks for one user: one payment", async () => {
    bed = await payoutBed();
    const user = await bed.t.register("clicker");
    // a bonus needs an account a day old (bonusMinAccountAgeHours)
    bed.t.clock.advance(24 * 60 * 60 * 1000);
    const address = Wallet.generate(ECDSA.ed25519).classicAddress;
    await bed.t.call("POST", "/api/social/share", { cookie: user.cookie, body: { platform: "Twitter" } });
    const c = await bed.t.call("POST", "/api/social/bonus-request", {
      cookie: user.cookie,
      body: { address, platform: "Twitter" },
    });
    await bed.t.call("POST", `/api/admin/claims/${c.json.id}`, { cookie: bed.admin, body: { status: "APPROVED" } });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => bed.t.call("POST", `/api/admin/pay/${user.user.id}`, { cookie: bed.admin })),
    );
    expect(answers.every((a) => a.status === 202 || a.status === 200)).toBe(true);
    await bed.settle(
      () =>
        (bed.t.db.sqlite.query("select status from payouts where user_id = ?").get(user.user.id) as any)?.status ===
        "paid",
    );
    expect(paidTo(address)).toHaveLength(1);
    // once paid, nothing is owed: another click is refused
    const again = await bed.t.call("POST", `/api/admin/pay/${user.user.id}`, { cookie: bed.admin });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe("Nothing is owed to this user");
  });
});

describe("preflight refuses, burning no fee", () => {
  const cases: {
    name: string;
    prepare: (bed: PayoutBed, address: string) => void;
    message: RegExp;
    amountXrp?: string;
  }[] = [
    {
      name: "an unfunded destination below the reserve",
      prepare: () => {},
      message: /does not exist yet/,
      amountXrp: "0.5",
    },
    {
      name: "a destination that requires a tag",
      prepare: (b, a) => (
        b.sim.fund(a, 20_000_000), b.sim.closeLedger(), b.sim.setAccountFlags(a, { requireDestTag: true })
      ),
      message: /requires a destination tag/,
    },
    {
      name: "a destination with DepositAuth",
      prepare: (b, a) => (
        b.sim.fund(a, 20_000_000), b.sim.closeLedger(), b.sim.setAccountFlags(a, { depositAuth: true })
      ),
      message: /DepositAuth/,
    },
    {
      name: "a destination with DisallowXRP",
      prepare: (b, a) => (
        b.sim.fund(a, 20_000_000), b.sim.closeLedger(), b.sim.setAccountFlags(a, { disallowXRP: true })
      ),
      message: /DisallowXRP/,
    },
  ];
  test.each(cases)("$name", async ({ prepare, message, amountXrp }) => {
    bed = await payoutBed();
    if (amountXrp) {
      await bed.t.call("POST", "/api/admin/faucet/settings", {
        cookie: bed.admin,
        body: { dailyLimit: "100", minAmount: amountXrp, maxAmount: amountXrp },
      });
    }
    const address = randomAddress();
    prepare(bed, address);
    const before = bed.sim.account(bed.wallet.classicAddress)!.balanceDrops;
    const { id } = await bed.approvedRequest(address);
    await bed.settle(() => payoutRow(id)?.status === "preflight_refused", 5);
    expect(payoutRow(id).status).toBe("preflight_refused");
    expect(requestRow(id)).toMatchObject({ status: "APPROVED", payout_error: expect.stringMatching(message) });
    expect(bed.sim.account(bed.wallet.classicAddress)!.balanceDrops).toBe(before);
    expect(bed.sim.payments({ account: bed.wallet.classicAddress })).toHaveLength(0);
  });

  test("an empty hot wallet: refused with its message, payouts paused, nothing burnt", async () => {
    bed = await payoutBed({ fundDrops: 1_050_000 });
    const { id } = await bed.approvedRequest();
    await bed.settle(() => payoutRow(id)?.status === "preflight_refused", 5);
    expect(requestRow(id).payout_error).toMatch(/The hot wallet has .* XRP to spend/);
    expect(bed.engine.status().paused).toMatch(/hot wallet balance too low/);
    expect(bed.sim.payments({ account: bed.wallet.classicAddress })).toHaveLength(0);
    const wallet = (await bed.t.call("GET", "/api/admin/wallet", { cookie: bed.admin })).json;
    expect(wallet).toMatchObject({ configured: true, sandbox: true, paused: true });
  });
});

describe("the crash matrix: kill the engine at every step, under every fault, and restart", () => {
  const steps: EngineStep[] = ["preflighted", "written", "submitted", "validated"];
  // Each fault's one right outcome: paid exactly once, or needs attention with its reason (and
  // never a second payment). No fault here ends in "failed and owed again".
  const PAID = { status: "paid", error: null, payments: 1 } as const;
  const faults: {
    name: string;
    inject: (bed: PayoutBed) => void;
    expected: { status: string; error: RegExp | null; payments: number };
  }[] = [
    { name: "no fault", inject: () => {}, expected: PAID },
    { name: "submit applied but no reply", inject: (b) => b.sim.faults.submitNoReply(1), expected: PAID },
    { name: "socket closed before apply", inject: (b) => b.sim.faults.dropSocketBeforeApply(1), expected: PAID },
    { name: "socket closed after apply", inject: (b) => b.sim.faults.dropSocketAfterApply(1), expected: PAID },
    { name: "tooBusy on submit", inject: (b) => b.sim.faults.rpcError("submit", "tooBusy", 2), expected: PAID },
    { name: "a lying provisional result", inject: (b) => b.sim.faults.lyingProvisional(1), expected: PAID },
    { name: "a swallowed transaction", inject: (b) => b.sim.faults.swallow(1), expected: PAID },
    { name: "incomplete history", inject: (b) => b.sim.faults.incompleteHistory(3), expected: PAID },
    { name: "a fee spike", inject: (b) => b.sim.faults.feeSpike(3), expected: PAID },
    { name: "latency", inject: (b) => b.sim.faults.latency(20), expected: PAID },
    { name: "a full queue (busy server)", inject: (b) => b.sim.faults.busy(true, 1), expected: PAID },
    { name: "dropped connections", inject: (b) => b.sim.faults.dropConnections(), expected: PAID },
    // The payment went through, but no server holds the ledgers that would prove it either way.
    {
      name: "a gap in history",
      inject: (b) => b.sim.faults.historyGap(1, 10_000),
      expected: {
        status: "needs_attention",
        error: /cannot prove the payment is absent \(incomplete history\)/,
        payments: 1,
      },
    },
  ];
  for (const fault of faults) {
    test.each(steps)(
      `${fault.name}, killed after '%s': ${fault.expected.status === "paid" ? "paid exactly once" : "needs attention, never paid twice"}`,
      async (crashAt) => {
        let crashed = false;
        bed = await payoutBed({
          timeoutMs: 300,
          step: (name) => {
            if (name === crashAt && !crashed) {
              crashed = true;
              throw new SimulatedCrash(name);
            }
          },
        });
        fault.inject(bed);
        const { id, address } = await bed.approvedRequest();
        // the first engine dies at the step; a new one (same database, lease expired) takes over
        for (let i = 0; i < 6 && !crashed; i++) {
          await bed.engine.tick().catch(() => {});
          bed.sim.closeLedger();
        }
        await bed.restartEngine();
        await bed.settle(() => ["paid", "needs_attention"].includes(payoutRow(id)?.status), 60);
        const { status, error } = payoutRow(id);
        expect(status).toBe(fault.expected.status);
        if (fault.expected.error) expect(error).toMatch(fault.expected.error);
        else expect(error).toBeNull();
        expect(paidTo(address)).toHaveLength(fault.expected.payments);
        expect(requestRow(id).status).toBe(status === "paid" ? "PROCESSED" : "APPROVED");
        if (status === "needs_attention") expect(bed.engine.status().paused).toMatch(/needs attention/);
      },
      30_000,
    );
  }

  test("another transaction taking our Sequence: once its window passed, the payout waits in the queue again and is paid once with a new Sequence; the other is listed", async () => {
    let crashed = false;
    bed = await payoutBed({
      step: (name) => {
        if (name === "written" && !crashed) {
          crashed = true;
          throw new SimulatedCrash(name);
        }
      },
    });
    const { id, address } = await bed.approvedRequest();
    for (let i = 0; i < 3 && !crashed; i++) await bed.engine.tick().catch(() => {});
    // while the engine is down its signed attempt never left; someone else uses the Sequence
    bed.sim.faults.takeSequence(bed.wallet.classicAddress);
    bed.sim.closeLedger();
    await bed.restartEngine();
    await bed.settle(() => ["paid", "needs_attention"].includes(payoutRow(id)?.status), 60);
    expect(payoutRow(id).status).toBe("paid");
    expect(bed.engine.status().paused).toBeNull();
    expect(paidTo(address)).toHaveLength(1);
    const sequences = bed.t.db.sqlite
      .query("select distinct sequence from payout_attempts where payout_id = ?")
      .all(payoutRow(id).id as number);
    expect(sequences).toHaveLength(2);
    expect(bed.t.db.sqlite.query("select origin from wallet_ledger_payments").all()).toEqual([{ origin: "outside" }]);
    expect(bed.logs.join("\n")).toContain("was taken by a transaction this faucet did not sign");
  }, 30_000);

  test("a server that lies with searched_all: true about a validated payment never causes a second payment: the wallet's history shows it paid", async () => {
    bed = await payoutBed();
    const { id, address } = await bed.approvedRequest();
    await bed.engine.tick();
    bed.sim.closeLedger();
    bed.sim.faults.lieNotFound(1000);
    for (let i = 0; i < 30; i++) bed.sim.closeLedger();
    await bed.restartEngine();
    await bed.settle(() => payoutRow(id)?.status === "paid", 10);
    expect(paidTo(address)).toHaveLength(1);
    // its Sequence looked taken by another, so the history was read before anything else: it shows the payment
    expect(payoutRow(id)).toMatchObject({ status: "paid" });
    expect(bed.engine.status().paused).toBeNull();
  }, 30_000);
});
