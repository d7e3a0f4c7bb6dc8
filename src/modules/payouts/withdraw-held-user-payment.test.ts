// A user payment held while the engine is paused is withdrawn: the user is still owed the amount, and
// a new Pay makes a new payout that is paid once after Resume.
import { afterEach, describe, expect, test } from "bun:test";
import { ECDSA, Wallet } from "xrpl";
import { payoutBed, type PayoutBed } from "../../payouts/testing.ts";
import { heldPayouts } from "./withdraw-testing.ts";

let bed: PayoutBed;
afterEach(async () => {
  await bed?.close();
});
const { payoutById, paidTo, wallet, withdraw, resume } = heldPayouts(() => bed);

// A user owed 10 XRP (two approved 5 XRP bonuses) at a fresh address of their own.
async function owedUser(name: string) {
  const user = await bed.t.register(name);
  // a bonus needs an account a day old (bonusMinAccountAgeHours)
  bed.t.clock.advance(24 * 60 * 60 * 1000);
  const address = Wallet.generate(ECDSA.ed25519).classicAddress;
  for (const platform of ["Facebook", "Twitter"]) {
    await bed.t.call("POST", "/api/social/share", { cookie: user.cookie, body: { platform } });
    const claim = await bed.t.call("POST", "/api/social/bonus-request", {
      cookie: user.cookie,
      body: { address, platform },
    });
    expect(claim.status).toBe(201);
    expect(
      (
        await bed.t.call("POST", `/api/admin/claims/${claim.json.id}`, {
          cookie: bed.admin,
          body: { status: "APPROVED" },
        })
      ).status,
    ).toBe(200);
  }
  return { id: user.user.id as number, cookie: user.cookie, address };
}
const owed = async (cookie: string) => (await bed.t.call("GET", "/api/user", { cookie })).json.totalClaimed as string;
const rewardsOf = (userId: number) =>
  bed.t.db.sqlite.query("select status, payout_id from rewards where user_id = ? order by id").all(userId) as {
    status: string;
    payout_id: number | null;
  }[];

describe("a held user payment", () => {
  test("withdrawn: the owed balance is unchanged and its rewards are unpaid again; a new Pay makes a new payout, paid once after Resume", async () => {
    bed = await payoutBed();
    const user = await owedUser("held-earner");
    expect(await owed(user.cookie)).toBe("10.000000");
    bed.engine.pause("test pause");
    const pay = await bed.t.call("POST", `/api/admin/pay/${user.id}`, { cookie: bed.admin });
    expect(pay.status).toBe(202);
    const payoutId = pay.json.payout.id as number;
    await bed.settle(() => false, 3);
    expect(payoutById(payoutId).status).toBe("queued");
    expect(rewardsOf(user.id)).toEqual([
      { status: "APPROVED", payout_id: payoutId },
      { status: "APPROVED", payout_id: payoutId },
    ]);
    expect((await wallet()).held).toEqual([
      {
        payoutId,
        kind: "USER_PAYMENT",
        requestId: null,
        userId: user.id,
        destination: user.address,
        destinationTag: null,
        amount: "10.000000",
        createdAt: expect.any(String),
      },
    ]);

    const out = await withdraw(payoutId);
    expect(out.status).toBe(200);
    expect(out.json.outcome).toBe("withdrawn");
    expect(payoutById(payoutId).status).toBe("withdrawn");
    expect(await owed(user.cookie)).toBe("10.000000");
    expect(rewardsOf(user.id)).toEqual([
      { status: "APPROVED", payout_id: null },
      { status: "APPROVED", payout_id: null },
    ]);
    // the back office shows it in the user's payments as withdrawn, nothing sent
    const file = (await bed.t.call("GET", "/api/admin/users", { cookie: bed.admin })).json.payoutHistory;
    expect(file).toEqual([expect.objectContaining({ id: payoutId, status: "WITHDRAWN", state: "withdrawn" })]);

    // a new Pay is a new payout ('withdrawn' is not open)
    const payAgain = await bed.t.call("POST", `/api/admin/pay/${user.id}`, { cookie: bed.admin });
    expect(payAgain.status).toBe(202);
    const second = payAgain.json.payout.id as number;
    expect(second).not.toBe(payoutId);
    expect((await resume()).status).toBe(200);
    await bed.settle(() => payoutById(second).status === "paid");
    expect(payoutById(second).status).toBe("paid");
    expect(payoutById(payoutId).status).toBe("withdrawn");
    const payments = paidTo(user.address);
    expect(payments).toHaveLength(1);
    expect(Number(payments[0]!.deliveredDrops)).toBe(10_000_000);
    expect(await owed(user.cookie)).toBe("0.000000");
  });
});
