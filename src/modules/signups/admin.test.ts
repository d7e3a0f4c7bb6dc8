import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { testApp, type TestApp } from "../../testing/harness.ts";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = testApp();
  admin = (await t.registerAdmin("opsadmin")).cookie;
  await t.call("POST", "/api/newsletter/signup", { body: { email: "ann@example.com", source: "homepage" } });
  await t.call("POST", "/api/earning-alerts/signup", { body: { email: "bo@example.com", alertTypes: ["high_rewards"], source: "faucet" } });
  await t.call("POST", "/api/advertising/submit", { body: { companyName: "Acme", email: "ads@acme.example", budget: "$500" } });
});
afterEach(() => t.close());

const lists = [
  { name: "newsletter", list: "/api/admin/newsletter-signups", patch: "/api/admin/newsletter-signups/1", good: "SUBSCRIBED", bad: "ACTIVE" },
  { name: "earning alerts", list: "/api/admin/earning-alerts-signups", patch: "/api/admin/earning-alerts-signups/1", good: "ACTIVE", bad: "SUBSCRIBED" },
  { name: "advertising", list: "/api/admin/advertising/requests", patch: "/api/admin/advertising/1", good: "CONTACTED", bad: "ACTIVE" },
];

describe.each(lists)("$name", ({ list, patch, good, bad }) => {
  test("lists what visitors sent", async () => {
    const res = await t.call("GET", list, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(1);
    expect(res.json[0].id).toBe(1);
  });

  test("a status from the spec's set and notes are saved and audited", async () => {
    const res = await t.call("PATCH", patch, { cookie: admin, body: { status: good, notes: " called them " } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: good, notes: "called them" });
    expect((await t.call("GET", list, { cookie: admin })).json[0]).toMatchObject({ status: good, notes: "called them" });
    expect(t.db.sqlite.query("select actor_name from audit_log").get()).toEqual({ actor_name: "opsadmin" });
  });

  test.each([
    { name: "a status from another list", body: () => ({ status: bad }), status: 400 },
    { name: "lower case", body: () => ({ status: good.toLowerCase() }), status: 400 },
    { name: "nothing to change", body: () => ({}), status: 400 },
    { name: "notes as a number", body: () => ({ notes: 5 }), status: 400 },
  ])("$name is refused and nothing changes", async ({ body, status }) => {
    const before = (await t.call("GET", list, { cookie: admin })).json;
    const res = await t.call("PATCH", patch, { cookie: admin, body: body() });
    expect(res.status).toBe(status);
    expect(typeof res.json.message).toBe("string");
    expect((await t.call("GET", list, { cookie: admin })).json).toEqual(before);
  });

  test("an unknown id is a 404", async () => {
    expect((await t.call("PATCH", patch.replace(/1$/, "99"), { cookie: admin, body: { status: good } })).status).toBe(404);
  });
});

test("editing an advertising request records the admin's name and the time", async () => {
  const res = await t.call("PATCH", "/api/admin/advertising/1", { cookie: admin, body: { status: "APPROVED" } });
  expect(res.json).toMatchObject({ status: "APPROVED", adminName: "opsadmin", processedAt: new Date(t.clock()).toISOString() });
});
