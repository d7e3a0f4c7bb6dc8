// The auto-approve rule end to end on the sandbox ledger: the app's fake clock moves through the
// hold, the rule runs on its real timer (every 20 ms here), the engine pays on the simulated ledger.
import { afterEach, describe, expect, test } from "bun:test";
import { payoutBed, type PayoutBed } from "../../payouts/testing.ts";
import { randomAddress, strangerIp } from "../../testing/harness.ts";
import { waitFor } from "../../testing/wait.ts";

const SETTINGS = "/api/admin/faucet/settings";
const MINUTE = 60_000;
// The rule's timer runs every 20 ms: 200 ms without a change is ten runs that changed nothing.
const TEN_RUNS_MS = 200;

let bed: PayoutBed;
afterEach(async () => {
  await bed?.close();
});

const open = () => payoutBed({ autoApproveEveryMs: 20 });

async function settings(body: unknown) {
  const res = await bed.t.call("POST", SETTINGS, { cookie: bed.admin, body });
  expect(res.status).toBe(200);
  return res.json;
}

// A visitor's faucet request from its own network with a browser's user agent: score 10 (a first
// visit from this device). `userAgent` "curl/8.5" adds 30.
let visitors = 0;
async function request({ ip = strangerIp(++visitors), userAgent = "Mozilla/5.0 (X11; Linux x86_64)" } = {}) {
  const address = randomAddress();
  const res = await bed.t.call("POST", "/api/faucet/request", {
    body: { address },
    ip,
    headers: { "user-agent": userAgent },
  });
  expect(res.status).toBe(201);
  return { id: res.json.id as number, address };
}

// What anyone looking the address up sees.
const lookup = async (address: string) => (await bed.t.call("GET", `/api/faucet/requests?address=${address}`)).json[0];
const row = (id: number) =>
  bed.t.db.sqlite
    .query(
      "select status, risk_score, processed_by, auto_approved, budget_day, auto_approve_skip from faucet_requests where id = ?",
    )
    .get(id) as any;
const paidTo = (address: string) => bed.sim.payments({ destination: address }).filter((p) => p.result === "tesSUCCESS");
const approvedSoon = (id: number) =>
  waitFor(() => row(id).status === "APPROVED", { what: `request ${id} auto-approved` });

async function stillPendingAfterRuns(...ids: number[]) {
  await Bun.sleep(TEN_RUNS_MS); // to show that nothing happens: ten runs of the rule
  for (const id of ids) expect(row(id).status).toBe("PENDING");
}

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

  test("/24s rotating inside one /16 during the hold raise the first ones too: none is paid", async () => {
    bed = await open();
    await settings({ dailyLimit: "1000", autoApprove: { enabled: true, maxPerDay: "1000" } });
    const farm = [];
    for (let i = 1; i <= 5; i++) {
      farm.push(await request({ ip: `198.18.${i}.9` }));
      bed.t.clock.advance(MINUTE);
    }
    expect(row(farm[0]!.id).risk_score).toBeGreaterThanOrEqual(50); // came in at 10, raised by the others
    bed.t.clock.advance(10 * MINUTE);
    await stillPendingAfterRuns(...farm.map((f) => f.id));
    expect(farm.flatMap((f) => paidTo(f.address))).toHaveLength(0);
  }, 15_000);

  test("at most one auto-approval a day per /48, however many /64s it rotates", async () => {
    bed = await open();
    await settings({ autoApprove: { enabled: true, maxRiskScore: 100, maxPerDay: "1000" } });
    const first = await request({ ip: "2001:db8:4:1::1" });
    bed.t.clock.advance(11 * MINUTE);
    await approvedSoon(first.id);
    const second = await request({ ip: "2001:db8:4:2::1" });
    const elsewhere = await request({ ip: "2001:db8:5:1::1" });
    bed.t.clock.advance(11 * MINUTE);
    await approvedSoon(elsewhere.id);
    await stillPendingAfterRuns(second.id);
    // left for a person, it gives its budget back at once and the rule does not pay it later
    expect(row(second.id)).toMatchObject({ budget_day: null, auto_approve_skip: "network_paid_today" });
    // the next UTC day, the /48 may have one again
    bed.t.clock.advance(24 * 60 * MINUTE);
    const nextDay = await request({ ip: "2001:db8:4:3::1" });
    bed.t.clock.advance(11 * MINUTE);
    await approvedSoon(nextDay.id);
    expect(row(second.id).status).toBe("PENDING");
  }, 15_000);

  test("one request a day from a provider's /16 is paid without a person; the next from another /24 of it waits", async () => {
    bed = await open();
    await settings({ dailyLimit: "1000", autoApprove: { enabled: true, maxPerDay: "1000" } });
    const first = await request({ ip: "198.19.1.9" });
    bed.t.clock.advance(11 * MINUTE);
    await approvedSoon(first.id);
    bed.t.clock.advance(2 * 60 * MINUTE);
    const second = await request({ ip: "198.19.2.9" });
    expect(row(second.id).risk_score).toBeGreaterThanOrEqual(20);
    bed.t.clock.advance(11 * MINUTE);
    await stillPendingAfterRuns(second.id);
  }, 15_000);

  test("the day's cap is released an hour at a time: at 00:30 only the first slice may be auto-approved", async () => {
    bed = await open();
    bed.t.clock.set(Date.UTC(2026, 0, 16, 0, 30));
    // 20 XRP a request; the rule may give 240 a day: 10 an hour, at least one request's 20 in the first
    await settings({
      dailyLimit: "1000",
      minAmount: "20",
      maxAmount: "20",
      autoApprove: { enabled: true, holdMinutes: 0, maxPerDay: "240" },
    });
    const first = await request();
    await approvedSoon(first.id);
    const second = await request();
    await stillPendingAfterRuns(second.id);
    // skipped for the cap, it gives its budget back at once and waits for a person
    expect(row(second.id)).toMatchObject({ budget_day: null, auto_approve_skip: "over_daily_cap" });
    bed.t.clock.set(Date.UTC(2026, 0, 16, 3, 0)); // 4 slices: 40 XRP
    const later = await request();
    await approvedSoon(later.id);
    expect(row(second.id).status).toBe("PENDING");
    const budget = (await bed.t.call("GET", "/api/admin/faucet/budget", { cookie: bed.admin })).json;
    expect(budget.autoApprove).toMatchObject({
      total: "240.000000",
      slice: "10.000000",
      released: "40.000000",
      used: "40.000000",
      left: "0.000000",
    });
  }, 15_000);

  test("a request auto-approved at the very start of the day counts in the cap the admin sees as in the cap the rule keeps", async () => {
    bed = await open();
    const dayStart = Date.UTC(2026, 0, 16);
    bed.t.clock.set(dayStart);
    // 20 XRP a request; at 00:00 the first slice releases one request's 20 of the 240
    await settings({
      dailyLimit: "1000",
      minAmount: "20",
      maxAmount: "20",
      autoApprove: { enabled: true, holdMinutes: 0, maxPerDay: "240" },
    });
    const first = await request();
    await approvedSoon(first.id);
    expect(bed.t.db.sqlite.query("select processed_at as at from faucet_requests where id = ?").get(first.id)).toEqual({
      at: dayStart,
    });
    // the rule counts it: a second one passes the cap and waits for a person
    const second = await request();
    await stillPendingAfterRuns(second.id);
    expect(row(second.id)).toMatchObject({ auto_approve_skip: "over_daily_cap" });
    // and the admin sees it used, nothing left
    const budget = (await bed.t.call("GET", "/api/admin/faucet/budget", { cookie: bed.admin })).json;
    expect(budget.autoApprove).toMatchObject({ released: "20.000000", used: "20.000000", left: "0.000000" });
  }, 15_000);

  test("a burst from the same IP during the hold raises the score: nothing is paid", async () => {
    bed = await open();
    await settings({ autoApprove: { enabled: true } });
    const first = await request({ ip: "203.0.113.50" });
    expect(row(first.id).risk_score).toBe(10);
    bed.t.clock.advance(2 * MINUTE);
    const second = await request({ ip: "203.0.113.50" });
    const third = await request({ ip: "203.0.113.50" });
    bed.t.clock.advance(10 * MINUTE);
    await stillPendingAfterRuns(first.id, second.id, third.id);
    expect(paidTo(first.address)).toHaveLength(0);
  }, 15_000);

  test("today's cap stops further auto-approvals; the rest waits for a person", async () => {
    bed = await open();
    // each request is 20 XRP; the rule may give 30 a day
    await settings({
      minAmount: "20",
      maxAmount: "20",
      dailyLimit: "1000",
      autoApprove: { enabled: true, holdMinutes: 0, maxPerDay: "30" },
    });
    const first = await request();
    await approvedSoon(first.id);
    const second = await request();
    await stillPendingAfterRuns(second.id);
    // a person may still approve it
    const approved = await bed.t.call("POST", `/api/admin/faucet/requests/${second.id}`, {
      cookie: bed.admin,
      body: { action: "APPROVED" },
    });
    expect(approved.status).toBe(200);
    expect(row(second.id)).toMatchObject({ status: "APPROVED", auto_approved: 0 });
    const list = (await bed.t.call("GET", "/api/admin/faucet/requests", { cookie: bed.admin })).json;
    expect(list.find((r: any) => r.id === second.id)).toMatchObject({ autoApproved: false, processedBy: "admin" });
    expect(list.find((r: any) => r.id === first.id)).toMatchObject({ autoApproved: true, processedBy: "Auto" });
  }, 15_000);

  test("a request the rule skips for its cap gives this hour's budget back at once: the next visitor is not refused for budget nobody uses", async () => {
    bed = await open();
    // 10 XRP a request; the hour's slice is one request (100 XRP over the hours left, at least 10); the rule may pay 20 a day
    await settings({
      minAmount: "10",
      maxAmount: "10",
      autoApprove: { enabled: true, holdMinutes: 10, maxPerDay: "20" },
    });
    const first = await request();
    bed.t.clock.advance(11 * MINUTE);
    await approvedSoon(first.id);
    bed.t.clock.set(Date.UTC(2026, 0, 15, 13, 0));
    const second = await request();
    expect(row(second.id).budget_day).toBe("2026-01-15");
    bed.t.clock.advance(11 * MINUTE); // 13:11: the cap released by now (11.67 XRP) cannot pay a second 10
    await waitFor(() => row(second.id).auto_approve_skip !== null, { what: "the rule leaves the second for a person" });
    expect(row(second.id)).toMatchObject({ status: "PENDING", budget_day: null, auto_approve_skip: "over_daily_cap" });
    const list = (await bed.t.call("GET", "/api/admin/faucet/requests", { cookie: bed.admin })).json;
    expect(list.find((r: any) => r.id === second.id).leftForPerson).toBe(
      "Auto-approve left it for you: its daily cap was used",
    );
    // before, the skipped request kept the hour's slice and this visitor was refused BUDGET_REACHED
    const third = await bed.t.call("POST", "/api/faucet/request", {
      body: { address: randomAddress() },
      ip: strangerIp(++visitors),
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64)" },
    });
    expect(third.status).toBe(201);
  }, 15_000);

  test("auto-approve pauses for a surge: a low-risk request whose hold ends during one waits until it passes", async () => {
    bed = await open();
    await settings({ autoApprove: { enabled: true } });
    const honest = await request();
    // minutes 5 to 10 of its hold: 25 requests from unrelated networks, five times the usual 5 in 10 minutes
    bed.t.clock.advance(5 * MINUTE);
    for (let i = 0; i < 25; i++) {
      await bed.t.call("POST", "/api/faucet/request", {
        body: { address: randomAddress() },
        ip: strangerIp(++visitors),
        headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64)" },
      });
      bed.t.clock.advance(12_000);
    }
    bed.t.clock.advance(30_000); // the hold is over, the surge is not
    await stillPendingAfterRuns(honest.id);
    expect(row(honest.id).auto_approve_skip).toBeNull();
    bed.t.clock.advance(30 * MINUTE); // it has passed (20 minutes under the threshold)
    await approvedSoon(honest.id);
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
