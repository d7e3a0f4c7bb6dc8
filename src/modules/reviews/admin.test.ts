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

test("a spam review is rejected (hidden, waiting for nobody) or deleted (gone, the audit log keeps what it said)", async () => {
  const spam = (
    await t.call("POST", "/api/reviews/submit", {
      body: { review: "Cheap XRP at https://spam.example", rating: 5, name: "Promo" },
      cookie: "device=review-device-0000000000002",
    })
  ).json.id;
  const held = async () => (await t.call("GET", "/api/admin/counts", { cookie: admin })).json.heldReviews;
  const state = async () =>
    (await t.call("GET", "/api/admin/reviews", { cookie: admin })).json.map((r: any) => [r.id, r.state]);
  expect([await held(), await state()]).toEqual([1, [[spam, "waiting"]]]);

  const rejected = await t.call("PATCH", `/api/admin/reviews/${spam}`, { cookie: admin, body: { approved: false } });
  expect(rejected.status).toBe(200);
  expect([await held(), await state()]).toEqual([0, [[spam, "hidden"]]]);
  expect((await t.call("GET", "/api/reviews")).json).toEqual([]);

  const deleted = await t.call("DELETE", `/api/admin/reviews/${spam}`, { cookie: admin });
  expect(deleted.status).toBe(204);
  expect(await state()).toEqual([]);
  const audit = t.db.sqlite
    .query("select actor_name, target_id, details from audit_log where action = 'review.delete'")
    .all() as { actor_name: string; target_id: string; details: string }[];
  expect(audit.map((r) => [r.actor_name, r.target_id, JSON.parse(r.details)])).toEqual([
    ["auditor", String(spam), { name: "Promo", rating: 5, content: "Cheap XRP at https://spam.example" }],
  ]);
  const again = await t.call("DELETE", `/api/admin/reviews/${spam}`, { cookie: admin });
  expect([again.status, again.json]).toEqual([404, { message: "Review not found" }]);
  const member = (await t.register("member")).cookie;
  expect((await t.call("DELETE", `/api/admin/reviews/${spam}`, { cookie: member })).status).toBe(403);
});
