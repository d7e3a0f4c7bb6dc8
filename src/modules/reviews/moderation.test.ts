// Review moderation is one transaction: the review changes only together with its audit entry.
import { afterEach, expect, test } from "bun:test";
import { testApp, type TestApp } from "../../testing/harness.ts";

let t: TestApp;
afterEach(async () => {
  await t.close();
});

test("when the audit entry cannot be written, the review keeps its state and the admin gets an error", async () => {
  t = testApp();
  const url = t.listen();
  const admin = await t.registerAdmin();
  const review = await t.call("POST", "/api/reviews/submit", {
    body: { rating: 5, review: "Visit www.example.com for more" },
  });
  expect(review.json.approved).toBe(false);
  const patch = (approved: boolean) =>
    fetch(`${url}/api/admin/reviews/${review.json.id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", cookie: admin.cookie },
      body: JSON.stringify({ approved }),
    });

  // The audit log refuses writes (as a full disk would).
  t.db.sqlite.run(
    "create temp trigger audit_refuses before insert on main.audit_log begin select raise(abort, 'disk I/O error'); end",
  );
  const refused = await patch(true);
  expect(refused.status).toBe(500);
  expect((await refused.json()).message).toBeString();
  expect(t.db.sqlite.query("select approved from reviews where id = ?").get(review.json.id)).toEqual({ approved: 0 });

  t.db.sqlite.run("drop trigger audit_refuses");
  const approved = await patch(true);
  expect(approved.status).toBe(200);
  expect((await approved.json()).approved).toBe(true);
  expect(t.db.sqlite.query("select count(*) as n from audit_log where action = 'review.approve'").get()).toEqual({
    n: 1,
  });
  expect((await patch(true)).status).toBe(200);
  expect(
    (
      await fetch(`${url}/api/admin/reviews/999999`, {
        method: "PATCH",
        headers: { "content-type": "application/json", cookie: admin.cookie },
        body: JSON.stringify({ approved: true }),
      })
    ).status,
  ).toBe(404);
});
