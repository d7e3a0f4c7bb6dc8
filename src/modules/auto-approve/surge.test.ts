// Auto-approve pauses for a surge: a low-risk request whose hold ends during one is paid only once
// the surge has passed.
import { describe, expect, test } from "bun:test";
import type { PayoutBed } from "../../payouts/testing.ts";
import { randomAddress, strangerIp } from "../../testing/harness.ts";
import { autoApproveHelpers, MINUTE, open } from "./auto-approve-fixtures.ts";

let bed: PayoutBed;
let visitors = 0;
const { settings, request, row, approvedSoon, stillPendingAfterRuns } = autoApproveHelpers(
  () => bed,
  () => ++visitors,
);

describe("auto-approve", () => {
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
});
