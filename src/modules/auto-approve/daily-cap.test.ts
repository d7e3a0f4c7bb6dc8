// Auto-approve's daily cap, released an hour at a time: past it requests wait for a person, and a
// request skipped for it gives its budget back at once.
import { describe, expect, test } from "bun:test";
import type { PayoutBed } from "../../payouts/testing.ts";
import { randomAddress, strangerIp } from "../../testing/harness.ts";
import { waitFor } from "../../testing/wait.ts";
import { autoApproveHelpers, MINUTE, open } from "./auto-approve-fixtures.ts";

let bed: PayoutBed;
let visitors = 0;
const { settings, request, row, approvedSoon, stillPendingAfterRuns } = autoApproveHelpers(
  () => bed,
  () => ++visitors,
);

describe("auto-approve", () => {
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
});
