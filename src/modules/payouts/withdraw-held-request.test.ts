// A payout held while the engine is paused is withdrawn from /admin: the request waits for a person
// again with its budget given back, and rejecting an approved request withdraws its held payout.
import { afterEach, describe, expect, test } from "bun:test";
import { formatXrp } from "../../shared/money.ts";
import { payoutBed, type PayoutBed } from "../../payouts/testing.ts";
import { heldPayouts } from "./withdraw-testing.ts";

let bed: PayoutBed;
afterEach(async () => {
  await bed?.close();
});
const {
  requestRow,
  payoutOfRequest,
  payoutById,
  payoutsOfRequest,
  dayTotal,
  audited,
  paidTo,
  wallet,
  withdraw,
  decide,
  resume,
} = heldPayouts(() => bed);

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
