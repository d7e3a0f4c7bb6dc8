import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { testApp, type TestApp } from "../../testing/harness.ts";

let t: TestApp;
let userCookie: string;
let adminCookie: string;
beforeAll(async () => {
  t = testApp();
  userCookie = (await t.register("regular")).cookie;
  adminCookie = (await t.registerAdmin("boss")).cookie;
});
afterAll(() => t.close());

// Every route registered under /api/admin, with its parameters filled in.
function adminRoutes() {
  return t.app.routes
    .filter((r) => r.path.startsWith("/api/admin"))
    .map((r) => ({ method: r.method, url: r.path.replace(/:[^/]+/g, "1").replace(/\*$/, "x") }));
}

describe("the admin guard", () => {
  test("the app registers admin routes (so the checks below cannot pass vacuously)", () => {
    expect(adminRoutes().length).toBeGreaterThanOrEqual(2);
  });

  test("every admin route answers 401 without a session and 403 for a non-admin", async () => {
    for (const { method, url } of adminRoutes()) {
      const body = method === "GET" ? undefined : {};
      const anonymous = await t.call(method, url, { body });
      expect({ method, url, status: anonymous.status, json: anonymous.json }).toEqual({
        method,
        url,
        status: 401,
        json: { message: "Please log in to continue" },
      });
      const user = await t.call(method, url, { body, cookie: userCookie });
      expect({ method, url, status: user.status, json: user.json }).toEqual({ method, url, status: 403, json: { message: "Admins only" } });
    }
  });

  test("an admin gets through", async () => {
    const res = await t.call("GET", "/api/admin/faucet/settings", { cookie: adminCookie });
    expect(res.status).toBe(200);
  });

  test("a user made admin in the database is let in on the next call; a demoted one is not", async () => {
    const { user, cookie } = await t.register("promoted");
    expect((await t.call("GET", "/api/admin/faucet/settings", { cookie })).status).toBe(403);
    t.db.sqlite.run("update users set is_admin = 1 where id = ?", [user.id]);
    expect((await t.call("GET", "/api/admin/faucet/settings", { cookie })).status).toBe(200);
    t.db.sqlite.run("update users set is_admin = 0 where id = ?", [user.id]);
    expect((await t.call("GET", "/api/admin/faucet/settings", { cookie })).status).toBe(403);
  });
});

describe("faucet settings", () => {
  // (the proof of work is off in API tests; pow.test.ts checks a fresh install's 2000)
  test("start with the spec's defaults: 100, 5, 20 and enabled", async () => {
    const res = await t.call("GET", "/api/admin/faucet/settings", { cookie: adminCookie });
    expect(res.json).toEqual({ dailyLimit: "100", minAmount: "5", maxAmount: "20", enabled: true, ipGrouping: "address", powDifficulty: 0, accountsPerHour: 5, accountsPerDay: 20, updatedAt: expect.any(String) });
  });

  test.each([
    { name: "toggle off resending the current values", body: { dailyLimit: "100", minAmount: "5", maxAmount: "20", enabled: false }, status: 200 },
    { name: "decimal amounts", body: { dailyLimit: "50.5", minAmount: "0.000001", maxAmount: "2.25", enabled: true }, status: 200 },
    { name: "min above max", body: { minAmount: "30", maxAmount: "20" }, status: 400, message: "minAmount cannot be above maxAmount" },
    { name: "zero", body: { minAmount: "0" }, status: 400, message: "minAmount must be a positive XRP amount with at most 6 decimals" },
    { name: "negative", body: { dailyLimit: "-5" }, status: 400, message: "dailyLimit must be a positive XRP amount with at most 6 decimals" },
    { name: "seven decimals", body: { maxAmount: "1.0000001" }, status: 400, message: "maxAmount must be a positive XRP amount with at most 6 decimals" },
    { name: "words", body: { dailyLimit: "lots" }, status: 400, message: "dailyLimit must be a positive XRP amount with at most 6 decimals" },
    { name: "enabled as text", body: { enabled: "yes" }, status: 400 },
  ])("$name -> $status, and a refused change stores nothing", async ({ body, status, message }) => {
    const before = (await t.call("GET", "/api/admin/faucet/settings", { cookie: adminCookie })).json;
    const res = await t.call("POST", "/api/admin/faucet/settings", { body, cookie: adminCookie });
    expect(res.status).toBe(status);
    if (message) expect(res.json).toEqual({ message });
    const after = (await t.call("GET", "/api/admin/faucet/settings", { cookie: adminCookie })).json;
    if (status === 200) {
      expect(after).toEqual(res.json);
      const audit = t.db.sqlite.query("select actor_name, action, ip_address from audit_log order by id desc limit 1").get();
      expect(audit).toEqual({ actor_name: "boss", action: "faucet_settings.update", ip_address: "203.0.113.7" });
    } else {
      expect(after).toEqual(before);
      expect(typeof res.json.message).toBe("string");
    }
  });
});

test("the OpenAPI document is for admins only", async () => {
  expect((await t.call("GET", "/api/docs/json")).status).toBe(401);
  expect((await t.call("GET", "/api/docs/json", { cookie: userCookie })).status).toBe(403);
  const doc = await t.call("GET", "/api/docs/json", { cookie: adminCookie });
  expect(doc.status).toBe(200);
  expect(doc.json.paths["/api/faucet/request"].post).toBeDefined();
});
