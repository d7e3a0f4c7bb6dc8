// The social bonus's claims: from the earn-more page and the dashboard, one per platform a rolling
// week, and what a claim may not be. (Over real HTTP, what a user reads, streaks: social-http.test.ts.)
import { describe, expect, test } from "bun:test";
import { randomAddress } from "../../testing/harness.ts";
import { type Scenario, scenarios } from "../../testing/scenario.ts";
import { ADDRESS_INVALID, ADDRESS_REQUIRED, LOGIN_TO_CLAIM, SHARE_FIRST } from "./model.ts";
import { WEEK_MS } from "./service.ts";
import { claim, cookie, earnMore, rewards, share, sharerEachTest, t } from "./testing.ts";

sharerEachTest();

describe("POST /api/social/bonus-request", () => {
  test("from the earn-more page: a PENDING 5 XRP reward for that platform; the address becomes the user's", async () => {
    const address = randomAddress();
    await share("Twitter");
    const res = await claim(earnMore(` ${address} `, "Twitter"));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      status: "PENDING",
      platform: "Twitter",
      amount: "5.000000",
      message: "Social Sharing Bonus Submitted!",
    });
    expect(rewards()).toEqual([
      { type: "SOCIAL_SHARE", platform: "Twitter", amount_drops: 5_000_000, status: "PENDING", address },
    ]);
    expect((await t.call("GET", "/api/user", { cookie })).json.xrpAddress).toBe(address);
    // a later claim with another address does not replace the user's address
    await share("Facebook");
    expect((await claim(earnMore(randomAddress(), "Facebook"))).status).toBe(201);
    expect((await t.call("GET", "/api/user", { cookie })).json.xrpAddress).toBe(address);
  });

  test("from the dashboard (no platform): counts for the platform shared on last", async () => {
    const none = await claim({ address: randomAddress() });
    expect(none.status).toBe(400);
    expect(none.json).toEqual({ message: SHARE_FIRST });
    expect((await share("linkedin")).status).toBe(201);
    const res = await claim({ address: randomAddress() });
    expect(res.status).toBe(201);
    expect(res.json.platform).toBe("LinkedIn");
  });

  const refused = (name: string, body: unknown, status: number, message: string, as?: "user"): Scenario => ({
    name: `${name} -> ${status}`,
    method: "POST",
    url: "/api/social/bonus-request",
    as,
    body,
    expectStatus: status,
    expectJson: { message },
    expectRows: [{ sql: "select * from rewards", equals: [] }],
  });
  scenarios(
    [
      refused("logged out", earnMore(randomAddress(), "Twitter"), 401, LOGIN_TO_CLAIM),
      refused("no address", earnMore("", "Twitter"), 400, ADDRESS_REQUIRED, "user"),
      refused(
        "address not starting with r",
        earnMore("xHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", "Twitter"),
        400,
        ADDRESS_INVALID,
        "user",
      ),
      refused("address too short", earnMore("rShort", "Twitter"), 400, ADDRESS_INVALID, "user"),
      refused("bad checksum", earnMore("rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTa", "Twitter"), 400, ADDRESS_INVALID, "user"),
      refused(
        "unknown platform",
        earnMore(randomAddress(), "MySpace"),
        400,
        "platform must be Facebook, Twitter or LinkedIn",
        "user",
      ),
    ],
    { app: () => t },
  );

  test("one claim per platform per rolling 7 days: 15 XRP a week at most", async () => {
    for (const platform of ["Facebook", "Twitter", "LinkedIn"]) {
      await share(platform);
      expect((await claim(earnMore(randomAddress(), platform))).status).toBe(201);
    }
    t.clock.advance(WEEK_MS - 60 * 60 * 1000);
    await share("Twitter");
    const again = await claim(earnMore(randomAddress(), "Twitter"));
    expect(again.status).toBe(429);
    // the button, the form's note and this refusal say the same: the moment it is claimable again, in UTC
    expect(again.json.message).toBe(
      `You already claimed the Twitter bonus this week. It is available again on ${new Date(t.clock() + 60 * 60 * 1000).toLocaleString("en-US", { timeZone: "UTC", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })} UTC.`,
    );
    expect(rewards().reduce((sum, r) => sum + r.amount_drops, 0)).toBe(15_000_000);
    const offer = (await t.call("GET", "/api/social/bonus", { cookie })).json;
    expect(offer.amountPerPlatform).toBe("5.000000");
    expect(offer.platforms.every((p: any) => p.availableAt !== null)).toBe(true);
    t.clock.advance(60 * 60 * 1000);
    await share("Twitter");
    expect((await claim(earnMore(randomAddress(), "Twitter"))).status).toBe(201);
  });

  test("a denied claim does not use up the week", async () => {
    await share("Facebook");
    const first = await claim(earnMore(randomAddress(), "Facebook"));
    t.db.sqlite.run("update rewards set status = 'DENIED' where id = ?", [first.json.id]);
    expect((await claim(earnMore(randomAddress(), "Facebook"))).status).toBe(201);
  });

  test("20 concurrent claims over real HTTP never pass 15 XRP a week", async () => {
    t.app.listen({ port: 0, hostname: "127.0.0.1" });
    try {
      const url = `http://127.0.0.1:${t.app.server!.port}/api/social/bonus-request`;
      const platforms = ["Facebook", "Twitter", "LinkedIn"];
      for (const platform of platforms) await share(platform);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          fetch(url, {
            method: "POST",
            headers: { "content-type": "application/json", cookie },
            body: JSON.stringify(earnMore(randomAddress(), platforms[i % 3]!)),
          }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
      expect(
        rewards()
          .map((r) => r.platform)
          .sort(),
      ).toEqual(["Facebook", "LinkedIn", "Twitter"]);
    } finally {
      await t.app.stop(true);
    }
  });
});
