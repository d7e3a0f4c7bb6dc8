// Resume asks an admin with two-factor sign-in for a fresh code, as approving does; withdrawing a held
// payout needs none, since it stops money rather than sending it.
import { afterEach, describe, expect, test } from "bun:test";
import { STEP_UP_MS, STEP_UP_REQUIRED } from "../../auth/step-up.ts";
import { totpCode } from "../../auth/totp.ts";
import { payoutBed, type PayoutBed } from "../../payouts/testing.ts";
import { randomAddress, strangerIp } from "../../testing/harness.ts";
import { heldPayouts } from "./withdraw-testing.ts";

let bed: PayoutBed;
afterEach(async () => {
  await bed?.close();
});
const { requestRow, payoutOfRequest, audited, paidTo, withdraw, decide, resume } = heldPayouts(() => bed);

let ip = 0;
async function pendingRequest(address = randomAddress()) {
  ip++;
  const made = await bed.t.call("POST", "/api/faucet/request", {
    body: { address },
    ip: strangerIp(5000 + ip),
    headers: { "user-agent": "Mozilla/5.0" },
  });
  if (made.status !== 201) throw new Error(`faucet request: ${made.status} ${made.text}`);
  return { id: made.json.id as number, address, amountDrops: Math.round(Number(made.json.amount) * 1_000_000) };
}

describe("Resume asks for a fresh code", () => {
  test("an admin with two-factor sign-in and no fresh code is refused as approving is; withdrawing needs none; with a code Resume goes through", async () => {
    bed = await payoutBed();
    // (room in this hour's budget for three requests)
    expect(
      (await bed.t.call("POST", "/api/admin/faucet/settings", { cookie: bed.admin, body: { dailyLimit: "10000" } }))
        .status,
    ).toBe(200);
    bed.engine.pause("test pause");
    const first = await bed.approvedRequest();
    const second = await bed.approvedRequest();
    // the admin turns on two-factor sign-in; five minutes later their session has no fresh code
    const setup = await bed.t.call("POST", "/api/user/two-factor/setup", {
      cookie: bed.admin,
      body: { password: "correct horse battery" },
    });
    expect(setup.status).toBe(200);
    const secret = setup.json.secret as string;
    expect(
      (
        await bed.t.call("POST", "/api/user/two-factor/enable", {
          cookie: bed.admin,
          body: { code: totpCode(secret, bed.t.clock()) },
        })
      ).status,
    ).toBe(200);
    bed.t.clock.advance(STEP_UP_MS + 1);

    const refused = (res: { status: number; headers: Headers; json: any }) => ({
      status: res.status,
      code: res.headers.get("x-error-code"),
      message: res.json?.message,
    });
    const another = await pendingRequest();
    const approve = refused(await decide(another.id, { action: "APPROVED" }));
    expect(approve).toEqual({ status: 403, code: "STEP_UP_REQUIRED", message: STEP_UP_REQUIRED });
    expect(refused(await resume())).toEqual(approve);
    expect(bed.engine.status().paused).toBe("test pause");
    expect(audited("payouts.resume")).toEqual([]);

    // withdrawing stops money: no code
    expect((await withdraw(payoutOfRequest(second.id).id)).status).toBe(200);
    expect(requestRow(second.id).status).toBe("PENDING");

    bed.t.clock.advance(30_000);
    expect(
      (
        await bed.t.call("POST", "/api/user/step-up", {
          cookie: bed.admin,
          body: { code: totpCode(secret, bed.t.clock()) },
        })
      ).status,
    ).toBe(200);
    const resumed = await resume();
    expect(resumed.status).toBe(200);
    expect(bed.engine.status().paused).toBeNull();
    expect(audited("payouts.resume")).toHaveLength(1);
    await bed.settle(() => requestRow(first.id).status === "PROCESSED");
    expect(paidTo(first.address)).toHaveLength(1);
    expect(paidTo(second.address)).toHaveLength(0);
  });
});
