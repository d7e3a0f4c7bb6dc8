// Whether a review earns the reviewer bonus is said before it is written (GET /api/reviews/bonus-offer),
// by the rule the bonus request applies: an address the faucet paid from this device, not rewarded yet.
import { describe, expect, test } from "bun:test";
import { randomAddress } from "../../testing/harness.ts";
import { browser, newServerEachTest, t, write } from "./farm-fixtures.ts";
import { BONUS_ADDRESSES_REWARDED, BONUS_NEEDS_PAYMENT } from "./model.ts";

newServerEachTest();

// (the engine marks a validated payout's request PROCESSED; no wallet in these tests)
const markPaid = (id: number) => t.db.sqlite.run("update faucet_requests set status = 'PROCESSED' where id = ?", [id]);

describe("GET /api/reviews/bonus-offer", () => {
  test("a device the faucet never paid is told why before writing, and a request not yet paid changes nothing", async () => {
    const visitor = browser("198.51.100.70");
    expect((await visitor.get("/api/reviews/bonus-offer")).json).toEqual({
      offered: false,
      addresses: [],
      reason: BONUS_NEEDS_PAYMENT,
    });
    const asked = await visitor.post("/api/faucet/request", { address: randomAddress() });
    expect(asked.status).toBe(201);
    expect((await visitor.get("/api/reviews/bonus-offer")).json.reason).toBe(BONUS_NEEDS_PAYMENT);
  });

  test("once paid, the offer names the address, and the bonus request to it is accepted; then that address is rewarded", async () => {
    const visitor = browser("198.51.100.71");
    const address = randomAddress();
    const asked = await visitor.post("/api/faucet/request", { address });
    markPaid(asked.json.id);
    // another device's payment is not this one's
    const other = browser("198.51.101.71");
    expect((await other.get("/api/reviews/bonus-offer")).json.offered).toBe(false);

    expect((await visitor.get("/api/reviews/bonus-offer")).json).toEqual({
      offered: true,
      addresses: [address],
      reason: null,
    });
    const review = (await write(visitor)).json.id as number;
    const bonus = await visitor.post("/api/reviews/bonus-request", { address, reviewId: review });
    expect(bonus.status).toBe(201);
    expect((await visitor.get("/api/reviews/bonus-offer")).json).toEqual({
      offered: false,
      addresses: [],
      reason: BONUS_ADDRESSES_REWARDED,
    });
  });
});
