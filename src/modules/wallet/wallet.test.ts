// The hot wallet's page: its outgoing payments (GET /api/admin/wallet/payouts, newest first, a page at
// a time, each with its transaction once signed), and pausing payouts (POST /api/admin/wallet/pause:
// no code, it stops money; audited), after which an approval is held until an admin resumes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { payoutBed, type PayoutBed } from "../../payouts/testing.ts";
import { scenarios } from "../../testing/scenario.ts";
import { PAYOUTS_NOT_CONFIGURED } from "../payouts/model.ts";
import { PAYOUTS_PAUSED } from "./model.ts";

let bed: PayoutBed;
beforeAll(async () => {
  bed = await payoutBed();
  // (a budget that holds every request of the test in this hour)
  const raised = await bed.t.call("POST", "/api/admin/faucet/settings", {
    cookie: bed.admin,
    body: { dailyLimit: "10000" },
  });
  expect(raised.status).toBe(200);
});
afterAll(() => bed.close());

const statusOf = (id: number) =>
  bed.t.db.sqlite.query<{ status: string }, [number]>("select status from payouts where faucet_request_id = ?").get(id)
    ?.status;

describe("the wallet's outgoing payments and its pause", () => {
  test("listed newest first with the transaction's hash; paused, the next approval is held until resumed", async () => {
    const first = await bed.approvedRequest();
    await bed.settle(() => statusOf(first.id) === "paid");
    const second = await bed.approvedRequest();
    await bed.settle(() => statusOf(second.id) === "paid");
    const listed = await bed.t.call("GET", "/api/admin/wallet/payouts", { cookie: bed.admin });
    expect(listed.status).toBe(200);
    expect(listed.json).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(listed.json.payouts.map((p: { requestId: number }) => p.requestId)).toEqual([second.id, first.id]);
    expect(listed.json.payouts[1]).toMatchObject({
      kind: "FAUCET_REQUEST",
      destination: first.address,
      amount: (first.amountDrops / 1_000_000).toFixed(6),
      status: "SUCCESS",
      txHash: expect.stringMatching(/^[0-9A-F]{64}$/),
      ledgerIndex: expect.any(Number),
    });
    // past the last page: none; a page of another shape reads as the first
    expect((await bed.t.call("GET", "/api/admin/wallet/payouts?page=2", { cookie: bed.admin })).json.payouts).toEqual(
      [],
    );
    expect((await bed.t.call("GET", "/api/admin/wallet/payouts?page=x", { cookie: bed.admin })).json.page).toBe(1);

    const paused = await bed.t.call("POST", "/api/admin/wallet/pause", { cookie: bed.admin });
    expect([paused.status, paused.json]).toEqual([200, { configured: true, message: PAYOUTS_PAUSED }]);
    const wallet = (await bed.t.call("GET", "/api/admin/wallet", { cookie: bed.admin })).json;
    expect(wallet).toMatchObject({ paused: true, pausedReason: "admin paused them on the wallet page" });
    const held = await bed.approvedRequest();
    await bed.settle(() => false, 2);
    expect(statusOf(held.id)).toBe("queued");
    const audit = bed.t.db.sqlite
      .query("select actor_name, action from audit_log where action like 'payouts.%'")
      .all() as { actor_name: string; action: string }[];
    expect(audit).toEqual([{ actor_name: "admin", action: "payouts.pause" }]);

    expect((await bed.t.call("POST", "/api/admin/wallet/resume", { cookie: bed.admin })).status).toBe(200);
    await bed.settle(() => statusOf(held.id) === "paid");
    expect(statusOf(held.id)).toBe("paid");
  }, 20_000);
});

describe("without a wallet", () =>
  scenarios([
    {
      name: "pausing says payouts are not configured",
      method: "POST",
      url: "/api/admin/wallet/pause",
      as: "admin",
      expectStatus: 200,
      expectJson: { configured: false, message: PAYOUTS_NOT_CONFIGURED },
    },
    {
      name: "the list is empty",
      method: "GET",
      url: "/api/admin/wallet/payouts",
      as: "admin",
      expectStatus: 200,
      expectJson: { payouts: [], total: 0, page: 1, pageSize: 50 },
    },
    {
      name: "a member may not pause: 403",
      method: "POST",
      url: "/api/admin/wallet/pause",
      as: "user",
      expectStatus: 403,
    },
  ]));
