// POST /api/faucet/requests/:id/withdraw: a visitor withdraws their own request while it waits. Only
// the device that made it or the signed-in user it was made for may; to anyone else it answers as for
// a request that does not exist. The request is rejected with the product's reason, its budget goes
// back to its day, the audit log says who; its address still waits out its day.
import { afterEach, describe, expect, test } from "bun:test";
import { randomAddress, testApp, type TestApp } from "../../testing/harness.ts";
import { scenarios } from "../../testing/scenario.ts";
import { WITHDRAWN_BY_VISITOR } from "../../shared/words.ts";

let t: TestApp;
afterEach(() => t?.close());

const BROWSER = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/120" };
const device = (n: number) => `device=device-${String(n).padStart(20, "0")}`;
const NOT_YOURS = { message: "No request of yours has this number." };

// A request from device `n` (with `session`, a signed-in user's cookie), from an IP of its own.
async function ask(n: number, session?: string) {
  const res = await t.call("POST", "/api/faucet/request", {
    body: { address: randomAddress() },
    ip: `198.51.${n}.7`,
    cookie: [device(n), session].filter(Boolean).join("; "),
    headers: BROWSER,
  });
  expect(res.status).toBe(201);
  return res.json as { id: number; address: string; amount: string };
}
const withdraw = (id: number | string, cookie?: string) =>
  t.call("POST", `/api/faucet/requests/${id}/withdraw`, { cookie, ip: "198.51.100.9" });
const row = (id: number) =>
  t.db.sqlite
    .query("select status, reject_reason, processed_by, budget_day, amount_drops from faucet_requests where id = ?")
    .get(id) as {
    status: string;
    reject_reason: string | null;
    processed_by: number | null;
    budget_day: string | null;
  };
const dayUsed = () =>
  (t.db.sqlite.query("select coalesce(sum(amount_drops), 0) as n from faucet_daily_totals").get() as { n: number }).n;
const auditOf = (id: number) =>
  t.db.sqlite
    .query(
      "select actor_name, actor_user_id, action, details, ip_address from audit_log where target_type = 'faucet_request' and target_id = ?",
    )
    .all(String(id));

describe("POST /api/faucet/requests/:id/withdraw", () => {
  test("the device that made it withdraws it: rejected in the product's words, budget back, audited", async () => {
    t = testApp();
    const asked = await ask(1);
    // (a low-risk request holds its amount from the day's budget as it is made)
    expect(row(asked.id).budget_day).not.toBeNull();
    expect(dayUsed()).toBeGreaterThan(0);

    const res = await withdraw(asked.id, device(1));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: asked.id, status: "REJECTED", rejectReason: "Withdrawn by the visitor" });
    expect(WITHDRAWN_BY_VISITOR).toBe("Withdrawn by the visitor");
    expect(row(asked.id)).toMatchObject({
      status: "REJECTED",
      reject_reason: WITHDRAWN_BY_VISITOR,
      processed_by: null,
      budget_day: null,
    });
    expect(dayUsed()).toBe(0);
    expect(auditOf(asked.id)).toEqual([
      {
        actor_name: "Visitor",
        actor_user_id: null,
        action: "faucet_request.withdraw",
        details: JSON.stringify({ amount: asked.amount, address: asked.address }),
        ip_address: "198.51.100.9",
      },
    ]);
    // the admin's audit log says it in words
    const admin = (await t.registerAdmin()).cookie;
    const log = await t.call("GET", "/api/admin/audit-log?action=faucet_request.withdraw", { cookie: admin });
    expect(log.json.entries).toMatchObject([
      { actorName: "Visitor", actionText: "Withdrew their own waiting request (the visitor)" },
    ]);
    // the status link and the device's list say so
    const mine = await t.call("GET", "/api/faucet/requests?mine=1", { cookie: device(1) });
    expect(mine.json[0]).toMatchObject({ id: asked.id, status: "REJECTED", rejectReason: WITHDRAWN_BY_VISITOR });
  });

  test("a withdrawn request still counts for its address's day: asking again for it waits", async () => {
    t = testApp();
    const asked = await ask(1);
    expect((await withdraw(asked.id, device(1))).status).toBe(200);
    const again = await t.call("POST", "/api/faucet/request", {
      body: { address: asked.address },
      ip: "198.51.1.7",
      cookie: device(1),
      headers: BROWSER,
    });
    expect(again.status).toBe(429);
    expect(again.headers.get("x-error-code")).toBe("ADDRESS_LIMIT");
  });

  test("the signed-in user it was made for withdraws it from another device, audited under their name", async () => {
    t = testApp();
    const { user, cookie } = await t.register("ada");
    const asked = await ask(1, cookie);
    const res = await withdraw(asked.id, `${device(2)}; ${cookie}`);
    expect(res.status).toBe(200);
    expect(row(asked.id).status).toBe("REJECTED");
    expect(auditOf(asked.id)).toMatchObject([{ actor_name: "ada", actor_user_id: user.id }]);
  });

  test("another device, another signed-in user and nobody get the answer of a request that does not exist", async () => {
    t = testApp();
    const asked = await ask(1);
    const { cookie } = await t.register("eve");
    for (const who of [device(2), `${device(2)}; ${cookie}`, undefined]) {
      const res = await withdraw(asked.id, who);
      expect(res.status).toBe(404);
      expect(res.json).toEqual(NOT_YOURS);
    }
    const missing = await withdraw(asked.id + 1000, device(1));
    expect([missing.status, missing.json]).toEqual([404, NOT_YOURS]);
    expect(row(asked.id).status).toBe("PENDING");
    expect(auditOf(asked.id)).toEqual([]);
  });

  test("a request that no longer waits answers 409 with why: approved, paid, or already withdrawn", async () => {
    t = testApp();
    // (a day of 1000 XRP: this hour's slice has room for the three requests)
    const admin = (await t.registerAdmin()).cookie;
    const saved = await t.call("POST", "/api/admin/faucet/settings", { cookie: admin, body: { dailyLimit: "1000" } });
    expect(saved.status).toBe(200);
    const withdrawn = await ask(3);
    expect((await withdraw(withdrawn.id, device(3))).status).toBe(200);
    const twice = await withdraw(withdrawn.id, device(3));
    expect(twice.status).toBe(409);
    expect(twice.json).toEqual({
      message: "This request was already rejected or withdrawn: there is nothing left to withdraw.",
    });
    expect(auditOf(withdrawn.id)).toHaveLength(1);
    const cases = [
      ["APPROVED", "This request was already approved and its payment is on its way: it can no longer be withdrawn."],
      ["PROCESSED", "This request was already paid: it can no longer be withdrawn."],
    ] as const;
    for (const [i, [status, message]] of cases.entries()) {
      const asked = await ask(i + 1);
      // (decided as the payouts would: this app has no ledger to approve through)
      t.db.sqlite.run("update faucet_requests set status = ? where id = ?", [status, asked.id]);
      const late = await withdraw(asked.id, device(i + 1));
      expect([late.status, late.json]).toEqual([409, { message }]);
      expect(row(asked.id).status).toBe(status);
    }
  });
});

describe("ids that name no request", () => {
  scenarios([
    {
      name: "an id that is not a number: 400 in words, not a 500",
      method: "POST",
      url: "/api/faucet/requests/abc/withdraw",
      expectStatus: 400,
      expectJson: { message: "The id must be a number" },
    },
    {
      name: "an id that names no request: 404",
      method: "POST",
      url: "/api/faucet/requests/999/withdraw",
      expectStatus: 404,
      expectJson: NOT_YOURS,
    },
  ]);
});
