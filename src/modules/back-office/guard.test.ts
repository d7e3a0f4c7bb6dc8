import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { testApp } from "../../testing/harness.ts";
import { type Scenario, scenarios } from "../../testing/scenario.ts";

// One app for the file, built now so that its routes can make the tables below.
const t = testApp();
beforeAll(async () => {
  // who the scenarios' `as: "user"` and `as: "admin"` are
  await t.signIn("user", "regular");
  await t.signIn("admin", "boss");
});
afterAll(() => t.close());
const table = (rows: Scenario[]) => scenarios(rows, { app: () => t });

// Every route registered under /api/admin, with its parameters filled in.
const adminRoutes = [
  ...new Map(
    (t.app.routes as { method: string; path: string }[])
      .filter((r) => r.path.startsWith("/api/admin"))
      .map((r) => ({ method: r.method, url: r.path.replace(/:[^/]+/g, "1").replace(/\*$/, "x") }))
      .map((r) => [`${r.method} ${r.url}`, r]),
  ).values(),
];
const SETTINGS = "/api/admin/faucet/settings";

describe("the admin guard", () => {
  test("the app registers admin routes (so the checks below cannot pass vacuously)", () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(2);
  });

  // every admin route answers 401 without a session and 403 for a non-admin
  table(
    adminRoutes.flatMap(({ method, url }) => {
      const body = method === "GET" ? undefined : {};
      return [
        {
          name: `${method} ${url}: 401 without a session`,
          method,
          url,
          body,
          expectStatus: 401,
          expectJson: { message: "Please log in to continue" },
        },
        {
          name: `${method} ${url}: 403 for a non-admin`,
          method,
          url,
          body,
          as: "user" as const,
          expectStatus: 403,
          expectJson: { message: "Admins only" },
        },
      ];
    }),
  );

  table([{ name: "an admin gets through", method: "GET", url: SETTINGS, as: "admin", expectStatus: 200 }]);

  test("a user made admin in the database is let in on the next call; a demoted one is not", async () => {
    const { user, cookie } = await t.register("promoted");
    expect((await t.call("GET", SETTINGS, { cookie })).status).toBe(403);
    t.db.sqlite.run("update users set is_admin = 1 where id = ?", [user.id]);
    expect((await t.call("GET", SETTINGS, { cookie })).status).toBe(200);
    t.db.sqlite.run("update users set is_admin = 0 where id = ?", [user.id]);
    expect((await t.call("GET", SETTINGS, { cookie })).status).toBe(403);
  });
});

describe("faucet settings", () => {
  // (the proof of work is off in API tests; pow/difficulty.test.ts checks a fresh install's 2000)
  const defaults = {
    dailyLimit: "100",
    minAmount: "5",
    maxAmount: "20",
    enabled: true,
    ipGrouping: "subnet",
    powDifficulty: 0,
    accountsPerHour: 5,
    accountsPerDay: 20,
    autoApprove: { enabled: false, maxRiskScore: 20, holdMinutes: 10, maxPerDay: "50" },
    bonusDailyLimit: "50",
    bonusMinAccountAgeHours: 24,
    updatedAt: expect.any(String),
  };
  table([
    {
      name: "start with the spec's defaults: 100, 5, 20 and enabled",
      method: "GET",
      url: SETTINGS,
      as: "admin",
      expectStatus: 200,
      expectJson: defaults,
    },
  ]);

  // A change is stored (GET answers what the POST did) and audited with who and from where.
  const stored = (name: string, body: Record<string, unknown>): Scenario => ({
    name: `${name} -> 200, stored and audited`,
    method: "POST",
    url: SETTINGS,
    as: "admin",
    body,
    expectStatus: 200,
    expectJsonMatch: body,
    expectRows: [
      {
        sql: "select actor_name, action, ip_address from audit_log order by id desc limit 1",
        equals: [{ actor_name: "boss", action: "faucet_settings.update", ip_address: "203.0.113.7" }],
      },
    ],
    after: async (res, { call }) => expect((await call("GET", SETTINGS)).json).toEqual(res.json),
  });
  // A refused change stores nothing: GET answers the same before and after.
  const refused = (name: string, body: Record<string, unknown>, message?: string): Scenario => ({
    name: `${name} -> 400, and a refused change stores nothing`,
    method: "POST",
    url: SETTINGS,
    as: "admin",
    body,
    expectStatus: 400,
    ...(message ? { expectJson: { message } } : { expectJsonMatch: { message: expect.any(String) } }),
    expectUnchanged: [`GET ${SETTINGS}`],
  });
  const notAnAmount = (field: string) => `${field} must be a positive XRP amount with at most 6 decimals`;
  table([
    stored("toggle off resending the current values", {
      dailyLimit: "100",
      minAmount: "5",
      maxAmount: "20",
      enabled: false,
    }),
    stored("decimal amounts", { dailyLimit: "50.5", minAmount: "0.000001", maxAmount: "2.25", enabled: true }),
    refused("min above max", { minAmount: "30", maxAmount: "20" }, "minAmount cannot be above maxAmount"),
    refused("zero", { minAmount: "0" }, notAnAmount("minAmount")),
    refused("negative", { dailyLimit: "-5" }, notAnAmount("dailyLimit")),
    refused("seven decimals", { maxAmount: "1.0000001" }, notAnAmount("maxAmount")),
    refused("words", { dailyLimit: "lots" }, notAnAmount("dailyLimit")),
    refused("enabled as text", { enabled: "yes" }),
  ]);
});

describe("the OpenAPI document is for admins only", () => {
  table([
    { name: "a visitor: 401", method: "GET", url: "/api/docs/json", expectStatus: 401 },
    { name: "a user: 403", method: "GET", url: "/api/docs/json", as: "user", expectStatus: 403 },
    {
      name: "an admin gets it, with the faucet's routes",
      method: "GET",
      url: "/api/docs/json",
      as: "admin",
      expectStatus: 200,
      expectJsonMatch: { paths: { "/api/faucet/request": { post: expect.anything() } } },
    },
  ]);
});
