import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { testApp, type TestApp } from "../../testing/harness.ts";
import { scenarios } from "../../testing/scenario.ts";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = testApp();
  // the rows' `as: "admin"`
  admin = (await t.signIn("admin", "opsadmin")).cookie;
  await t.call("POST", "/api/newsletter/signup", { body: { email: "ann@example.com", source: "homepage" } });
  await t.call("POST", "/api/earning-alerts/signup", {
    body: { email: "bo@example.com", alertTypes: ["high_rewards"], source: "faucet" },
  });
  await t.call("POST", "/api/advertising/submit", {
    body: { companyName: "Acme", email: "ads@acme.example", budget: "$500" },
  });
});
afterEach(() => t.close());

const lists = [
  {
    name: "newsletter",
    list: "/api/admin/newsletter-signups",
    patch: "/api/admin/newsletter-signups/1",
    good: "SUBSCRIBED",
    bad: "ACTIVE",
    audited: "newsletter_signups.update",
  },
  {
    name: "earning alerts",
    list: "/api/admin/earning-alerts-signups",
    patch: "/api/admin/earning-alerts-signups/1",
    good: "ACTIVE",
    bad: "SUBSCRIBED",
    audited: "earning_alert_signups.update",
  },
  {
    name: "advertising",
    list: "/api/admin/advertising/requests",
    patch: "/api/admin/advertising/1",
    good: "CONTACTED",
    bad: "ACTIVE",
    audited: "advertising_requests.update",
  },
];

describe.each(lists)("$name", ({ list, patch, good, bad, audited }) =>
  scenarios(
    [
      {
        name: "lists what visitors sent",
        method: "GET",
        url: list,
        as: "admin",
        expectStatus: 200,
        expectJsonMatch: [{ id: 1 }],
      },
      {
        name: "a status from the spec's set and notes are saved and audited",
        method: "PATCH",
        url: patch,
        as: "admin",
        body: { status: good, notes: " called them " },
        expectStatus: 200,
        expectJsonMatch: { status: good, notes: "called them" },
        // (after the admin's sign-in)
        expectRows: [
          {
            sql: "select actor_name, action from audit_log order by id",
            equals: [
              { actor_name: "opsadmin", action: "admin.sign_in" },
              { actor_name: "opsadmin", action: audited },
            ],
          },
        ],
        after: async (_res, { call }) =>
          expect((await call("GET", list)).json[0]).toMatchObject({ status: good, notes: "called them" }),
      },
      ...[
        { name: "a status from another list", body: { status: bad } },
        { name: "lower case", body: { status: good.toLowerCase() } },
        { name: "nothing to change", body: {} },
        { name: "notes as a number", body: { notes: 5 } },
      ].map(({ name, body }) => ({
        name: `${name} is refused and nothing changes`,
        method: "PATCH",
        url: patch,
        as: "admin" as const,
        body,
        expectStatus: 400,
        expectJson: { message: expect.any(String) },
        expectUnchanged: [`GET ${list}`],
      })),
      {
        name: "an unknown id is a 404",
        method: "PATCH",
        url: patch.replace(/1$/, "99"),
        as: "admin",
        body: { status: good },
        expectStatus: 404,
      },
    ],
    { app: () => t },
  ),
);

test("editing an advertising request records the admin's name and the time", async () => {
  const res = await t.call("PATCH", "/api/admin/advertising/1", { cookie: admin, body: { status: "APPROVED" } });
  expect(res.json).toMatchObject({
    status: "APPROVED",
    adminName: "opsadmin",
    processedAt: new Date(t.clock()).toISOString(),
  });
});
