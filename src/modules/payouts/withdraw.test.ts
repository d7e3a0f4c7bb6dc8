// "A pause is a pause": while the payout engine is paused, what an admin approves or pays is held
// (queued, never signed); each held payout can be withdrawn from /admin (nothing was sent: the
// request goes back to a person, the user's amount stays owed), and Resume asks for a fresh code and
// shows what it will send. Payments are counted on the simulated ledger, not in the app's own rows.
import { afterEach, describe, expect, test } from "bun:test";
import { ECDSA, Wallet } from "xrpl";
import { STEP_UP_MS, STEP_UP_REQUIRED } from "../../auth/step-up.ts";
import { totpCode } from "../../auth/totp.ts";
import { formatXrp } from "../../shared/money.ts";
import { payoutBed, type PayoutBed } from "../../payouts/testing.ts";
import { randomAddress, strangerIp } from "../../testing/harness.ts";

let bed: PayoutBed;
afterEach(async () => {
  await bed?.close();
});

const q = <T>(sql: string, ...params: (string | number | null)[]) => bed.t.db.sqlite.query(sql).get(...params) as T;
const requestRow = (id: number) =>
  q<{
    status: string;
    processed_by: number | null;
    processed_at: number | null;
    budget_day: string | null;
    payout_error: string | null;
    auto_approve_skip: string | null;
  }>(
    "select status, processed_by, processed_at, budget_day, payout_error, auto_approve_skip from faucet_requests where id = ?",
    id,
  );
type PayoutRow = { id: number; status: string; sequence: number | null; error: string | null; amount_drops: number };
const payoutOfRequest = (id: number) => q<PayoutRow>("select * from payouts where faucet_request_id = ?", id);
const payoutById = (id: number) => q<PayoutRow>("select * from payouts where id = ?", id);
const payoutsOfRequest = (id: number) =>
  q<{ n: number }>("select count(*) as n from payouts where faucet_request_id = ?", id).n;
const dayTotal = () => q<{ n: number }>("select coalesce(sum(amount_drops), 0) as n from faucet_daily_totals").n;
const audited = (action: string) =>
  bed.t.db.sqlite.query("select target_type, target_id from audit_log where action = ?").all(action) as {
    target_type: string;
    target_id: string;
  }[];
const paidTo = (destination: string) => bed.sim.payments({ destination }).filter((p) => p.result === "tesSUCCESS");
const wallet = async () => (await bed.t.call("GET", "/api/admin/wallet", { cookie: bed.admin })).json;
const withdraw = (payoutId: number | string, cookie = bed.admin) =>
  bed.t.call("POST", `/api/admin/payouts/${payoutId}/withdraw`, { cookie });
const decide = (id: number, body: unknown, cookie = bed.admin) =>
  bed.t.call("POST", `/api/admin/faucet/requests/${id}`, { cookie, body });
const resume = (cookie = bed.admin) => bed.t.call("POST", "/api/admin/wallet/resume", { cookie });

let ip = 0;
async function pendingRequest(address = randomAddress()) {
  ip++;
  const made = await bed.t.call("POST", "/api/faucet/request", {
    body: { address },
    ip: strangerIp(5000 + ip),
    headers: { "user-agent": "Mozilla/5.0" },
  });
  if (made.status !== 201) throw new Error(`faucet request: ${made.status} ${made.text}`);
  return { id: made.json.id as number, address, amountDrops: Math.round(Number(made.json.amount) * 1_000_000) };
}

// A user owed 10 XRP (two approved 5 XRP bonuses) at a fresh address of their own.
async function owedUser(name: string) {
  const user = await bed.t.register(name);
  // a bonus needs an account a day old (bonusMinAccountAgeHours)
  bed.t.clock.advance(24 * 60 * 60 * 1000);
  const address = Wallet.generate(ECDSA.ed25519).classicAddress;
  for (const platform of ["Facebook", "Twitter"]) {
    await bed.t.call("POST", "/api/social/share", { cookie: user.cookie, body: { platform } });
    const claim = await bed.t.call("POST", "/api/social/bonus-request", {
      cookie: user.cookie,
      body: { address, platform },
    });
    expect(claim.status).toBe(201);
    expect(
      (
        await bed.t.call("POST", `/api/admin/claims/${claim.json.id}`, {
          cookie: bed.admin,
          body: { status: "APPROVED" },
        })
      ).status,
    ).toBe(200);
  }
  return { id: user.user.id as number, cookie: user.cookie, address };
}
const owed = async (cookie: string) => (await bed.t.call("GET", "/api/user", { cookie })).json.totalClaimed as string;
const rewardsOf = (userId: number) =>
  bed.t.db.sqlite.query("select status, payout_id from rewards where user_id = ? order by id").all(userId) as {
    status: string;
    payout_id: number | null;
  }[];

describe("a held faucet payout", () => {
  test("is listed on the wallet, withdrawn (the request waits for a person again, its budget given back), approved again on the same payout row, and paid once after Resume", async () => {
    bed = await payoutBed();
    bed.engine.pause("test pause");
    const { id, address, amountDrops } = await bed.approvedRequest();
    // ticks and ledgers while paused sign nothing
    await bed.settle(() => false, 3);
    const held = payoutOfRequest(id);
    expect(held.status).toBe("queued");
    expect(paidTo(address)).toHaveLength(0);

    const before = await wallet();
    expect(before).toMatchObject({
      configured: true,
      paused: true,
      pausedReason: "test pause",
      queued: 1,
      heldCount: 1,
    });
    expect(before.held).toEqual([
      {
        payoutId: held.id,
        kind: "FAUCET_REQUEST",
        requestId: id,
        userId: null,
        destination: address,
        destinationTag: null,
        amount: formatXrp(amountDrops),
        createdAt: expect.any(String),
      },
    ]);
    expect(Number.isNaN(Date.parse(before.held[0].createdAt))).toBe(false);

    const budgetBefore = dayTotal();
    const out = await withdraw(held.id);
    expect(out.status).toBe(200);
    expect(out.json).toMatchObject({ outcome: "withdrawn", message: expect.stringContaining(`request #${id}`) });
    expect(payoutById(held.id).status).toBe("withdrawn");
    // a person decides again: PENDING, nobody's decision, the auto-approve rule leaves it alone
    expect(requestRow(id)).toMatchObject({
      status: "PENDING",
      processed_by: null,
      processed_at: null,
      budget_day: null,
      payout_error: null,
      auto_approve_skip: "withdrawn",
    });
    expect(dayTotal()).toBe(budgetBefore - amountDrops);
    expect(audited("payout.withdraw")).toEqual([{ target_type: "payout", target_id: String(held.id) }]);
    expect(await wallet()).toMatchObject({ queued: 0, heldCount: 0, held: [] });
    // the requests list shows it as waiting, its payout withdrawn
    const listed = (await bed.t.call("GET", "/api/admin/faucet/requests", { cookie: bed.admin })).json;
    const row = listed.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({
      status: "PENDING",
      payoutStatus: "withdrawn",
      processedBy: null,
      leftForPerson: expect.stringMatching(/withdrawn/i),
    });
    // withdrawing again is a repeat click: nothing changes
    const again = await withdraw(held.id);
    expect(again.status).toBe(200);
    expect(again.json.outcome).toBe("unchanged");
    expect(dayTotal()).toBe(budgetBefore - amountDrops);

    // approving it again queues the same payout row (the request has one payout), not a second one
    expect((await decide(id, { action: "APPROVED" })).status).toBe(200);
    expect(payoutsOfRequest(id)).toBe(1);
    expect(payoutById(held.id)).toMatchObject({ status: "queued", sequence: null, error: null });
    expect(requestRow(id)).toMatchObject({ status: "APPROVED", processed_by: expect.any(Number) });
    expect(dayTotal()).toBe(budgetBefore);

    expect((await resume()).status).toBe(200);
    await bed.settle(() => requestRow(id).status === "PROCESSED");
    expect(requestRow(id).status).toBe("PROCESSED");
    expect(payoutById(held.id).status).toBe("paid");
    const payments = paidTo(address);
    expect(payments).toHaveLength(1);
    expect(Number(payments[0]!.deliveredDrops)).toBe(amountDrops);
    // more ledgers send nothing more
    await bed.settle(() => false, 3);
    expect(paidTo(address)).toHaveLength(1);
  });

  test("rejecting an approved request whose payout is held withdraws it: REJECTED, its budget given back, nothing paid after Resume", async () => {
    bed = await payoutBed();
    bed.engine.pause("test pause");
    const { id, address, amountDrops } = await bed.approvedRequest();
    const held = payoutOfRequest(id);
    expect(held.status).toBe("queued");
    const budgetBefore = dayTotal();
    const rejected = await decide(id, { action: "REJECTED", reason: "Suspected bot or abuse" });
    expect(rejected.status).toBe(200);
    expect(requestRow(id)).toMatchObject({ status: "REJECTED", budget_day: null });
    expect(payoutById(held.id).status).toBe("withdrawn");
    expect(dayTotal()).toBe(budgetBefore - amountDrops);
    expect((await wallet()).heldCount).toBe(0);
    // rejected is final: approving it is refused
    expect((await decide(id, { action: "APPROVED" })).status).toBe(409);
    expect((await resume()).status).toBe(200);
    await bed.settle(() => false, 5);
    expect(paidTo(address)).toHaveLength(0);
    expect(payoutById(held.id).status).toBe("withdrawn");
    expect(requestRow(id).status).toBe("REJECTED");
  });
});

describe("a held user payment", () => {
  test("withdrawn: the owed balance is unchanged and its rewards are unpaid again; a new Pay makes a new payout, paid once after Resume", async () => {
    bed = await payoutBed();
    const user = await owedUser("held-earner");
    expect(await owed(user.cookie)).toBe("10.000000");
    bed.engine.pause("test pause");
    const pay = await bed.t.call("POST", `/api/admin/pay/${user.id}`, { cookie: bed.admin });
    expect(pay.status).toBe(202);
    const payoutId = pay.json.payout.id as number;
    await bed.settle(() => false, 3);
    expect(payoutById(payoutId).status).toBe("queued");
    expect(rewardsOf(user.id)).toEqual([
      { status: "APPROVED", payout_id: payoutId },
      { status: "APPROVED", payout_id: payoutId },
    ]);
    expect((await wallet()).held).toEqual([
      {
        payoutId,
        kind: "USER_PAYMENT",
        requestId: null,
        userId: user.id,
        destination: user.address,
        destinationTag: null,
        amount: "10.000000",
        createdAt: expect.any(String),
      },
    ]);

    const out = await withdraw(payoutId);
    expect(out.status).toBe(200);
    expect(out.json.outcome).toBe("withdrawn");
    expect(payoutById(payoutId).status).toBe("withdrawn");
    expect(await owed(user.cookie)).toBe("10.000000");
    expect(rewardsOf(user.id)).toEqual([
      { status: "APPROVED", payout_id: null },
      { status: "APPROVED", payout_id: null },
    ]);
    // the back office shows it in the user's payments as withdrawn, nothing sent
    const file = (await bed.t.call("GET", "/api/admin/users", { cookie: bed.admin })).json.payoutHistory;
    expect(file).toEqual([expect.objectContaining({ id: payoutId, status: "WITHDRAWN", state: "withdrawn" })]);

    // a new Pay is a new payout ('withdrawn' is not open)
    const payAgain = await bed.t.call("POST", `/api/admin/pay/${user.id}`, { cookie: bed.admin });
    expect(payAgain.status).toBe(202);
    const second = payAgain.json.payout.id as number;
    expect(second).not.toBe(payoutId);
    expect((await resume()).status).toBe(200);
    await bed.settle(() => payoutById(second).status === "paid");
    expect(payoutById(second).status).toBe("paid");
    expect(payoutById(payoutId).status).toBe("withdrawn");
    const payments = paidTo(user.address);
    expect(payments).toHaveLength(1);
    expect(Number(payments[0]!.deliveredDrops)).toBe(10_000_000);
    expect(await owed(user.cookie)).toBe("0.000000");
  });
});

describe("only a payout not yet signed is withdrawn", () => {
  test("an in-flight payout and a paid one are refused with 409, nothing changed", async () => {
    bed = await payoutBed();
    const { id, address } = await bed.approvedRequest();
    // signed and sent, no ledger closed yet: in flight
    await bed.settle(() => payoutOfRequest(id).status !== "queued", 5);
    const payout = payoutOfRequest(id);
    expect(payout.status).toBe("in_flight");
    const budget = dayTotal();
    const inFlight = await withdraw(payout.id);
    expect(inFlight.status).toBe(409);
    expect(inFlight.json.message).toMatch(/already signed/);
    expect(payoutById(payout.id).status).toBe("in_flight");
    expect(requestRow(id).status).toBe("APPROVED");
    expect(dayTotal()).toBe(budget);
    // nor can the request be rejected now
    const reject = await decide(id, { action: "REJECTED" });
    expect(reject.status).toBe(409);
    expect(requestRow(id).status).toBe("APPROVED");

    await bed.settle(() => requestRow(id).status === "PROCESSED");
    expect(payoutById(payout.id).status).toBe("paid");
    const paid = await withdraw(payout.id);
    expect(paid.status).toBe(409);
    expect(paid.json.message).toMatch(/already paid/);
    expect(payoutById(payout.id).status).toBe("paid");
    expect(requestRow(id).status).toBe("PROCESSED");
    expect(paidTo(address)).toHaveLength(1);
    expect(audited("payout.withdraw")).toEqual([]);
  });

  test("an unknown or malformed payout id, and a non-admin", async () => {
    bed = await payoutBed();
    expect((await withdraw(999_999)).status).toBe(404);
    expect((await withdraw("abc")).status).toBe(400);
    const member = await bed.t.register("not-an-admin");
    bed.engine.pause("test pause");
    const { id } = await bed.approvedRequest();
    expect((await withdraw(payoutOfRequest(id).id, member.cookie)).status).toBe(403);
    expect((await bed.t.call("POST", `/api/admin/payouts/${payoutOfRequest(id).id}/withdraw`)).status).toBe(401);
    expect(payoutOfRequest(id).status).toBe("queued");
  });
});

describe("Resume asks for a fresh code", () => {
  test("an admin with two-factor sign-in and no fresh code is refused as approving is; withdrawing needs none; with a code Resume goes through", async () => {
    bed = await payoutBed();
    // (room in this hour's budget for three requests)
    expect(
      (await bed.t.call("POST", "/api/admin/faucet/settings", { cookie: bed.admin, body: { dailyLimit: "10000" } }))
        .status,
    ).toBe(200);
    bed.engine.pause("test pause");
    const first = await bed.approvedRequest();
    const second = await bed.approvedRequest();
    // the admin turns on two-factor sign-in; five minutes later their session has no fresh code
    const setup = await bed.t.call("POST", "/api/user/two-factor/setup", {
      cookie: bed.admin,
      body: { password: "correct horse battery" },
    });
    expect(setup.status).toBe(200);
    const secret = setup.json.secret as string;
    expect(
      (
        await bed.t.call("POST", "/api/user/two-factor/enable", {
          cookie: bed.admin,
          body: { code: totpCode(secret, bed.t.clock()) },
        })
      ).status,
    ).toBe(200);
    bed.t.clock.advance(STEP_UP_MS + 1);

    const refused = (res: { status: number; headers: Headers; json: any }) => ({
      status: res.status,
      code: res.headers.get("x-error-code"),
      message: res.json?.message,
    });
    const another = await pendingRequest();
    const approve = refused(await decide(another.id, { action: "APPROVED" }));
    expect(approve).toEqual({ status: 403, code: "STEP_UP_REQUIRED", message: STEP_UP_REQUIRED });
    expect(refused(await resume())).toEqual(approve);
    expect(bed.engine.status().paused).toBe("test pause");
    expect(audited("payouts.resume")).toEqual([]);

    // withdrawing stops money: no code
    expect((await withdraw(payoutOfRequest(second.id).id)).status).toBe(200);
    expect(requestRow(second.id).status).toBe("PENDING");

    bed.t.clock.advance(30_000);
    expect(
      (
        await bed.t.call("POST", "/api/user/step-up", {
          cookie: bed.admin,
          body: { code: totpCode(secret, bed.t.clock()) },
        })
      ).status,
    ).toBe(200);
    const resumed = await resume();
    expect(resumed.status).toBe(200);
    expect(bed.engine.status().paused).toBeNull();
    expect(audited("payouts.resume")).toHaveLength(1);
    await bed.settle(() => requestRow(first.id).status === "PROCESSED");
    expect(paidTo(first.address)).toHaveLength(1);
    expect(paidTo(second.address)).toHaveLength(0);
  });
});
