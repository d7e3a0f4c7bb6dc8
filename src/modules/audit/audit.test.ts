import { afterEach, beforeEach, expect, test } from "bun:test";
import { testApp, type TestApp } from "../../testing/harness.ts";

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
  expect(first.entries[0]).toMatchObject({
    actorName: "auditor",
    action: "faucet_settings.update",
    ipAddress: "203.0.113.7",
  });
  expect(first.entries[0].details.dailyLimit).toBe("154");
  const next = (await t.call("GET", `/api/admin/audit-log?before=${first.nextBefore}`, { cookie: admin })).json;
  // the 5 oldest changes, and the admin's sign-in before them
  expect(next.entries).toHaveLength(6);
  expect(next.entries.at(-1)).toMatchObject({ actorName: "auditor", action: "admin.sign_in" });
  expect(next.nextBefore).toBeNull();
});
