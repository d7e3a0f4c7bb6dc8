// Auto-approve counts by network: a farm rotating /24s, /64s or one IP's burst is left for a person,
// and a /48 or a provider's /16 gets at most one request a day paid without one.
import { describe, expect, test } from "bun:test";
import type { PayoutBed } from "../../payouts/testing.ts";
import { autoApproveHelpers, MINUTE, open } from "./auto-approve-fixtures.ts";

let bed: PayoutBed;
const { settings, request, row, paidTo, approvedSoon, stillPendingAfterRuns } = autoApproveHelpers(() => bed);

describe("auto-approve", () => {
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
});
