import { afterEach, beforeEach, expect, test } from "bun:test";
import { testApp, type TestApp } from "../../testing/harness.ts";

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = testApp();
  admin = (await t.registerAdmin("auditor")).cookie;
});
afterEach(() => t.close());

test("an admin hides a review and approves a held one; the public list follows", async () => {
  const shown = (
    await t.call("POST", "/api/reviews/submit", {
      body: { review: "Great", rating: 5 },
      cookie: "device=review-device-0000000000001",
    })
  ).json.id;
  const held = (
    await t.call("POST", "/api/reviews/submit", {
      body: { review: "See https://x.example", rating: 4 },
      cookie: "device=review-device-0000000000001",
    })
  ).json.id;
  const all = (await t.call("GET", "/api/admin/reviews", { cookie: admin })).json;
  expect(all.map((r: any) => [r.id, r.approved])).toEqual([
    [held, false],
    [shown, true],
  ]);
  expect(
    (await t.call("PATCH", `/api/admin/reviews/${shown}`, { cookie: admin, body: { approved: false } })).status,
  ).toBe(200);
  expect(
    (await t.call("PATCH", `/api/admin/reviews/${held}`, { cookie: admin, body: { approved: true } })).status,
  ).toBe(200);
  expect((await t.call("GET", "/api/reviews")).json.map((r: any) => r.id)).toEqual([held]);
  expect(
    (await t.call("PATCH", `/api/admin/reviews/${held}`, { cookie: admin, body: { approved: "yes" } })).status,
  ).toBe(400);
  expect((await t.call("PATCH", "/api/admin/reviews/999", { cookie: admin, body: { approved: true } })).status).toBe(
    404,
  );
});
