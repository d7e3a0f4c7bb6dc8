import { afterEach, beforeEach, expect, test } from "bun:test";
import { randomAddress, testApp, type TestApp } from "../../testing/harness.ts";
import { csvCell } from "./extras.ts";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = testApp();
  admin = (await t.registerAdmin("auditor")).cookie;
});
afterEach(() => t.close());

test("the audit log lists admin actions newest first, 50 a page", async () => {
  for (let i = 0; i < 55; i++) {
    await t.call("POST", "/api/admin/faucet/settings", { cookie: admin, body: { dailyLimit: String(100 + i) } });
  }
  const first = (await t.call("GET", "/api/admin/audit-log", { cookie: admin })).json;
  expect(first.entries).toHaveLength(50);
  expect(first.entries[0]).toMatchObject({ actorName: "auditor", action: "faucet_settings.update", ipAddress: "203.0.113.7" });
  expect(first.entries[0].details.dailyLimit).toBe("154");
  const next = (await t.call("GET", `/api/admin/audit-log?before=${first.nextBefore}`, { cookie: admin })).json;
  expect(next.entries).toHaveLength(5);
  expect(next.nextBefore).toBeNull();
});

test("an admin hides a review and approves a held one; the public list follows", async () => {
  const shown = (await t.call("POST", "/api/reviews/submit", { body: { review: "Great", rating: 5 }, cookie: "device=review-device-0000000000001" })).json.id;
  const held = (await t.call("POST", "/api/reviews/submit", { body: { review: "See https://x.example", rating: 4 }, cookie: "device=review-device-0000000000001" })).json.id;
  const all = (await t.call("GET", "/api/admin/reviews", { cookie: admin })).json;
  expect(all.map((r: any) => [r.id, r.approved])).toEqual([[held, false], [shown, true]]);
  expect((await t.call("PATCH", `/api/admin/reviews/${shown}`, { cookie: admin, body: { approved: false } })).status).toBe(200);
  expect((await t.call("PATCH", `/api/admin/reviews/${held}`, { cookie: admin, body: { approved: true } })).status).toBe(200);
  expect((await t.call("GET", "/api/reviews")).json.map((r: any) => r.id)).toEqual([held]);
  expect((await t.call("PATCH", `/api/admin/reviews/${held}`, { cookie: admin, body: { approved: "yes" } })).status).toBe(400);
  expect((await t.call("PATCH", "/api/admin/reviews/999", { cookie: admin, body: { approved: true } })).status).toBe(404);
});

test("CSV exports of signups and payments, safe to open in a spreadsheet", async () => {
  await t.call("POST", "/api/newsletter/signup", { body: { email: "ann@example.com", name: "=HYPERLINK(\"x\")", source: "homepage" } });
  const res = await t.call("GET", "/api/admin/export/newsletter.csv", { cookie: admin });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/csv");
  expect(res.headers.get("content-disposition")).toContain('filename="newsletter.csv"');
  const lines = res.text.trim().split("\r\n");
  expect(lines[0]).toBe("id,email,name,status,source,notes,created_at");
  expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
  expect((await t.call("GET", "/api/admin/export/payments.csv", { cookie: admin })).text).toStartWith("id,kind,user,destination");
  expect((await t.call("GET", "/api/admin/export/passwords.csv", { cookie: admin })).status).toBe(404);
  expect(csvCell("a,b")).toBe('"a,b"');
  expect(csvCell("-1")).toBe("'-1");
});

test("daily figures cover the last 30 days", async () => {
  await t.call("POST", "/api/faucet/request", { body: { address: randomAddress() } });
  const days = (await t.call("GET", "/api/admin/stats/daily", { cookie: admin })).json;
  expect(days).toHaveLength(30);
  expect(days.at(-1)).toMatchObject({ day: new Date(t.clock()).toISOString().slice(0, 10), requests: 1, xrpPaid: 0 });
  expect(days.at(-1).xrpRequested).toBeGreaterThanOrEqual(5);
});
