// The social bonus over real HTTP to a listening server (what an outside attacker tried), what a user
// may read, and the streaks and points a request brings.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { randomAddress } from "../../testing/harness.ts";
import { SHARE_FIRST } from "./model.ts";
import { claim, cookie, earnMore, rewards, share, sharerEachTest, t } from "./testing.ts";

sharerEachTest();

// What an outside attacker tried, over real HTTP to a listening server.
describe("over real HTTP", () => {
  let url: string;
  beforeEach(() => {
    url = t.listen();
  });
  afterEach(async () => {
    await t.app.stop(true);
  });
  const post = async (path: string, body: unknown, c = cookie) => {
    const res = await fetch(`${url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: c },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, type: res.headers.get("content-type"), json: JSON.parse(text) };
  };
  const HOUR = 60 * 60 * 1000;

  test("a claim for a platform needs a share on that platform by this user in the last hour", async () => {
    const refused = await post("/api/social/bonus-request", earnMore(randomAddress(), "Facebook"));
    expect(refused).toEqual({
      status: 409,
      type: expect.stringContaining("application/json"),
      json: { message: "Share on Facebook first, then claim your bonus." },
    });
    // a share on another platform, or another user's share, does not count
    expect((await post("/api/social/share", { platform: "Twitter" })).status).toBe(201);
    const other = await t.register("someoneelse");
    expect((await post("/api/social/share", { platform: "Facebook" }, other.cookie)).status).toBe(201);
    expect((await post("/api/social/bonus-request", earnMore(randomAddress(), "Facebook"))).json).toEqual({
      message: "Share on Facebook first, then claim your bonus.",
    });
    expect(rewards()).toEqual([]);
    // a share more than an hour old does not count either, with or without a platform
    expect((await post("/api/social/share", { platform: "Facebook" })).status).toBe(201);
    t.clock.advance(HOUR + 1);
    expect((await post("/api/social/bonus-request", earnMore(randomAddress(), "Facebook"))).status).toBe(409);
    expect(await post("/api/social/bonus-request", { address: randomAddress() })).toMatchObject({
      status: 400,
      json: { message: SHARE_FIRST },
    });
    expect(rewards()).toEqual([]);
    // shared within the hour: accepted
    expect((await post("/api/social/share", { platform: "facebook" })).status).toBe(201);
    t.clock.advance(HOUR - 1);
    const ok = await post("/api/social/bonus-request", earnMore(randomAddress(), "Facebook"));
    expect(ok.status).toBe(201);
    expect(ok.json.platform).toBe("Facebook");
    expect(rewards().map((r) => r.platform)).toEqual(["Facebook"]);
  });

  // {"toString": null} makes String(x) and `${x}` throw: such a value must be refused by the schema.
  const poison = { toString: null, valueOf: null };
  test.each([
    {
      name: "sharedContent.title",
      body: { ...earnMore(randomAddress(), "Twitter"), sharedContent: { title: poison } },
    },
    {
      name: "sharedContent.description",
      body: { ...earnMore(randomAddress(), "Twitter"), sharedContent: { title: "x", description: poison } },
    },
    { name: "sharedContent", body: { ...earnMore(randomAddress(), "Twitter"), sharedContent: ["a", poison] } },
    { name: "sharedContent as text", body: { ...earnMore(randomAddress(), "Twitter"), sharedContent: "Free XRP" } },
    { name: "sharedUrl", body: { ...earnMore(randomAddress(), "Twitter"), sharedUrl: poison } },
    {
      name: "a long sharedUrl",
      body: { ...earnMore(randomAddress(), "Twitter"), sharedUrl: `https://x.example/${"a".repeat(600)}` },
    },
    { name: "platform", body: { ...earnMore(randomAddress(), "Twitter"), platform: poison } },
    { name: "address", body: { ...earnMore(randomAddress(), "Twitter"), address: poison } },
    {
      name: "a long title",
      body: { ...earnMore(randomAddress(), "Twitter"), sharedContent: { title: "t".repeat(201), description: "d" } },
    },
  ])("a claim with a crafted $name: 400 with a message, nothing stored, nothing logged", async ({ body }) => {
    await post("/api/social/share", { platform: "Twitter" });
    const res = await post("/api/social/bonus-request", body);
    expect(res.status).toBe(400);
    expect(typeof res.json.message).toBe("string");
    expect(res.json.message).not.toContain("Something went wrong");
    expect(rewards()).toEqual([]);
    expect(t.logs).toEqual([]);
  });

  test("a share with a crafted platform: 400 with a message", async () => {
    for (const platform of [poison, ["Twitter"], { platform: "Twitter" }, 5]) {
      const res = await post("/api/social/share", { platform });
      expect(res).toEqual({
        status: 400,
        type: expect.stringContaining("application/json"),
        json: { message: "platform must be Facebook, Twitter or LinkedIn" },
      });
    }
    expect(t.db.sqlite.query("select count(*) as n from social_shares").get()).toEqual({ n: 0 });
    expect(t.logs).toEqual([]);
  });
});

describe("what a user may read", () => {
  test("a user never sees another user's requests or rewards", async () => {
    const other = await t.register("other");
    await t.call("POST", "/api/faucet/request", { body: { address: randomAddress() }, cookie });
    await share("Twitter");
    expect((await claim(earnMore(randomAddress(), "Twitter"))).status).toBe(201);
    await t.call("POST", "/api/faucet/request", {
      body: { address: randomAddress() },
      cookie: other.cookie,
      ip: "198.51.100.3",
    });
    const mine = (await t.call("GET", "/api/user/faucet-requests", { cookie })).json;
    const theirs = (await t.call("GET", "/api/user/faucet-requests", { cookie: other.cookie })).json;
    expect(mine).toHaveLength(1);
    expect(theirs).toHaveLength(1);
    expect(mine[0].id).not.toBe(theirs[0].id);
    expect(mine[0]).toEqual({
      id: expect.any(Number),
      status: "PENDING",
      amount: expect.stringMatching(/^\d+\.\d{6}$/),
      createdAt: expect.any(String),
      reason: null,
      rejectReason: null,
      txHash: null,
    });
    expect((await t.call("GET", "/api/user/rewards-history", { cookie })).json).toEqual([
      {
        id: expect.any(Number),
        type: "SOCIAL_SHARE",
        platform: "Twitter",
        status: "PENDING",
        amount: "5.000000",
        createdAt: expect.any(String),
        denyReason: null,
        txHash: null,
      },
    ]);
    expect((await t.call("GET", "/api/user/rewards-history", { cookie: other.cookie })).json).toEqual([]);
    expect((await t.call("GET", "/api/user/faucet-requests")).status).toBe(401);
    expect((await t.call("GET", "/api/user/rewards-history")).status).toBe(401);
  });
});

describe("streaks and points", () => {
  const H = 60 * 60 * 1000;
  const request = (ip: string) =>
    t.call("POST", "/api/faucet/request", {
      body: { address: randomAddress() },
      cookie,
      ip,
      headers: { "user-agent": "Mozilla/5.0" },
    });
  const me = async () => (await t.call("GET", "/api/user", { cookie })).json;

  test.each([
    { gapHours: 23.99, streak: 1, name: "a second claim within 24 h keeps the streak" },
    { gapHours: 24, streak: 2, name: "24 h later the streak grows" },
    { gapHours: 47.99, streak: 2, name: "just under 48 h later the streak grows" },
    { gapHours: 48, streak: 1, name: "48 h later the streak starts again" },
  ])("$name ($gapHours h -> $streak)", async ({ gapHours, streak }) => {
    expect((await request("198.51.100.1")).status).toBe(201);
    const first = await me();
    expect(first.dailyStreak).toBe(1);
    expect(first.drops).toBe(10);
    expect(first.lastClaim).toBe(new Date(t.clock()).toISOString());
    t.clock.advance(Math.round(gapHours * H));
    expect((await request("198.51.100.2")).status).toBe(201);
    const second = await me();
    expect(second.dailyStreak).toBe(streak);
    expect(second.drops).toBe(10 + 10 + 2);
    expect(second.lastClaim).toBe(new Date(t.clock()).toISOString());
  });

  test("a refused request changes nothing about the user", async () => {
    const address = randomAddress();
    await t.call("POST", "/api/faucet/request", { body: { address }, cookie });
    const before = await me();
    t.clock.advance(H);
    const refused = await t.call("POST", "/api/faucet/request", { body: { address }, cookie });
    expect(refused.status).toBe(429);
    expect(await me()).toEqual(before);
  });
});
