// Which moves an admin may make on a faucet request, with a wallet configured.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { randomAddress, strangerIp } from "../../testing/harness.ts";
import { payoutBed, type PayoutBed } from "../../payouts/testing.ts";

let bed: PayoutBed;
beforeAll(async () => {
  bed = await payoutBed();
});
afterAll(async () => {
  await bed.close();
});

let ip = 10;
async function pending() {
  ip++;
  return (await bed.t.call("POST", "/api/faucet/request", { body: { address: randomAddress() }, ip: strangerIp(ip) }))
    .json.id as number;
}
const act = (id: number | string, body: unknown) =>
  bed.t.call("POST", `/api/admin/faucet/requests/${id}`, { cookie: bed.admin, body });
const payoutStatus = (id: number) =>
  (bed.t.db.sqlite.query("select status from payouts where faucet_request_id = ?").get(id) as { status: string } | null)
    ?.status;
// Between the first move and the second: the approved request's payout signed (in flight), or held
// (payouts paused: not yet signed).
const signed = async (id: number) => {
  await bed.settle(() => payoutStatus(id) !== "queued", 5);
  expect(payoutStatus(id)).toBe("in_flight");
};
const paused = async () => {
  bed.engine.pause("test pause");
};

test.each<{
  name: string;
  first: { action: string } | null;
  body: unknown;
  status: number;
  before?: () => Promise<void>;
  between?: (id: number) => Promise<void>;
}>([
  { name: "PENDING -> APPROVED", first: null, body: { action: "APPROVED" }, status: 200 },
  {
    name: "PENDING -> REJECTED",
    first: null,
    body: { action: "REJECTED", reason: "Promotional request rejected" },
    status: 200,
  },
  {
    name: "APPROVED -> APPROVED again (a repeat click)",
    first: { action: "APPROVED" },
    body: { action: "APPROVED" },
    status: 200,
  },
  {
    name: "APPROVED (payout signed) -> REJECTED",
    first: { action: "APPROVED" },
    between: signed,
    body: { action: "REJECTED" },
    status: 409,
  },
  // not yet signed: withdrawn with the rejection (nothing was sent)
  {
    name: "APPROVED (payout held, payouts paused) -> REJECTED",
    first: { action: "APPROVED" },
    before: paused,
    body: { action: "REJECTED" },
    status: 200,
  },
  { name: "REJECTED -> APPROVED", first: { action: "REJECTED" }, body: { action: "APPROVED" }, status: 409 },
  { name: "REJECTED -> REJECTED again", first: { action: "REJECTED" }, body: { action: "REJECTED" }, status: 200 },
  { name: "an unknown action", first: null, body: { action: "PAID" }, status: 400 },
  { name: "no action", first: null, body: {}, status: 400 },
])("$name -> $status", async ({ first, body, status, before, between }) => {
  const id = await pending();
  await before?.();
  if (first) expect((await act(id, first)).status).toBe(200);
  await between?.(id);
  const res = await act(id, body);
  if (before === paused) {
    expect(payoutStatus(id)).toBe("withdrawn");
    bed.engine.resume();
  }
  expect(res.status).toBe(status);
  expect(typeof res.json.message).toBe("string");
  expect(
    (bed.t.db.sqlite.query("select count(*) as n from payouts where faucet_request_id = ?").get(id) as { n: number }).n,
  ).toBeLessThanOrEqual(1);
});

test("an unknown or malformed id", async () => {
  expect((await act(999_999, { action: "APPROVED" })).status).toBe(404);
  expect((await act("abc", { action: "APPROVED" })).status).toBe(400);
});

describe("the day's budget follows the admin's decision", () => {
  const dayTotal = () =>
    (
      bed.t.db.sqlite.query("select coalesce(sum(amount_drops), 0) as n from faucet_daily_totals").get() as {
        n: number;
      }
    ).n;
  const row = (id: number) =>
    bed.t.db.sqlite.query("select amount_drops, risk_score, budget_day from faucet_requests where id = ?").get(id) as {
      amount_drops: number;
      risk_score: number;
      budget_day: string | null;
    };
  const budget = (dailyLimit: string, amount?: string) =>
    bed.t.call("POST", "/api/admin/faucet/settings", {
      cookie: bed.admin,
      body: { dailyLimit, minAmount: amount ?? "5", maxAmount: amount ?? "20" },
    });
  beforeEach(() => budget("10000"));
  // A scripted agent without a device cookie from an IP that already asked for another address: high-risk.
  async function flagged(ipSuffix: number) {
    const ipAddress = `100.${64 + ipSuffix}.7.1`;
    for (let i = 0; i < 2; i++) {
      const made = await bed.t.call("POST", "/api/faucet/request", {
        body: { address: randomAddress() },
        ip: ipAddress,
        headers: { "user-agent": "curl/8.5" },
      });
      if (i === 1) {
        expect(made.status).toBe(201);
        expect(row(made.json.id).risk_score).toBeGreaterThanOrEqual(50);
        return made.json.id as number;
      }
    }
    throw new Error("unreachable");
  }

  test("approving a high-risk request takes its amount from today's budget", async () => {
    const id = await flagged(1);
    const before = dayTotal();
    expect(row(id).budget_day).toBeNull();
    expect((await act(id, { action: "APPROVED" })).status).toBe(200);
    expect(dayTotal()).toBe(before + row(id).amount_drops);
    expect(row(id).budget_day).not.toBeNull();
  });

  test("approving a high-risk request that today's budget cannot cover is refused with what is left", async () => {
    const id = await flagged(2);
    const used = dayTotal();
    expect((await budget(((used + row(id).amount_drops - 1) / 1_000_000).toFixed(6), "1")).status).toBe(200);
    const res = await act(id, { action: "APPROVED" });
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/would pass today's budget \(\d+\.\d{6} XRP left\)/);
    expect(dayTotal()).toBe(used);
    expect(
      (bed.t.db.sqlite.query("select status from faucet_requests where id = ?").get(id) as { status: string }).status,
    ).toBe("PENDING");
  });

  test("an admin may approve a flagged request past this hour's slice: a person decided, the day's total holds", async () => {
    const id = await flagged(3);
    const used = dayTotal();
    // the slice released by now is used up; the day's total still covers the request
    expect((await budget(((used + row(id).amount_drops + 1_000_000) / 1_000_000).toFixed(6), "1")).status).toBe(200);
    for (let i = 0; i < 50 && (await bed.t.call("GET", "/api/faucet/status")).json.isActive; i++) await pending();
    expect((await bed.t.call("GET", "/api/faucet/status")).json.offlineReason).toMatch(/this hour's XRP/);
    expect((await act(id, { action: "APPROVED" })).status).toBe(200);
    expect(row(id).budget_day).not.toBeNull();
  });

  test("rejecting a request whose payout failed for good gives its amount back to the budget", async () => {
    const address = randomAddress();
    bed.sim.fund(address, 20_000_000);
    bed.sim.closeLedger();
    bed.sim.setAccountFlags(address, { depositAuth: true });
    const { id, amountDrops } = await bed.approvedRequest(address);
    await bed.settle(
      () =>
        (bed.t.db.sqlite.query("select status from payouts where faucet_request_id = ?").get(id) as { status: string })
          .status === "preflight_refused",
      5,
    );
    const before = dayTotal();
    expect((await act(id, { action: "REJECTED" })).status).toBe(200);
    expect(dayTotal()).toBe(before - amountDrops);
    expect(row(id).budget_day).toBeNull();
  });
});
