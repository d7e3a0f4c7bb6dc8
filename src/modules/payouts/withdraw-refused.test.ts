// Only a payout not yet signed can be withdrawn: one in flight or paid is refused with 409 and left as
// it was, and an unknown id, a malformed one or a non-admin is refused.
import { afterEach, describe, expect, test } from "bun:test";
import { payoutBed, type PayoutBed } from "../../payouts/testing.ts";
import { heldPayouts } from "./withdraw-testing.ts";

let bed: PayoutBed;
afterEach(async () => {
  await bed?.close();
});
const { requestRow, payoutOfRequest, payoutById, dayTotal, audited, paidTo, withdraw, decide } = heldPayouts(() => bed);

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
