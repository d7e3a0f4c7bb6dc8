// The social bonus against an account farm, over real HTTP to a listening server: the bonus budget,
// the account age, the weekly limits per payout address, registration network and registration
// device, and what a claim tells the admin (where it came from, its risk score, the user's file).
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { httpClient, type HttpClient } from "../../testing/client.ts";
import { randomAddress, strangerIp, testApp, type TestApp } from "../../testing/harness.ts";
import { queryPlan, statementsPreparedBy } from "../../testing/query-plan.ts";
import { createWideRegistrationCount } from "../account/repository.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const HIGH = 50;
// A moment as the refusals write it: "Jan 16, 12:00 UTC".
const at = (ms: number) =>
  `${new Date(ms).toLocaleString("en-US", { timeZone: "UTC", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })} UTC`;

let t: TestApp;
let url: string;
let admin: HttpClient;
let made = 0;
beforeEach(async () => {
  t = testApp();
  url = t.listen();
  made = 0;
  const { cookie } = await t.registerAdmin();
  admin = httpClient(url, { ipHeader: "x-test-ip", ip: "192.0.2.200", headers: { cookie } });
});
afterEach(async () => {
  await t.close();
});

// A browser: its own cookie jar (session and device cookie), its own IP unless a request says another.
const browser = (ip: string) => httpClient(url, { ipHeader: "x-test-ip", ip });
// A new account registered from `ip` (with `device` as its device cookie, when given); logged in.
async function account(ip: string, device?: string): Promise<HttpClient & { id: number }> {
  const n = made++;
  const client = browser(ip);
  const res = await client.post(
    "/api/register",
    { username: `person${n}`, email: `person${n}@example.com`, password: "correct horse battery" },
    device ? { headers: { cookie: `device=${device}` } } : {},
  );
  expect(res.status).toBe(201);
  return Object.assign(client, { id: res.json.user.id as number });
}
// A share on the platform, then its claim to `address` (from the browser's IP, or `ip`).
async function claim(client: HttpClient, platform: string, address: string, ip?: string) {
  await client.post("/api/social/share", { platform }, { ip });
  return client.post(
    "/api/social/bonus-request",
    {
      address,
      platform,
      sharedUrl: "https://x.example/earn-more",
      sharedContent: { title: "Free XRP", description: "Claim" },
    },
    { ip },
  );
}
const rewards = () =>
  t.db.sqlite.query("select user_id, address, status, budget_day from rewards order by id").all() as {
    user_id: number;
    address: string;
    status: string;
    budget_day: string | null;
  }[];
const bonusUsed = (day: string) =>
  (
    t.db.sqlite.query("select bonus_drops from faucet_daily_totals where day = ?").get(day) as {
      bonus_drops: number;
    } | null
  )?.bonus_drops ?? 0;

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

describe("what a claim tells the admin", () => {
  test("a lone honest user's first claim: its IP, network and device, a low risk score; the admin's lists show them", async () => {
    const user = await account("198.51.100.30");
    t.clock.advance(2 * DAY);
    const address = randomAddress();
    const res = await claim(user, "Twitter", address, "2001:db8:aa:bb::5");
    expect(res.status).toBe(201);
    const deviceId = user.cookie("device");
    expect(deviceId).toBeString();
    const listed = (await admin.get("/api/admin/claims")).json.pendingRewards;
    expect(listed).toEqual([
      expect.objectContaining({
        id: res.json.id,
        address,
        ip: "2001:db8:aa:bb::5",
        ipNetwork: "2001:db8:aa::/48",
        deviceId,
        riskScore: expect.any(Number),
        riskReasons: expect.any(Array),
      }),
    ]);
    expect(listed[0].riskScore).toBeLessThan(20);
    expect(listed[0].riskReasons).toEqual(["account less than 7 days old", "the faucet never paid this address"]);
    await admin.post(`/api/admin/claims/${res.json.id}`, { status: "APPROVED" });
    const processed = (await admin.get("/api/admin/processed-claims")).json.processedClaims;
    expect(processed[0]).toMatchObject({
      id: res.json.id,
      ip: "2001:db8:aa:bb::5",
      ipNetwork: "2001:db8:aa::/48",
      deviceId,
      riskScore: listed[0].riskScore,
      riskReasons: listed[0].riskReasons,
    });
  });

  test("a farm's claims score high: accounts from one /48 claiming to one address, and accounts from many networks claiming from one device", async () => {
    // six accounts from 6 /64s of one /48, over two hours (5 an hour), each on its own device
    const farm = [];
    for (let i = 0; i < 6; i++) {
      if (i === 5) t.clock.advance(HOUR);
      farm.push(await account(`2001:db8:f00:${i + 1}::1`, `farm-a-device-0000000000${i}`));
    }
    t.clock.advance(DAY);
    const address = randomAddress();
    const scores: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await claim(farm[i]!, "Twitter", address, `203.0.113.${i + 1}`);
      expect(res.status).toBe(201);
      scores.push(res.json.id);
    }
    // accounts registered one per network (as a farm rotating networks), all claiming from one browser
    const rotating = [];
    for (let i = 0; i < 3; i++) rotating.push(await account(`${60 + i}.9.9.9`, `farm-b-device-0000000000${i}`));
    t.clock.advance(DAY);
    const farmBrowser = "farm-b-claiming-browser-0000001";
    const other = randomAddress();
    for (const member of rotating) {
      await member.post("/api/social/share", { platform: "Facebook" });
      const res = await member.post(
        "/api/social/bonus-request",
        { address: other, platform: "Facebook" },
        { headers: { cookie: `session=${member.cookie("session")}; device=${farmBrowser}` } },
      );
      expect(res.status).toBe(201);
      scores.push(res.json.id);
    }
    const byId = new Map<number, { riskScore: number; riskReasons: string[] }>(
      (await admin.get("/api/admin/claims")).json.pendingRewards.map((r: { id: number }) => [r.id, r]),
    );
    const score = (id: number) => byId.get(id)!;
    console.log(
      `social bonus farm: claims scored ${scores.map((id) => score(id).riskScore).join(", ")} (one /48 to one address; then many networks from one device)`,
    );
    for (const id of scores.slice(0, 3)) {
      expect(score(id).riskScore).toBeGreaterThanOrEqual(HIGH);
      expect(score(id).riskReasons.join("; ")).toContain("accounts registered from this account's network in 7 days");
    }
    // the rotating farm's first claim looks like anyone's; each later one is high
    for (const id of scores.slice(4)) {
      expect(score(id).riskScore).toBeGreaterThanOrEqual(HIGH);
      expect(score(id).riskReasons.join("; ")).toContain("from this device");
    }
  });

  test("the user file: where an account that only registered and claimed was seen, its registration, its risk", async () => {
    const user = await account("198.51.100.40", "registration-device-000000000001");
    // another account from the same registration network, and one claiming to the same address
    const neighbour = await account("198.51.100.41");
    t.clock.advance(DAY);
    const address = randomAddress();
    expect((await claim(user, "Twitter", address, "203.0.113.50")).status).toBe(201);
    expect((await claim(neighbour, "Twitter", address)).status).toBe(201);
    const claimDevice = user.cookie("device");
    const file = (await admin.get(`/api/admin/users/${user.id}`)).json;
    expect(file.registration).toEqual({ ipNetwork: "198.51.100.0/24", deviceId: "registration-device-000000000001" });
    expect(file.ipsSeen).toEqual([
      { ip: "203.0.113.50", count: 1, lastSeen: new Date(t.clock()).toISOString() },
      { ip: "198.51.100.0/24", count: 1, lastSeen: new Date(t.clock() - DAY).toISOString() },
    ]);
    expect(file.devicesSeen).toEqual([
      { deviceId: claimDevice, count: 1, lastSeen: new Date(t.clock()).toISOString() },
      { deviceId: "registration-device-000000000001", count: 1, lastSeen: new Date(t.clock() - DAY).toISOString() },
    ]);
    expect(file.riskScore).toBeGreaterThanOrEqual(20);
    expect(file.riskReasons).toEqual(
      expect.arrayContaining([
        expect.stringContaining("from this account's registration network"),
        expect.stringContaining("claimed to this account's addresses"),
      ]),
    );
    // a user nobody shares anything with
    const alone = (await admin.get(`/api/admin/users/${(await account("192.0.2.77")).id}`)).json;
    expect(alone).toMatchObject({
      riskScore: 0,
      riskReasons: [],
      registration: { ipNetwork: "192.0.2.0/24", deviceId: expect.any(String) },
    });
    expect(alone.devicesSeen).toHaveLength(1);
  });
});

// A farm that registers from many networks (IPv4 /24s, IPv6 /48s) of one provider (/16, /32): each
// network stays under the new-accounts limit, so every registration is accepted (the wide network
// never refuses), but the accounts' bonus claims and the admin's screens count them.
describe("registrations from many networks of one wide network (IPv4 /16, IPv6 /32)", () => {
  test.each([
    {
      name: "12 /24s of one /16",
      ip: (i: number) => `100.64.${i * 7}.9`,
      wide: "100.64.0.0/16",
      reason: "11 accounts registered from other networks of this account's /16 within 24 h of it",
    },
    {
      name: "12 /48s of one /32",
      ip: (i: number) => `2001:db8:${(i + 1).toString(16)}:5::1`,
      wide: "2001:db8::/32",
      reason: "11 accounts registered from other networks of this account's /32 within 24 h of it",
    },
    { name: "12 unrelated /16s", ip: (i: number) => strangerIp(i), wide: "11.0.0.0/16", reason: null },
  ])(
    "$name: every registration accepted; a claim, the user file and the users list count the others",
    async ({ ip, wide, reason }) => {
      const people: Awaited<ReturnType<typeof account>>[] = [];
      for (let i = 0; i < 12; i++) {
        people.push(await account(ip(i)));
        t.clock.advance(60_000);
      }
      expect(t.db.sqlite.query("select count(*) as n from users where ip_wide = ?").get(wide)).toEqual({
        n: reason ? 12 : 1,
      });
      t.clock.advance(DAY);
      const res = await claim(people[0]!, "Twitter", randomAddress(), "192.0.2.99");
      expect(res.status).toBe(201);
      const listed = (await admin.get("/api/admin/claims")).json.pendingRewards.find(
        (r: { id: number }) => r.id === res.json.id,
      );
      const file = (await admin.get(`/api/admin/users/${people[0]!.id}`)).json;
      const row = (await admin.get("/api/admin/users")).json.users.find((u: { id: number }) => u.id === people[0]!.id);
      const alone = ["account less than 7 days old", "the faucet never paid this address"];
      if (reason) {
        // the other 11 lift the score past high; the first of them is free, as for the faucet's velocity
        expect(listed.riskReasons).toEqual([reason, ...alone]);
        expect(listed.riskScore).toBeGreaterThanOrEqual(HIGH);
        expect(file.registrationWide).toEqual({ ipWide: wide, accountsFromOtherNetworks: 11 });
        expect(file.riskReasons).toEqual([reason]);
        expect(file.riskScore).toBeGreaterThanOrEqual(HIGH);
        expect(row.registration).toEqual({
          ipNetwork: expect.any(String),
          ipWide: wide,
          accountsFromOtherNetworks: 11,
        });
      } else {
        expect(listed.riskReasons).toEqual(alone);
        expect(listed.riskScore).toBe(15);
        expect(file.registrationWide).toEqual({ ipWide: wide, accountsFromOtherNetworks: 0 });
        expect(file).toMatchObject({ riskScore: 0, riskReasons: [] });
        expect(row.registration).toEqual({ ipNetwork: "11.0.0.0/24", ipWide: wide, accountsFromOtherNetworks: 0 });
      }
    },
  );

  test("the count is capped at 50: a farm of 60 networks in one /16 reads 50 at most", async () => {
    // (the 60 written straight to the table: the cap is about the read, not how the rows came)
    const user = await account("100.65.200.9");
    const insert = t.db.sqlite.prepare(
      "insert into users (username, email, password_hash, ip_group, ip_network, ip_wide, created_at) values (?, ?, 'x', ?, ?, '100.65.0.0/16', ?)",
    );
    for (let i = 0; i < 60; i++)
      insert.run(`bulk${i}`, `bulk${i}@example.com`, `100.65.${i}.0/24`, `100.65.${i}.0/24`, t.clock() - i * 60_000);
    const file = (await admin.get(`/api/admin/users/${user.id}`)).json;
    expect(file.registrationWide).toEqual({ ipWide: "100.65.0.0/16", accountsFromOtherNetworks: 50 });
    expect(file.riskReasons).toEqual([
      "at least 50 accounts registered from other networks of this account's /16 within 24 h of it",
    ]);
  });

  test("the count reads one range of the (ip_wide, created_at) index, at most 50 rows of it", () => {
    const [count, ...more] = statementsPreparedBy(t.db, () => createWideRegistrationCount(t.db));
    expect(more).toEqual([]);
    expect(count).toContain(") limit ?)");
    expect(queryPlan(t.db, count!)).toEqual([
      "CO-ROUTINE capped",
      "SEARCH users USING INDEX users_ip_wide_time (ip_wide=? AND created_at>? AND created_at<?)",
      "SCAN capped",
    ]);
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
