// The social bonus against an account farm, over real HTTP to a listening server: the account age, the
// bonus budget, the weekly limits per payout address, registration network and registration device,
// and the offer that says when each bonus opens. (What a claim tells the admin: farm-admin.test.ts;
// registrations from many networks of one wide network: farm-wide.test.ts.)
import { describe, expect, test } from "bun:test";
import { randomAddress } from "../../testing/harness.ts";
import {
  account,
  admin,
  at,
  bonusUsed,
  browser,
  claim,
  DAY,
  HOUR,
  rewards,
  t,
  newSiteEachTest,
  WEEK,
} from "./farm-testing.ts";

newSiteEachTest();

describe("a bonus needs an account older than bonusMinAccountAgeHours", () => {
  test("a new account is refused with 403 saying when it may claim; from then on it may", async () => {
    const registered = t.clock();
    const user = await account("198.51.100.10");
    const refused = await claim(user, "Twitter", randomAddress());
    expect(refused.status).toBe(403);
    expect(refused.headers.get("x-error-code")).toBe("ACCOUNT_TOO_NEW");
    expect(refused.json).toEqual({
      message: `Your account is too new for a bonus: bonuses need an account at least 24 hours old. You can claim from ${at(registered + DAY)}.`,
    });
    t.clock.advance(DAY - 60_000);
    expect((await claim(user, "Twitter", randomAddress())).status).toBe(403);
    expect(rewards()).toEqual([]);
    t.clock.advance(60_000);
    expect((await claim(user, "Twitter", randomAddress())).status).toBe(201);
  });

  test("the admin sets the age (0: none)", async () => {
    expect((await admin.post("/api/admin/faucet/settings", { bonusMinAccountAgeHours: 0 })).status).toBe(200);
    const user = await account("198.51.100.11");
    expect((await claim(user, "Twitter", randomAddress())).status).toBe(201);
  });
});

describe("the bonus budget", () => {
  test("a claim waits holding none of the bonus budget: pending claims never refuse the next user; approving takes its 5 XRP from the day's, refused past it", async () => {
    expect((await admin.post("/api/admin/faucet/settings", { bonusDailyLimit: "10" })).status).toBe(200);
    const people = [];
    for (let i = 0; i < 4; i++) people.push(await account(`198.51.${100 + i}.20`));
    t.clock.advance(DAY); // 2026-01-16 12:00: the hour may use 10 XRP over the 12 hours left, at least one bonus (5 XRP)
    // three claims wait for a person: none holds the hour's 5 XRP (before, the first did and the next was refused)
    const claims = [];
    for (const person of people.slice(0, 3)) claims.push(await claim(person, "Twitter", randomAddress()));
    expect(claims.map((c) => c.status)).toEqual([201, 201, 201]);
    expect(bonusUsed("2026-01-16")).toBe(0);
    expect(rewards().map((r) => r.budget_day)).toEqual([null, null, null]);

    // approving takes the amount from the day's bonus budget
    expect((await admin.post(`/api/admin/claims/${claims[0]!.json.id}`, { status: "APPROVED" })).status).toBe(200);
    expect(bonusUsed("2026-01-16")).toBe(5_000_000);
    expect(rewards()[0]).toMatchObject({ status: "APPROVED", budget_day: "2026-01-16" });
    // marking one paid takes its amount too; past the day's 10 XRP an approval is refused, nothing changed
    expect((await admin.post(`/api/admin/claims/${claims[1]!.json.id}`, { status: "PAID" })).status).toBe(200);
    expect(bonusUsed("2026-01-16")).toBe(10_000_000);
    // the day's bonus budget is given out: a new claim is refused until tomorrow
    const refused = await claim(people[3]!, "Twitter", randomAddress());
    expect(refused.status).toBe(429);
    expect(refused.headers.get("x-error-code")).toBe("BONUS_BUDGET_REACHED");
    expect(refused.json.message).toStartWith("Today's bonus budget has been given out.");
    expect(Number(refused.headers.get("retry-after"))).toBe(12 * 3600);
    const over = await admin.post(`/api/admin/claims/${claims[2]!.json.id}`, { status: "APPROVED" });
    expect(over.status).toBe(409);
    expect(over.json.message).toBe(
      "Approving this request would pass today's budget (0.000000 XRP left). Raise the daily limit or approve it after midnight UTC.",
    );
    expect(rewards()[2]).toMatchObject({ status: "PENDING", budget_day: null });
    expect(bonusUsed("2026-01-16")).toBe(10_000_000);
    // denying a waiting claim gives back nothing it did not hold
    expect(
      (await admin.post(`/api/admin/claims/${claims[2]!.json.id}`, { status: "DENIED", reason: "Not public" })).status,
    ).toBe(200);
    expect(bonusUsed("2026-01-16")).toBe(10_000_000);
  });

  test("a claim that held budget before claims waited holding none gives it back when denied", async () => {
    const ann = await account("198.51.100.30");
    t.clock.advance(DAY);
    const first = await claim(ann, "Twitter", randomAddress());
    // as a claim made by the earlier version stands in the database
    t.db.sqlite.run("update rewards set budget_day = '2026-01-16' where id = ?", [first.json.id]);
    t.db.sqlite.run("insert into faucet_daily_totals (day, bonus_drops) values ('2026-01-16', 5000000)");
    expect(
      (await admin.post(`/api/admin/claims/${first.json.id}`, { status: "DENIED", reason: "Not public" })).status,
    ).toBe(200);
    expect(bonusUsed("2026-01-16")).toBe(0);
    expect(rewards()[0]).toMatchObject({ status: "DENIED", budget_day: null });
  });
});

describe("weekly limits beyond the account", () => {
  test("at most 3 claims (15 XRP) a rolling week to one payout address, whatever the accounts", async () => {
    const address = randomAddress();
    const people = [];
    for (let i = 0; i < 4; i++) people.push(await account(`203.0.${110 + i}.5`));
    t.clock.advance(DAY);
    const started = t.clock();
    for (let i = 0; i < 3; i++) {
      expect((await claim(people[i]!, "Facebook", address)).status).toBe(201);
      t.clock.advance(HOUR);
    }
    const fourth = await claim(people[3]!, "Facebook", address);
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get("x-error-code")).toBe("BONUS_ADDRESS_LIMIT");
    expect(fourth.json).toEqual({
      message: `This address already received 3 social bonuses this week (15 XRP at most). It can receive another on ${at(started + WEEK)}.`,
    });
    expect(Number(fourth.headers.get("retry-after"))).toBe((started + WEEK - t.clock()) / 1000);
    // another address is fine; a week after the first claim the address may receive one more
    expect((await claim(people[3]!, "Twitter", randomAddress())).status).toBe(201);
    t.clock.set(started + WEEK);
    expect((await claim(people[3]!, "Facebook", address)).status).toBe(201);
  });

  test("at most 3 claims a rolling week from the accounts of one registration network (an IPv6 /48), wherever they claim from", async () => {
    const people = [];
    for (let i = 0; i < 4; i++) people.push(await account(`2001:db8:77:${i + 1}::9`, `network-farm-device-000000${i}`));
    t.clock.advance(DAY);
    const started = t.clock();
    for (let i = 0; i < 3; i++)
      expect((await claim(people[i]!, "LinkedIn", randomAddress(), `198.51.${100 + i}.1`)).status).toBe(201);
    const fourth = await claim(people[3]!, "LinkedIn", randomAddress(), "198.51.103.1");
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get("x-error-code")).toBe("BONUS_NETWORK_LIMIT");
    expect(fourth.json).toEqual({
      message: `Accounts registered from your network already claimed 3 social bonuses this week (15 XRP at most). Another is available on ${at(started + WEEK)}.`,
    });
    // the first three cannot claim another platform either
    expect((await claim(people[0]!, "Twitter", randomAddress())).status).toBe(429);
    expect(rewards()).toHaveLength(3);
    // a denied claim does not count
    await admin.post(`/api/admin/claims/${(await admin.get("/api/admin/claims")).json.pendingRewards[0].id}`, {
      status: "DENIED",
    });
    expect((await claim(people[3]!, "LinkedIn", randomAddress(), "198.51.103.1")).status).toBe(201);
  });

  test("at most 3 claims a rolling week from the accounts registered on one device", async () => {
    const device = "one-farm-device-00000000000000001";
    const people = [];
    for (let i = 0; i < 4; i++) people.push(await account(`${20 + i}.1.1.1`, device));
    t.clock.advance(DAY);
    const started = t.clock();
    for (let i = 0; i < 3; i++) expect((await claim(people[i]!, "Twitter", randomAddress())).status).toBe(201);
    const fourth = await claim(people[3]!, "Twitter", randomAddress());
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get("x-error-code")).toBe("BONUS_DEVICE_LIMIT");
    expect(fourth.json).toEqual({
      message: `Accounts registered from your device already claimed 3 social bonuses this week (15 XRP at most). Another is available on ${at(started + WEEK)}.`,
    });
    expect(rewards()).toHaveLength(3);
  });
});

// GET /api/social/bonus says, before anyone shares, what would refuse a claim and when it opens.
describe("the offer says when each bonus becomes available, before any share", () => {
  test("a new account: its age and the date it may claim, on every platform, in the refusal's words", async () => {
    const registered = t.clock();
    const user = await account("198.51.100.40");
    const offer = (await user.get("/api/social/bonus")).json;
    const tooNew = `Your account is too new for a bonus: bonuses need an account at least 24 hours old. You can claim from ${at(registered + DAY)}.`;
    expect(offer.accountAgeHours).toBe(24);
    expect(offer.waits).toEqual([
      { limit: "account_age", availableAt: new Date(registered + DAY).toISOString(), message: tooNew },
    ]);
    for (const p of offer.platforms)
      expect(p).toMatchObject({
        availableAt: null,
        claimableAt: new Date(registered + DAY).toISOString(),
        waitLimit: "account_age",
        waitReason: tooNew,
      });
    // the refusal a claim would get says the same
    expect((await claim(user, "Twitter", randomAddress())).json.message).toBe(tooNew);
    // a visitor: the account age, nothing held
    const visitor = (await browser("198.51.100.41").get("/api/social/bonus")).json;
    expect(visitor).toMatchObject({ accountAgeHours: 24, waits: [] });
    expect(visitor.platforms.map((p: { claimableAt: string | null }) => p.claimableAt)).toEqual([null, null, null]);
  });

  test("a registration network at its week's most: the date on every platform of its other accounts; the platform's own week where it is later", async () => {
    const people = [];
    for (let i = 0; i < 4; i++) people.push(await account(`2001:db8:78:${i + 1}::9`, `offer-farm-device-00000000${i}`));
    t.clock.advance(DAY);
    const started = t.clock();
    expect((await claim(people[0]!, "LinkedIn", randomAddress())).status).toBe(201);
    t.clock.advance(HOUR);
    for (let i = 1; i < 3; i++) expect((await claim(people[i]!, "LinkedIn", randomAddress())).status).toBe(201);
    const opens = new Date(started + WEEK).toISOString();
    const networkFull = `Accounts registered from your network already claimed 3 social bonuses this week (15 XRP at most). Another is available on ${at(started + WEEK)}.`;
    const fourth = (await people[3]!.get("/api/social/bonus")).json;
    expect(fourth.waits).toEqual([{ limit: "network", availableAt: opens, message: networkFull }]);
    expect(fourth.platforms.map((p: { claimableAt: string }) => p.claimableAt)).toEqual([opens, opens, opens]);
    // the second claimed LinkedIn an hour later: that platform's own week holds it longer
    const second = (await people[1]!.get("/api/social/bonus")).json;
    const linkedIn = second.platforms.find((p: { platform: string }) => p.platform === "LinkedIn");
    expect(linkedIn).toMatchObject({
      claimableAt: new Date(started + HOUR + WEEK).toISOString(),
      waitLimit: "platform",
      waitReason: expect.stringContaining("You already claimed the LinkedIn bonus this week"),
    });
    expect(second.platforms.find((p: { platform: string }) => p.platform === "Twitter")).toMatchObject({
      claimableAt: opens,
      waitLimit: "network",
      waitReason: networkFull,
    });
    // what the offer said is what a claim is told
    expect((await claim(people[3]!, "Twitter", randomAddress())).json.message).toBe(networkFull);
  });
});
