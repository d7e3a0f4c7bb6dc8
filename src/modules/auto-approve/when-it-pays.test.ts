// When auto-approve pays: a low-risk request once its hold is over and not before, never one scored
// above the threshold, and nothing at all while the rule is off (its default).
import { describe, expect, test } from "bun:test";
import type { PayoutBed } from "../../payouts/testing.ts";
import { autoApproveHelpers, MINUTE, open, SETTINGS } from "./auto-approve-fixtures.ts";

let bed: PayoutBed;
const { settings, request, lookup, row, paidTo, approvedSoon, stillPendingAfterRuns } = autoApproveHelpers(() => bed);

describe("auto-approve", () => {
  test("a low-risk request is paid after its hold and not before, approved by 'Auto' with its score", async () => {
    bed = await open();
    await settings({ autoApprove: { enabled: true } });
    const { id, address } = await request();
    expect(row(id).risk_score).toBe(10);

    bed.t.clock.advance(10 * MINUTE - 1_000);
    await stillPendingAfterRuns(id);
    expect(paidTo(address)).toHaveLength(0);

    bed.t.clock.advance(1_000);
    await approvedSoon(id);
    await bed.settle(() => row(id).status === "PROCESSED");
    const payments = paidTo(address);
    expect(payments).toHaveLength(1);
    expect(await lookup(address)).toMatchObject({ status: "PROCESSED", txHash: payments[0]!.hash });
    expect(row(id)).toMatchObject({ processed_by: null, auto_approved: 1 });
    const list = (await bed.t.call("GET", "/api/admin/faucet/requests", { cookie: bed.admin })).json;
    expect(list.find((r: any) => r.id === id)).toMatchObject({
      status: "PROCESSED",
      autoApproved: true,
      processedBy: "Auto",
    });

    const audit = (await bed.t.call("GET", "/api/admin/audit-log", { cookie: bed.admin })).json.entries;
    expect(audit[0]).toMatchObject({
      actorName: "Auto",
      action: "faucet_request.approve",
      targetId: String(id),
      ipAddress: null,
      details: { riskScore: 10 },
    });
  }, 15_000);

  test("a request scored above the threshold stays PENDING for a person", async () => {
    bed = await open();
    await settings({ autoApprove: { enabled: true, maxRiskScore: 20 } });
    const risky = await request({ userAgent: "curl/8.5" });
    const fine = await request();
    expect(row(risky.id).risk_score).toBe(40);
    bed.t.clock.advance(11 * MINUTE);
    await approvedSoon(fine.id);
    await stillPendingAfterRuns(risky.id);
    expect(paidTo(risky.address)).toHaveLength(0);
  }, 15_000);

  test("off by default: an old low-risk request waits for a person", async () => {
    bed = await open();
    expect((await bed.t.call("GET", SETTINGS, { cookie: bed.admin })).json.autoApprove).toEqual({
      enabled: false,
      maxRiskScore: 20,
      holdMinutes: 10,
      maxPerDay: "50",
    });
    const { id } = await request();
    bed.t.clock.advance(60 * MINUTE);
    await stillPendingAfterRuns(id);
  }, 15_000);
});
