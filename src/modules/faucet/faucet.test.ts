import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { classicAddressToXAddress } from "ripple-address-codec";
import { LAST_HOUR, randomAddress, strangerIp, testApp, type TestApp } from "../../testing/harness.ts";
import { INVALID_ADDRESS } from "../../lib/ledger-address.ts";
import { BUDGET_REACHED, FAUCET_OFFLINE } from "./model.ts";
import { eq } from "drizzle-orm";
import { faucetRequests } from "../../db/schema.ts";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = testApp();
  admin = (await t.registerAdmin()).cookie;
});
afterEach(() => t.close());

const count = (sql: string) => (t.db.sqlite.query(sql).get() as { n: number }).n;
const ask = (address: unknown, options: { ip?: string; device?: string; ua?: string } = {}) =>
  t.call("POST", "/api/faucet/request", {
    body: { address },
    ip: options.ip,
    cookie: options.device ? `device=${options.device}` : undefined,
    headers: { "user-agent": options.ua ?? "Mozilla/5.0 (X11; Linux x86_64) Chrome/120" },
  });
const device = (n: number) => `device-${String(n).padStart(20, "0")}`;

describe("POST /api/faucet/request", () => {
  test("accepts a valid address: 201 with the request, an amount within the settings, a device cookie", async () => {
    const address = randomAddress();
    const res = await ask(address);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      status: "PENDING",
      amount: expect.stringMatching(/^\d+\.\d{6}$/),
      address,
      destinationTag: null,
      reason: null,
      createdAt: expect.any(String),
      txHash: null,
    });
    const amount = Number(res.json.amount);
    expect(amount).toBeGreaterThanOrEqual(5);
    expect(amount).toBeLessThanOrEqual(20);
    expect(res.headers.get("set-cookie")).toMatch(/device=[\w-]{22,}.*HttpOnly/);
    const stored = t.db.sqlite
      .query("select requester_ip, device_id, risk_score, risk_reasons, amount_drops from faucet_requests")
      .get() as any;
    expect(stored.requester_ip).toBe("203.0.113.7");
    expect(stored.device_id).toHaveLength(24);
    expect(stored.risk_score).toBeNumber();
    expect(JSON.parse(stored.risk_reasons)).toContain("first visit from this device");
    expect(Number.isInteger(stored.amount_drops)).toBe(true);
  });

  test("an X-address is stored as its classic address and destination tag", async () => {
    const address = randomAddress();
    const res = await ask(classicAddressToXAddress(address, 12345, false));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ address, destinationTag: 12345 });
  });

  test.each([
    { name: "empty", address: "" },
    { name: "missing", address: undefined },
    { name: "a number", address: 12345 },
    { name: "bad checksum", address: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTa" },
    { name: "pattern-valid but not an address", address: "r" + "a".repeat(30) },
    { name: "an Ethereum address", address: "0x52908400098527886E0F7030069857D2E4169EE7" },
    { name: "huge", address: "r".repeat(10_000) },
  ])("refuses $name with 400 and the spec's message, storing nothing", async ({ address }) => {
    const res = await ask(address);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: INVALID_ADDRESS });
    expect(count("select count(*) as n from faucet_requests")).toBe(0);
  });

  test("one request per address per rolling 24 h, saying when the next is possible", async () => {
    const address = randomAddress();
    expect((await ask(address)).status).toBe(201);
    t.clock.advance(60 * 60 * 1000);
    const again = await ask(address, { ip: "198.51.100.9", device: device(9) });
    expect(again.status).toBe(429);
    expect(again.json.message).toBe(
      "This address already requested XRP in the last 24 hours. You can request again tomorrow at 12:00 UTC (in 23 h).",
    );
    expect(Number(again.headers.get("retry-after"))).toBe(23 * 3600);
    t.clock.advance(23 * 60 * 60 * 1000);
    expect((await ask(address, { ip: "198.51.100.9", device: device(9) })).status).toBe(201);
  });

  test("at most 3 addresses per IP in 24 h", async () => {
    for (let i = 0; i < 3; i++) expect((await ask(randomAddress(), { device: device(i) })).status).toBe(201);
    const fourth = await ask(randomAddress(), { device: device(4) });
    expect(fourth.status).toBe(429);
    expect(fourth.json.message).toBe(
      "Too many addresses from your network today (at most 3 in 24 hours). Please try again tomorrow at 12:00 UTC (in 24 h).",
    );
    expect((await ask(randomAddress(), { ip: "198.51.100.10", device: device(5) })).status).toBe(201);
  });

  test("at most 3 addresses per device in 24 h, whatever the IP", async () => {
    for (let i = 0; i < 3; i++)
      expect((await ask(randomAddress(), { ip: strangerIp(i), device: device(1) })).status).toBe(201);
    const fourth = await ask(randomAddress(), { ip: "198.51.100.50", device: device(1) });
    expect(fourth.status).toBe(429);
    expect(fourth.json.message).toBe(
      "Too many addresses from this device today (at most 3 in 24 hours). Please try again tomorrow at 12:00 UTC (in 24 h).",
    );
  });

  test("the daily budget is never passed: the last request gets what is left, then the faucet says so", async () => {
    t.clock.set(LAST_HOUR); // the whole day's budget is released
    await t.call("POST", "/api/admin/faucet/settings", {
      cookie: admin,
      body: { dailyLimit: "30", minAmount: "10", maxAmount: "20" },
    });
    let total = 0;
    let refused: any;
    for (let i = 0; i < 5; i++) {
      const res = await ask(randomAddress(), { ip: strangerIp(i), device: device(i) });
      if (res.status === 201) total += Math.round(Number(res.json.amount) * 1e6);
      else refused = res;
    }
    expect(total).toBeLessThanOrEqual(30_000_000);
    expect(total).toBeGreaterThan(20_000_000);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(BUDGET_REACHED);
    expect((await t.call("GET", "/api/faucet/status")).json.isActive).toBe(false);
    // a new UTC day has a new budget
    t.clock.advance(24 * 60 * 60 * 1000);
    expect((await ask(randomAddress(), { ip: "198.51.100.99", device: device(99) })).status).toBe(201);
  });

  test("an offline faucet refuses with 503 and the status says so", async () => {
    await t.call("POST", "/api/admin/faucet/settings", {
      cookie: admin,
      body: { dailyLimit: "100", minAmount: "5", maxAmount: "20", enabled: false },
    });
    const res = await ask(randomAddress());
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ message: FAUCET_OFFLINE });
    expect((await t.call("GET", "/api/faucet/status")).json).toMatchObject({
      isActive: false,
      message: "Faucet is offline",
      offlineReason: FAUCET_OFFLINE,
    });
    expect(count("select count(*) as n from faucet_requests")).toBe(0);
  });

  test("the risk score rises with the signals a bot leaves, and says why", async () => {
    const bot = { device: device(7), ua: "python-requests/2.31" };
    await ask(randomAddress(), bot);
    await ask(randomAddress(), bot);
    await ask(randomAddress(), bot);
    const rows = t.db.sqlite.query("select risk_score, risk_reasons from faucet_requests order by id").all() as any[];
    expect(rows[2].risk_score).toBeGreaterThanOrEqual(50);
    // the first, still waiting, is raised with the ones that came after it (it came in at 30)
    expect(rows[0].risk_score).toBeGreaterThan(30);
    expect(JSON.parse(rows[0].risk_reasons)).toContain("3 addresses from this device in 24 h");
    expect(JSON.parse(rows[2].risk_reasons)).toEqual(
      expect.arrayContaining(["3 addresses from this device in 24 h", "scripted user agent"]),
    );
    const honest = await ask(randomAddress(), { ip: "198.51.100.77", device: device(77) });
    const honestRow = t.db.sqlite
      .query("select risk_score from faucet_requests where id = ?")
      .get(honest.json.id) as any;
    expect(honestRow.risk_score).toBeLessThan(25);
  });

  test("the request the service answers with is the request as stored, for a visitor's request and a bonus", async () => {
    const faucet = t.app.services.faucet;
    const visitor = {
      ip: "198.51.100.20",
      deviceId: device(20),
      newDevice: true,
      userAgent: "python-requests/2.31",
      userId: null,
    };
    const stored = (id: number) => t.db.select().from(faucetRequests).where(eq(faucetRequests.id, id)).get();
    const xAddress = classicAddressToXAddress(randomAddress(), 77, false);
    const asked = await faucet.request(faucet.askWithoutRead(xAddress, visitor.ip), visitor);
    expect(asked).toEqual(stored(asked.id)!);
    const bonus = faucet.requestBonus({ ...visitor, address: randomAddress(), reason: "REVIEWER_BONUS" });
    expect(bonus).toEqual(stored(bonus.id)!);
    expect(asked.destinationTag).toBe(77);
    expect(asked.riskReasons!.length).toBeGreaterThan(0);
  });
});

describe("GET /api/faucet/status", () => {
  test("is active by default, the same answer for everyone: it sets no cookie", async () => {
    const res = await t.call("GET", "/api/faucet/status");
    expect(res.json).toMatchObject({
      isActive: true,
      message: "Faucet is online",
      offlineReason: null,
      nextClaimSeconds: null,
    });
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});

describe("the device cookie", () => {
  test("comes with the first page a browser loads, so its first faucet request already carries it", async () => {
    const page = await t.call("GET", "/");
    const setCookie = page.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^device=[\w-]{24}; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    const id = setCookie.slice("device=".length, setCookie.indexOf(";"));
    // the page of any client route, loaded again with the cookie: no new one
    expect((await t.call("GET", "/dashboard", { cookie: `device=${id}` })).headers.get("set-cookie")).toBeNull();
    const res = await ask(randomAddress(), { device: id });
    expect(res.status).toBe(201);
    expect(res.headers.get("set-cookie")).toBeNull();
    const stored = t.db.sqlite.query("select device_id, risk_reasons from faucet_requests").get() as {
      device_id: string;
      risk_reasons: string;
    };
    expect(stored.device_id).toBe(id);
    expect(JSON.parse(stored.risk_reasons)).not.toContain("first visit from this device");
  });

  test("is not set by the hashed assets (cached for a year) nor the API's reads", async () => {
    const script = (await t.call("GET", "/")).text.match(/src="(\/assets\/[^"]+\.js)"/)?.[1] ?? "/assets/missing.js";
    for (const url of [script, "/robots.txt", "/api/faucet/status", "/api/reviews", "/api/health"]) {
      expect({ url, cookie: (await t.call("GET", url)).headers.get("set-cookie") }).toEqual({ url, cookie: null });
    }
  });
});

describe("IP grouping", () => {
  test("with subnet grouping, addresses of one /24 share the per-IP limit", async () => {
    await t.call("POST", "/api/admin/faucet/settings", { cookie: admin, body: { ipGrouping: "subnet" } });
    for (let i = 1; i <= 3; i++)
      expect((await ask(randomAddress(), { ip: `198.51.100.${i}`, device: device(i) })).status).toBe(201);
    const fourth = await ask(randomAddress(), { ip: "198.51.100.200", device: device(4) });
    expect(fourth.status).toBe(429);
    expect((await ask(randomAddress(), { ip: "198.51.101.1", device: device(5) })).status).toBe(201);
    const rows = t.db.sqlite.query("select distinct ip_group from faucet_requests order by ip_group").all();
    expect(rows).toEqual([{ ip_group: "198.51.100.0/24" }, { ip_group: "198.51.101.0/24" }]);
    const bad = await t.call("POST", "/api/admin/faucet/settings", { cookie: admin, body: { ipGrouping: "/16" } });
    expect(bad.status).toBe(400);
  });
});
