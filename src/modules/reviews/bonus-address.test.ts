// The reviewer bonus goes only to an address the faucet already paid from the reviewer's device:
// never asked, still waiting or paid from another device is refused.
import { describe, expect, test } from "bun:test";
import { randomAddress } from "../../testing/harness.ts";
import { browser, newServerEachTest, t, write } from "./farm-fixtures.ts";

newServerEachTest();

describe("POST /api/reviews/bonus-request goes only to an address the faucet paid from this device", () => {
  test("a never-paid address, a pending one or one paid from another device is refused with 409; a paid one gets the bonus", async () => {
    const reviewer = browser("198.51.100.60");
    const review = (await write(reviewer)).json.id as number;
    const bonus = (address: string) => reviewer.post("/api/reviews/bonus-request", { address, reviewId: review });
    const NOT_PAID = {
      message:
        "The reviewer bonus goes to an address the faucet has already paid from this device. Request XRP from the faucet first; once it is paid, claim your bonus to that address.",
    };

    const never = await bonus(randomAddress());
    expect(never.status).toBe(409);
    expect(never.headers.get("x-error-code")).toBe("BONUS_ADDRESS_NOT_PAID");
    expect(never.json).toEqual(NOT_PAID);

    const address = randomAddress();
    const request = await reviewer.post("/api/faucet/request", { address });
    expect(request.status).toBe(201);
    expect((await bonus(address)).json).toEqual(NOT_PAID); // not paid yet

    // paid, but from another device
    const elsewhere = randomAddress();
    const other = browser("198.51.101.60");
    const theirs = await other.post("/api/faucet/request", { address: elsewhere });
    // (the engine marks a validated payout's request PROCESSED; no wallet in this test)
    t.db.sqlite.run("update faucet_requests set status = 'PROCESSED' where id in (?, ?)", [
      request.json.id,
      theirs.json.id,
    ]);
    expect((await bonus(elsewhere)).json).toEqual(NOT_PAID);
    expect(
      t.db.sqlite.query("select count(*) as n from faucet_requests where reason = 'Reviewer bonus'").get(),
    ).toEqual({ n: 0 });

    const paid = await bonus(address);
    expect(paid.status).toBe(201);
    expect(paid.json).toMatchObject({ status: "PENDING", reason: "Reviewer bonus", address });
  });
});
