import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { randomAddress, testApp, type TestApp } from "../../testing/harness.ts";

let t: TestApp;
let admin: string;
let user: { cookie: string; user: { id: number } };
beforeEach(async () => {
  t = testApp();
  admin = (await t.registerAdmin()).cookie;
  user = await t.register("claimer");
  // a bonus needs an account a day old (bonusMinAccountAgeHours)
  t.clock.advance(24 * 60 * 60 * 1000);
});
afterEach(() => t.close());

const claim = async (platform: string) => {
  await t.call("POST", "/api/social/share", { cookie: user.cookie, body: { platform } });
  return (
    await t.call("POST", "/api/social/bonus-request", {
      cookie: user.cookie,
      body: { address: randomAddress(), platform },
    })
  ).json.id as number;
};
const owed = async () => (await t.call("GET", "/api/user", { cookie: user.cookie })).json.totalClaimed;

describe("claims and rewards", () => {
  test("an approved claim's audit entry names its amount and address, in words on the audit log", async () => {
    const address = randomAddress();
    await t.call("POST", "/api/social/share", { cookie: user.cookie, body: { platform: "Twitter" } });
    const id = (
      await t.call("POST", "/api/social/bonus-request", { cookie: user.cookie, body: { address, platform: "Twitter" } })
    ).json.id as number;
    expect(
      (await t.call("POST", `/api/admin/claims/${id}`, { cookie: admin, body: { status: "APPROVED" } })).status,
    ).toBe(200);
    const entry = (await t.call("GET", "/api/admin/audit-log?action=reward.approved", { cookie: admin })).json
      .entries[0];
    expect(entry.details).toEqual({ amount: "5.000000", address, reason: null });
    expect(entry.facts).toEqual([
      { label: "Amount", value: "5 XRP" },
      { label: "Address", value: address },
    ]);
  });

  test("GET /api/admin/claims lists pending rewards with their users", async () => {
    const id = await claim("Twitter");
    const res = await t.call("GET", "/api/admin/claims", { cookie: admin });
    expect(res.json.pendingRewards).toEqual([
      expect.objectContaining({
        id,
        userId: user.user.id,
        type: "SOCIAL_SHARE",
        amount: "5.000000",
        status: "PENDING",
        processedAt: null,
      }),
    ]);
    expect(res.json.users).toEqual([expect.objectContaining({ id: user.user.id, username: "claimer" })]);
  });

  test.each([
    { status: "APPROVED", owedAfter: "5.000000" },
    { status: "PAID", owedAfter: "0.000000" },
    { status: "DENIED", owedAfter: "0.000000", reason: "Invalid claim or missing XRP address" },
  ])("a pending claim moved to $status; owed afterwards $owedAfter", async ({ status, owedAfter, reason }) => {
    const id = await claim("Facebook");
    const res = await t.call("POST", `/api/admin/claims/${id}`, { cookie: admin, body: { status, reason } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id, status, reason: reason ?? null });
    expect(await owed()).toBe(owedAfter);
    const processed = (await t.call("GET", "/api/admin/processed-claims", { cookie: admin })).json;
    expect(processed.processedClaims.map((c: any) => c.id)).toContain(id);
    expect((await t.call("GET", "/api/user/rewards-history", { cookie: user.cookie })).json[0].status).toBe(status);
    const audit = t.db.sqlite.query("select action, actor_name from audit_log where target_type = 'reward'").get();
    expect(audit).toEqual({ action: `reward.${status.toLowerCase()}`, actor_name: "admin" });
  });

  test("approving twice adds the amount once; a processed claim cannot change its mind", async () => {
    const id = await claim("LinkedIn");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.call("POST", `/api/admin/claims/${id}`, { cookie: admin, body: { status: "APPROVED" } }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await owed()).toBe("5.000000");
    const deny = await t.call("POST", `/api/admin/claims/${id}`, { cookie: admin, body: { status: "DENIED" } });
    expect(deny.status).toBe(409);
    expect(deny.json).toEqual({ message: "This claim was already approved" });
  });

  test("POST /api/admin/rewards/{id} approves or denies with a reason", async () => {
    const a = await claim("Twitter");
    const b = await claim("Facebook");
    expect(
      (await t.call("POST", `/api/admin/rewards/${a}`, { cookie: admin, body: { action: "APPROVED", reason: "" } }))
        .json.status,
    ).toBe("APPROVED");
    const denied = await t.call("POST", `/api/admin/rewards/${b}`, {
      cookie: admin,
      body: { action: "DENIED", reason: "Invalid reward" },
    });
    expect(denied.json).toMatchObject({ status: "DENIED", reason: "Invalid reward" });
    expect(await owed()).toBe("5.000000");
  });

  test.each([
    {
      url: "/api/admin/claims/1",
      body: { status: "MAYBE" },
      status: 400,
      message: "status must be one of APPROVED, PAID, DENIED",
    },
    {
      url: "/api/admin/rewards/1",
      body: { action: "PAID" },
      status: 400,
      message: "action must be one of APPROVED, DENIED",
    },
    { url: "/api/admin/claims/999", body: { status: "APPROVED" }, status: 404, message: "Claim not found" },
    { url: "/api/admin/claims/abc", body: { status: "APPROVED" }, status: 400, message: "The id must be a number" },
    {
      url: "/api/admin/claims/1",
      body: { status: "DENIED", reason: 5 },
      status: 400,
      message: "reason must be text of at most 500 characters",
    },
  ])("$url $body -> $status", async ({ url, body, status, message }) => {
    await claim("Twitter");
    const res = await t.call("POST", url, { cookie: admin, body });
    expect(res.status).toBe(status);
    expect(res.json).toEqual({ message });
  });

  test("GET /api/admin/users gives users, pending rewards and payout history", async () => {
    await claim("Twitter");
    const res = await t.call("GET", "/api/admin/users", { cookie: admin });
    expect(res.json.users.map((u: any) => u.username).sort()).toEqual(["admin", "claimer"]);
    expect(res.json.users.find((u: any) => u.username === "admin").isAdmin).toBe(true);
    expect(res.json.pendingRewards).toHaveLength(1);
    expect(res.json.payoutHistory).toEqual([]);
  });
});

describe("without a wallet", () => {
  test("approving a faucet request and paying a user answer 503; rejecting works", async () => {
    const a = await t.call("POST", "/api/faucet/request", { body: { address: randomAddress() } });
    const b = await t.call("POST", "/api/faucet/request", { body: { address: randomAddress() }, ip: "198.51.100.1" });
    const approve = await t.call("POST", `/api/admin/faucet/requests/${a.json.id}`, {
      cookie: admin,
      body: { action: "APPROVED" },
    });
    expect(approve.status).toBe(503);
    expect(approve.json).toEqual({ message: "Payouts are not configured" });
    const reject = await t.call("POST", `/api/admin/faucet/requests/${b.json.id}`, {
      cookie: admin,
      body: { action: "REJECTED", reason: "Promotional request rejected" },
    });
    expect(reject.status).toBe(200);
    const list = (await t.call("GET", "/api/admin/faucet/requests", { cookie: admin })).json;
    expect(list.find((r: any) => r.id === a.json.id)).toMatchObject({
      status: "PENDING",
      riskScore: expect.any(Number),
      requesterIp: "203.0.113.7",
      deviceId: expect.any(String),
    });
    expect(list.find((r: any) => r.id === b.json.id)).toMatchObject({
      status: "REJECTED",
      rejectReason: "Promotional request rejected",
    });
    expect((await t.call("POST", `/api/admin/pay/${user.user.id}`, { cookie: admin })).status).toBe(503);
    expect((await t.call("GET", "/api/admin/wallet", { cookie: admin })).json).toEqual({
      configured: false,
      message: "Payouts are not configured",
    });
  });
});
