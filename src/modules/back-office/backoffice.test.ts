// The back office's own reads: the counts beside the sidebar and a user's whole file (the user detail
// page), the payout through the real engine, xrpl client and ledger simulator.
import { afterEach, describe, expect, test } from "bun:test";
import { payoutBed, type PayoutBed } from "../../payouts/testing.ts";
import { randomAddress } from "../../testing/harness.ts";
import { scenarios } from "../../testing/scenario.ts";

describe("GET /api/admin/counts", () =>
  scenarios([
    {
      name: "nothing waits on a fresh install",
      method: "GET",
      url: "/api/admin/counts",
      as: "admin",
      expectStatus: 200,
      expectJson: { pendingRequests: 0, pendingClaims: 0, heldReviews: 0, newEnquiries: 0, unreadMessages: 0 },
    },
    {
      name: "pending requests and claims, held reviews and new enquiries; what an admin handled no longer counts",
      method: "GET",
      url: "/api/admin/counts",
      as: "admin",
      setup: async (t) => {
        const { cookie: admin } = await t.signIn("admin");
        const { cookie } = await t.signIn("user");
        // a bonus needs an account a day old (bonusMinAccountAgeHours)
        t.clock.advance(24 * 60 * 60 * 1000);
        const a = await t.call("POST", "/api/faucet/request", { body: { address: randomAddress() }, ip: "192.0.2.1" });
        await t.call("POST", "/api/faucet/request", { body: { address: randomAddress() }, ip: "192.0.2.2" });
        await t.call("POST", "/api/faucet/request", { body: { address: randomAddress() }, ip: "192.0.2.3" });
        await t.call("POST", `/api/admin/faucet/requests/${a.json.id}`, {
          cookie: admin,
          body: { action: "REJECTED", reason: "Spam" },
        });
        await t.call("POST", "/api/social/share", { cookie, body: { platform: "Twitter" } });
        await t.call("POST", "/api/social/bonus-request", {
          cookie,
          body: { address: randomAddress(), platform: "Twitter" },
        });
        await t.call("POST", "/api/reviews/submit", { body: { review: "Visit https://spam.example now", rating: 5 } });
        // (from another network: a second review from one network within 24 h is held too)
        await t.call("POST", "/api/reviews/submit", {
          body: { review: "Fast and honest", rating: 5 },
          ip: "198.51.100.30",
        });
        await t.call("POST", "/api/advertising/submit", {
          body: { companyName: "Acme", email: "ads@acme.example", budget: "$500" },
        });
        await t.call("POST", "/api/advertising/submit", {
          body: { companyName: "Bolt", email: "ads@bolt.example", budget: "$900" },
          ip: "192.0.2.9",
        });
        await t.call("PATCH", "/api/admin/advertising/1", { cookie: admin, body: { status: "CONTACTED" } });
      },
      expectStatus: 200,
      expectJson: { pendingRequests: 2, pendingClaims: 1, heldReviews: 1, newEnquiries: 1, unreadMessages: 0 },
    },
  ]));

describe("GET /api/admin/users/{id}", () => {
  scenarios([
    {
      name: "an unknown user is a 404",
      method: "GET",
      url: "/api/admin/users/999",
      as: "admin",
      expectStatus: 404,
      expectJson: { message: "User not found" },
    },
    {
      name: "an id that is not a number is a 400",
      method: "GET",
      url: "/api/admin/users/abc",
      as: "admin",
      expectStatus: 400,
      expectJson: { message: "The id must be a number" },
    },
    {
      name: "a user who is not an admin is refused",
      method: "GET",
      url: "/api/admin/users/1",
      as: "user",
      expectStatus: 403,
    },
    {
      name: "the payout address's destination tag the user set",
      method: "GET",
      url: "/api/admin/users/2",
      as: "admin",
      setup: async (t) => {
        await t.signIn("admin");
        const { cookie } = await t.signIn("user");
        const res = await t.call("PATCH", "/api/user", {
          cookie,
          body: { xrpAddress: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", destinationTag: 12345 },
        });
        expect(res.status).toBe(200);
      },
      expectStatus: 200,
      expectJsonMatch: {
        user: {
          id: 2,
          username: "member",
          xrpAddress: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe",
          destinationTag: 12345,
          owed: "0.000000",
          paid: "0.000000",
        },
        faucetRequests: [],
        payouts: [],
      },
    },
  ]);

  let bed: PayoutBed;
  afterEach(() => bed?.close());

  test("the user's profile, owed and paid totals, requests, rewards, payouts with hashes, IPs and devices seen, and the audit entries about them", async () => {
    bed = await payoutBed();
    const { t, admin } = bed;
    const user = await t.register("requester");
    const other = await t.register("someone-else");
    const registeredAt = t.clock();
    // a bonus needs an account a day old (bonusMinAccountAgeHours)
    t.clock.advance(24 * 60 * 60 * 1000);
    const address = randomAddress();
    const ask = (ip: string, device: string, who = user.cookie) =>
      t.call("POST", "/api/faucet/request", {
        cookie: `${who}; device=${device}`,
        body: { address: randomAddress() },
        ip,
        headers: { "user-agent": "Mozilla/5.0" },
      });
    const paid = await ask("198.51.100.7", "device-one-000000000000001");
    t.clock.advance(60_000);
    const rejected = await ask("198.51.100.7", "device-two-000000000000002");
    t.clock.advance(60_000);
    const third = await ask("198.51.100.8", "device-two-000000000000002");
    await ask("198.51.100.9", "device-three-00000000000003", other.cookie);
    await t.call("POST", `/api/admin/faucet/requests/${paid.json.id}`, { cookie: admin, body: { action: "APPROVED" } });
    await t.call("POST", `/api/admin/faucet/requests/${rejected.json.id}`, {
      cookie: admin,
      body: { action: "REJECTED", reason: "Two devices" },
    });
    await bed.settle(
      () =>
        (t.db.sqlite.query("select status from faucet_requests where id = ?").get(paid.json.id) as { status: string })
          .status === "PROCESSED",
    );
    await t.call("POST", "/api/social/share", { cookie: user.cookie, body: { platform: "Twitter" } });
    const claim = await t.call("POST", "/api/social/bonus-request", {
      cookie: `${user.cookie}; device=device-claim-0000000000000004`,
      body: { address, platform: "Twitter" },
    });
    await t.call("POST", `/api/admin/claims/${claim.json.id}`, { cookie: admin, body: { status: "APPROVED" } });

    const res = await t.call("GET", `/api/admin/users/${user.user.id}`, { cookie: admin });
    expect(res.status).toBe(200);
    const file = res.json;
    const hash = (
      t.db.sqlite.query("select tx_hash from faucet_requests where id = ?").get(paid.json.id) as { tx_hash: string }
    ).tx_hash;
    expect(hash).toMatch(/^[0-9A-F]{64}$/);
    expect(file.user).toEqual({
      id: user.user.id,
      username: "requester",
      email: "requester@example.com",
      // the address of their social bonus claim
      xrpAddress: address,
      destinationTag: null,
      isAdmin: false,
      points: expect.any(Number),
      owed: "5.000000",
      paid: paid.json.amount,
      createdAt: expect.any(String),
      // enabled, no admins' note, no two-factor sign-in
      disabledAt: null,
      note: null,
      twoFactor: false,
    });
    expect(file.faucetRequests.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([
      [third.json.id, "PENDING"],
      [rejected.json.id, "REJECTED"],
      [paid.json.id, "PROCESSED"],
    ]);
    expect(file.faucetRequests[1]).toMatchObject({
      userName: "requester",
      rejectReason: "Two devices",
      autoApproved: false,
      requesterIp: "198.51.100.7",
    });
    expect(file.faucetRequests[2]).toMatchObject({ txHash: hash, payoutStatus: "paid" });
    expect(file.rewards).toEqual([
      expect.objectContaining({
        id: claim.json.id,
        status: "APPROVED",
        amount: "5.000000",
        denyReason: null,
        username: "requester",
      }),
    ]);
    expect(file.payouts).toEqual([
      {
        id: expect.any(Number),
        kind: "FAUCET_REQUEST",
        amount: paid.json.amount,
        destination: paid.json.address,
        destinationTag: null,
        status: "SUCCESS",
        state: "paid",
        txHash: hash,
        ledgerIndex: expect.any(Number),
        error: null,
        createdAt: expect.any(String),
      },
    ]);
    // every place the user was seen: their requests, their claim (203.0.113.7, the harness's IP) and
    // their registration (its IP group, 10.77.1.0/24 from t.register, and its device)
    const registration = t.db.sqlite
      .query("select ip_network, device_id from users where id = ?")
      .get(user.user.id) as { ip_network: string; device_id: string };
    expect(file.registration).toEqual({ ipNetwork: "10.77.1.0/24", deviceId: registration.device_id });
    expect(file.ipsSeen).toEqual([
      { ip: "198.51.100.8", count: 1, lastSeen: new Date(t.clock()).toISOString() },
      { ip: "203.0.113.7", count: 1, lastSeen: new Date(t.clock()).toISOString() },
      { ip: "198.51.100.7", count: 2, lastSeen: new Date(t.clock() - 60_000).toISOString() },
      { ip: "10.77.1.0/24", count: 1, lastSeen: new Date(registeredAt).toISOString() },
    ]);
    expect(file.devicesSeen).toEqual([
      { deviceId: "device-claim-0000000000000004", count: 1, lastSeen: new Date(t.clock()).toISOString() },
      { deviceId: "device-two-000000000000002", count: 2, lastSeen: new Date(t.clock()).toISOString() },
      { deviceId: "device-one-000000000000001", count: 1, lastSeen: new Date(t.clock() - 120_000).toISOString() },
      { deviceId: registration.device_id, count: 1, lastSeen: new Date(registeredAt).toISOString() },
    ]);
    expect(file).toMatchObject({ riskScore: 0, riskReasons: [] });
    expect(file.audit.map((e: { action: string; targetId: string }) => [e.action, e.targetId])).toEqual([
      ["reward.approved", String(claim.json.id)],
      ["faucet_request.reject", String(rejected.json.id)],
      ["faucet_request.approve", String(paid.json.id)],
    ]);
  });
});
