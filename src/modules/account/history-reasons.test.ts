import { afterEach, beforeEach, expect, test } from "bun:test";
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

test("a user sees the admin's reason beside a rejected faucet request, none beside the others", async () => {
  const kept = await t.call("POST", "/api/faucet/request", { cookie: user.cookie, body: { address: randomAddress() } });
  t.clock.advance(1000);
  const rejected = await t.call("POST", "/api/faucet/request", {
    cookie: user.cookie,
    body: { address: randomAddress() },
  });
  const decision = await t.call("POST", `/api/admin/faucet/requests/${rejected.json.id}`, {
    cookie: admin,
    body: { action: "REJECTED", reason: "Duplicate wallets from one device" },
  });
  expect(decision.status).toBe(200);
  const history = await t.call("GET", "/api/user/faucet-requests", { cookie: user.cookie });
  expect(history.json).toEqual([
    expect.objectContaining({
      id: rejected.json.id,
      status: "REJECTED",
      rejectReason: "Duplicate wallets from one device",
    }),
    expect.objectContaining({ id: kept.json.id, status: "PENDING", rejectReason: null }),
  ]);
});

test("a user sees the admin's reason beside a denied reward; the reward's own reason is kept", async () => {
  const claim = async (platform: string) => {
    await t.call("POST", "/api/social/share", { cookie: user.cookie, body: { platform } });
    return (
      await t.call("POST", "/api/social/bonus-request", {
        cookie: user.cookie,
        body: { address: randomAddress(), platform },
      })
    ).json.id as number;
  };
  const approved = await claim("Twitter");
  t.clock.advance(1000);
  const denied = await claim("Facebook");
  t.db.sqlite.run("update rewards set reason = 'Shared the faucet' where id = ?", [denied]);
  await t.call("POST", `/api/admin/claims/${approved}`, {
    cookie: admin,
    body: { status: "APPROVED", reason: "Looks fine" },
  });
  const answer = await t.call("POST", `/api/admin/claims/${denied}`, {
    cookie: admin,
    body: { status: "DENIED", reason: "The shared link is not public" },
  });
  expect(answer.json).toMatchObject({
    id: denied,
    status: "DENIED",
    reason: "The shared link is not public",
    denyReason: "The shared link is not public",
  });

  const history = await t.call("GET", "/api/user/rewards-history", { cookie: user.cookie });
  expect(history.json).toEqual([
    expect.objectContaining({ id: denied, status: "DENIED", denyReason: "The shared link is not public" }),
    expect.objectContaining({ id: approved, status: "APPROVED", denyReason: null }),
  ]);
  const processed = (await t.call("GET", "/api/admin/processed-claims", { cookie: admin })).json.processedClaims;
  expect(processed.find((r: { id: number }) => r.id === denied)).toMatchObject({
    reason: "Shared the faucet",
    denyReason: "The shared link is not public",
  });
});
