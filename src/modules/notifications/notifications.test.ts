// A user's notifications: written with the admin's decisions on their faucet requests and rewards, and
// with the ledger's validation of a payment (the real engine, xrpl client and ledger simulator).
import { afterEach, describe, expect, test } from "bun:test";
import { ECDSA, Wallet } from "xrpl";
import { payoutBed, type PayoutBed } from "../../payouts/testing.ts";
import { randomAddress, testApp, type TestApp } from "../../testing/harness.ts";
import { scenarios } from "../../testing/scenario.ts";
import { IDS_INVALID } from "./model.ts";

const insert = (t: TestApp, userId: number, message: string, at: number) =>
  t.db.sqlite.run(
    "insert into notifications (user_id, kind, message, created_at) values (?, 'REWARD_APPROVED', ?, ?)",
    [userId, message, at],
  );

describe("GET /api/user/notifications and POST /api/user/notifications/read", () =>
  scenarios([
    {
      name: "the latest 50, newest first, with the unread count",
      method: "GET",
      url: "/api/user/notifications",
      as: "user",
      setup: async (t) => {
        const { user } = await t.signIn("user");
        for (let i = 1; i <= 55; i++) insert(t, user.id, `number ${i}`, 1_000 + i);
      },
      expectStatus: 200,
      after: (res) => {
        expect(res.json.unread).toBe(55);
        expect(res.json.items).toHaveLength(50);
        expect(res.json.items[0]).toEqual({
          id: 55,
          kind: "REWARD_APPROVED",
          message: "number 55",
          txHash: null,
          createdAt: new Date(1_055).toISOString(),
          read: false,
        });
      },
    },
    {
      name: "no ids: all read",
      method: "POST",
      url: "/api/user/notifications/read",
      as: "user",
      setup: async (t) => {
        const { user } = await t.signIn("user");
        for (let i = 1; i <= 3; i++) insert(t, user.id, `number ${i}`, 1_000 + i);
      },
      expectStatus: 200,
      expectJson: { unread: 0 },
      after: async (_res, { call }) =>
        expect((await call("GET", "/api/user/notifications")).json.items.map((n: any) => n.read)).toEqual([
          true,
          true,
          true,
        ]),
    },
    {
      name: "the ids given, only this user's",
      method: "POST",
      url: "/api/user/notifications/read",
      as: "user",
      setup: async (t) => {
        const { user } = await t.signIn("user");
        const other = await t.register("other");
        insert(t, user.id, "mine 1", 1_001);
        insert(t, user.id, "mine 2", 1_002);
        insert(t, other.user.id, "theirs", 1_003);
      },
      body: { ids: [1, 3] },
      expectStatus: 200,
      expectJson: { unread: 1 },
      expectRows: [
        {
          sql: "select id, read_at is not null as read from notifications order by id",
          equals: [
            { id: 1, read: 1 },
            { id: 2, read: 0 },
            { id: 3, read: 0 },
          ],
        },
      ],
    },
    {
      name: "ids that are not a list of ids",
      method: "POST",
      url: "/api/user/notifications/read",
      as: "user",
      body: { ids: ["x"] },
      expectStatus: 400,
      expectJson: { message: IDS_INVALID },
    },
    { name: "a visitor: 401", method: "GET", url: "/api/user/notifications", expectStatus: 401 },
  ]));

describe("written with the admin's decisions", () => {
  let t: TestApp;
  afterEach(() => t.close());

  test("a reward approved, another denied with the reason", async () => {
    t = testApp();
    const user = await t.register("sharer");
    const admin = await t.registerAdmin();
    // a bonus needs an account a day old (bonusMinAccountAgeHours)
    t.clock.advance(24 * 60 * 60 * 1000);
    const ids = [];
    for (const platform of ["Facebook", "Twitter"]) {
      await t.call("POST", "/api/social/share", { cookie: user.cookie, body: { platform } });
      ids.push(
        (
          await t.call("POST", "/api/social/bonus-request", {
            cookie: user.cookie,
            body: { address: randomAddress(), platform },
          })
        ).json.id,
      );
    }
    expect(
      (await t.call("POST", `/api/admin/claims/${ids[0]}`, { cookie: admin.cookie, body: { status: "APPROVED" } }))
        .status,
    ).toBe(200);
    t.clock.advance(1000);
    expect(
      (
        await t.call("POST", `/api/admin/claims/${ids[1]}`, {
          cookie: admin.cookie,
          body: { status: "DENIED", reason: "The post was not public" },
        })
      ).status,
    ).toBe(200);
    const list = (await t.call("GET", "/api/user/notifications", { cookie: user.cookie })).json;
    expect(list.unread).toBe(2);
    expect(list.items.map((n: any) => [n.kind, n.message])).toEqual([
      ["REWARD_DENIED", "Your social share reward (Twitter) was denied: The post was not public"],
      [
        "REWARD_APPROVED",
        expect.stringMatching(/^Your social share reward \(Facebook\) of \d+(\.\d+)? XRP was approved/),
      ],
    ]);
  });
});

describe("written with the admin's rejection", () => {
  let t: TestApp;
  afterEach(() => t.close());

  test("a user's faucet request rejected, with the reason", async () => {
    t = testApp();
    const user = await t.register("requester");
    const admin = await t.registerAdmin();
    const made = await t.call("POST", "/api/faucet/request", {
      cookie: user.cookie,
      body: { address: randomAddress() },
      ip: "198.51.100.78",
      headers: { "user-agent": "Mozilla/5.0" },
    });
    expect(made.status).toBe(201);
    expect(
      (
        await t.call("POST", `/api/admin/faucet/requests/${made.json.id}`, {
          cookie: admin.cookie,
          body: { action: "REJECTED", reason: "Looks automated" },
        })
      ).status,
    ).toBe(200);
    const list = (await t.call("GET", "/api/user/notifications", { cookie: user.cookie })).json;
    expect(list).toEqual({
      unread: 1,
      items: [
        {
          id: expect.any(Number),
          kind: "REQUEST_REJECTED",
          message: `Your faucet request #${made.json.id} was rejected: Looks automated`,
          txHash: null,
          createdAt: expect.any(String),
          read: false,
        },
      ],
    });
  });
});

describe("written with the payment, through the real engine", () => {
  let bed: PayoutBed;
  afterEach(async () => {
    await bed?.close();
  });

  test("a user's faucet request: approved, then paid with the ledger's hash", async () => {
    bed = await payoutBed();
    const user = await bed.t.register("requester");
    const made = await bed.t.call("POST", "/api/faucet/request", {
      cookie: user.cookie,
      body: { address: randomAddress() },
      ip: "198.51.100.77",
      headers: { "user-agent": "Mozilla/5.0" },
    });
    expect(made.status).toBe(201);
    await bed.t.call("POST", `/api/admin/faucet/requests/${made.json.id}`, {
      cookie: bed.admin,
      body: { action: "APPROVED" },
    });
    await bed.settle(
      () =>
        (bed.t.db.sqlite.query("select status from faucet_requests where id = ?").get(made.json.id) as any).status ===
        "PROCESSED",
    );
    const hash = (bed.t.db.sqlite.query("select tx_hash from faucet_requests where id = ?").get(made.json.id) as any)
      .tx_hash;
    expect(hash).toMatch(/^[0-9A-F]{64}$/);
    const list = (await bed.t.call("GET", "/api/user/notifications", { cookie: user.cookie })).json;
    expect(list.items.map((n: any) => [n.kind, n.txHash])).toEqual([
      ["REQUEST_PAID", hash],
      ["REQUEST_APPROVED", null],
    ]);
    expect(list.items[0].message).toMatch(
      new RegExp(`XRP from your faucet request #${made.json.id} was paid to your address\\.$`),
    );
    // what the dashboard calls "Paid to you"
    expect((await bed.t.call("GET", "/api/user", { cookie: user.cookie })).json).toMatchObject({
      paid: made.json.amount,
      totalClaimed: "0.000000",
    });
  });

  test("an anonymous visitor's request is paid without a notification for anyone", async () => {
    bed = await payoutBed();
    const { id } = await bed.approvedRequest();
    await bed.settle(
      () =>
        (bed.t.db.sqlite.query("select status from faucet_requests where id = ?").get(id) as any).status ===
        "PROCESSED",
    );
    expect(bed.t.db.sqlite.query("select count(*) as n from notifications").get()).toEqual({ n: 0 });
  });

  test("a user's owed rewards paid in one payment: REWARD_PAID with the hash", async () => {
    bed = await payoutBed();
    const user = await bed.t.register("earner");
    // a bonus needs an account a day old (bonusMinAccountAgeHours)
    bed.t.clock.advance(24 * 60 * 60 * 1000);
    const address = Wallet.generate(ECDSA.ed25519).classicAddress;
    await bed.t.call("POST", "/api/social/share", { cookie: user.cookie, body: { platform: "Facebook" } });
    const c = await bed.t.call("POST", "/api/social/bonus-request", {
      cookie: user.cookie,
      body: { address, platform: "Facebook" },
    });
    await bed.t.call("POST", `/api/admin/claims/${c.json.id}`, { cookie: bed.admin, body: { status: "APPROVED" } });
    await bed.t.call("POST", `/api/admin/pay/${user.user.id}`, { cookie: bed.admin });
    await bed.settle(
      () =>
        (bed.t.db.sqlite.query("select status from payouts where user_id = ?").get(user.user.id) as any)?.status ===
        "paid",
    );
    const hash = bed.sim.payments({ destination: address })[0]!.hash;
    const list = (await bed.t.call("GET", "/api/user/notifications", { cookie: user.cookie })).json;
    expect(list.items[0]).toMatchObject({
      kind: "REWARD_PAID",
      txHash: hash,
      message: expect.stringMatching(/XRP of rewards owed to you was paid to your address\.$/),
    });
    const me = (await bed.t.call("GET", "/api/user", { cookie: user.cookie })).json;
    expect(me).toMatchObject({ totalClaimed: "0.000000", paid: "5.000000" });
  });
});
