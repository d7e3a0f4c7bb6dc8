// A blocked address or device: refused by the faucet and the bonuses, not auto-approved during its
// hold, and kept off the money path.
import { afterEach, describe, expect, test } from "bun:test";
import { decodeAccountID, encodeXAddress } from "ripple-address-codec";
import { payoutBed, type PayoutBed } from "../../payouts/testing.ts";
import { BLOCKED_DESTINATION } from "../payouts/model.ts";
import { randomAddress, strangerIp, testApp } from "../../testing/harness.ts";
import { waitFor } from "../../testing/wait.ts";
import { ADDRESS, block, count, DEVICE, entries, REFUSED } from "./testing.ts";

const HOUR = 60 * 60 * 1000;

describe("a blocked address or device", () => {
  test("a blocked address is refused, as a classic or an X-address, for faucet and bonus requests", async () => {
    const t = testApp();
    try {
      const entry = await block(t, { kind: "address", value: ADDRESS });
      const xAddress = encodeXAddress(decodeAccountID(ADDRESS), 12345, false);
      for (const address of [ADDRESS, xAddress]) {
        const res = await t.call("POST", "/api/faucet/request", { body: { address } });
        expect({ status: res.status, json: res.json }).toEqual({ status: 403, json: REFUSED });
      }
      const { cookie } = await t.signIn("user");
      // a bonus needs an account a day old (bonusMinAccountAgeHours)
      t.clock.advance(24 * 60 * 60 * 1000);
      await t.call("POST", "/api/social/share", { cookie, body: { platform: "Twitter" } });
      const social = await t.call("POST", "/api/social/bonus-request", {
        cookie,
        body: { address: ADDRESS, platform: "Twitter" },
      });
      expect({ status: social.status, json: social.json }).toEqual({ status: 403, json: REFUSED });
      expect(count(t, "faucet_requests") + count(t, "rewards")).toBe(0);
      expect((await entries(t))[0]).toMatchObject({ id: entry.id, refusals: 3 });
      // another address from the same visitor is served
      expect(
        (
          await t.call("POST", "/api/social/bonus-request", {
            cookie,
            body: { address: randomAddress(), platform: "Twitter" },
          })
        ).status,
      ).toBe(201);
    } finally {
      await t.close();
    }
  });

  test("a blocked device is refused by the faucet and a review's bonus; another device is served", async () => {
    const t = testApp();
    try {
      const review = await t.call("POST", "/api/reviews/submit", {
        body: { review: "Great", rating: 5 },
        cookie: `device=${DEVICE}`,
      });
      expect(review.status).toBe(201);
      await block(t, { kind: "device", value: DEVICE });
      const faucet = await t.call("POST", "/api/faucet/request", {
        body: { address: randomAddress() },
        cookie: `device=${DEVICE}`,
      });
      expect({ status: faucet.status, json: faucet.json }).toEqual({ status: 403, json: REFUSED });
      const bonus = await t.call("POST", "/api/reviews/bonus-request", {
        body: { address: randomAddress(), reviewId: review.json.id },
        cookie: `device=${DEVICE}`,
      });
      expect({ status: bonus.status, json: bonus.json }).toEqual({ status: 403, json: REFUSED });
      expect(count(t, "faucet_requests")).toBe(0);
      expect((await entries(t))[0]).toMatchObject({ refusals: 2 });
      const other = await t.call("POST", "/api/faucet/request", {
        body: { address: randomAddress() },
        cookie: "device=another-device-0000000000001",
      });
      expect(other.status).toBe(201);
    } finally {
      await t.close();
    }
  });

  test("an entry past its expiry refuses nothing and is listed inactive", async () => {
    const t = testApp();
    try {
      await block(t, { kind: "ip", value: "198.51.100.23", expiresAt: new Date(t.clock() + HOUR).toISOString() });
      const ask = () =>
        t.call("POST", "/api/faucet/request", { body: { address: randomAddress() }, ip: "198.51.100.23" });
      expect((await ask()).status).toBe(403);
      t.clock.advance(HOUR);
      expect((await ask()).status).toBe(201);
      expect((await entries(t))[0]).toMatchObject({ active: false, refusals: 1 });
      // an expired entry does not stand in the way of blocking the IP again
      await block(t, { kind: "ip", value: "198.51.100.23" });
      expect((await ask()).status).toBe(403);
    } finally {
      await t.close();
    }
  });
});

describe("auto-approve", () => {
  let bed: PayoutBed;
  afterEach(() => bed?.close());

  test("a request whose address is blocked during its hold is not auto-approved; the others are", async () => {
    bed = await payoutBed({ autoApproveEveryMs: 20 });
    const { t, admin } = bed;
    // (a day's budget whose 12:00 slice pays both)
    expect(
      (
        await t.call("POST", "/api/admin/faucet/settings", {
          cookie: admin,
          body: { dailyLimit: "1000", autoApprove: { enabled: true } },
        })
      ).status,
    ).toBe(200);
    const ask = async (ip: string) => {
      const res = await t.call("POST", "/api/faucet/request", {
        body: { address: randomAddress() },
        ip,
        headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64)" },
      });
      expect(res.status).toBe(201);
      return res.json as { id: number; address: string };
    };
    const status = (id: number) =>
      (t.db.sqlite.query("select status from faucet_requests where id = ?").get(id) as { status: string }).status;
    const abuser = await ask(strangerIp(1));
    const honest = await ask(strangerIp(2));
    const blocked = await t.call("POST", "/api/admin/blocklist", {
      cookie: admin,
      body: { kind: "address", value: abuser.address, note: "seen in a burst" },
    });
    expect(blocked.status).toBe(201);
    t.clock.advance(11 * 60_000);
    await waitFor(() => status(honest.id) === "APPROVED", { what: "the honest request auto-approved" });
    await Bun.sleep(200); // to show that nothing happens: ten more runs of the rule
    expect(status(abuser.id)).toBe("PENDING");
  }, 15_000);
});

describe("a blocked address on the money path", () => {
  test("it cannot be set as a payout address, and a request made before its block cannot be approved", async () => {
    const bed = await payoutBed();
    try {
      const { t, admin } = bed;
      const user = await t.register("blockedpayee");
      const made = await t.call("POST", "/api/faucet/request", {
        body: { address: ADDRESS },
        ip: strangerIp(5),
        headers: { "user-agent": "Mozilla/5.0" },
      });
      expect(made.status).toBe(201);
      expect(
        (await t.call("POST", "/api/admin/blocklist", { cookie: admin, body: { kind: "address", value: ADDRESS } }))
          .status,
      ).toBe(201);
      const patch = await t.call("PATCH", "/api/user", { cookie: user.cookie, body: { xrpAddress: ADDRESS } });
      expect({ status: patch.status, json: patch.json }).toEqual({ status: 403, json: REFUSED });
      const approve = await t.call("POST", `/api/admin/faucet/requests/${made.json.id}`, {
        cookie: admin,
        body: { action: "APPROVED" },
      });
      expect(approve.status).toBe(409);
      expect(approve.headers.get("x-error-code")).toBe("BLOCKED_DESTINATION");
      expect(approve.json.message).toBe(BLOCKED_DESTINATION);
      expect((t.db.sqlite.query("select count(*) as n from payouts").get() as { n: number }).n).toBe(0);
      // the admin's list warns on it before anyone presses Approve
      const list = await t.call("GET", "/api/admin/faucet/requests", { cookie: admin });
      expect(list.json.map((r: { id: number; blocked: boolean }) => [r.id, r.blocked])).toContainEqual([
        made.json.id,
        true,
      ]);
      // a user whose address was set before its block is not paid either
      t.db.sqlite.run("update users set xrp_address = ?, total_claimed_drops = 5000000 where id = ?", [
        ADDRESS,
        user.user.id,
      ]);
      const pay = await t.call("POST", `/api/admin/pay/${user.user.id}`, { cookie: admin });
      expect(pay.status).toBe(409);
      expect((t.db.sqlite.query("select count(*) as n from payouts").get() as { n: number }).n).toBe(0);
    } finally {
      await bed.close();
    }
  });

  test("an unproven request from a blocked network gets the proof's answer, the same as anyone's, and writes nothing", async () => {
    const t = testApp({ powDifficulty: 2000 });
    try {
      await block(t, { kind: "ip", value: "198.51.100.0/24" });
      const blocked = await t.call("POST", "/api/faucet/request", {
        body: { address: randomAddress() },
        ip: "198.51.100.23",
      });
      const other = await t.call("POST", "/api/faucet/request", {
        body: { address: randomAddress() },
        ip: "192.0.2.23",
      });
      expect({ status: blocked.status, json: blocked.json, code: blocked.headers.get("x-error-code") }).toEqual({
        status: other.status,
        json: other.json,
        code: other.headers.get("x-error-code"),
      });
      expect(blocked.headers.get("x-proof-of-work")).toBe("retry");
      expect((t.db.sqlite.query("select refusals from block_list").get() as { refusals: number }).refusals).toBe(0);
    } finally {
      await t.close();
    }
  });
});
