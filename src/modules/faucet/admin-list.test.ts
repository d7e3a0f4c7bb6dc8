// The admin's list of faucet requests filtered, searched, sorted and paged on the server.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { randomAddress, testApp } from "../../testing/harness.ts";
import { type Scenario, scenarios } from "../../testing/scenario.ts";

const DAY = 24 * 60 * 60 * 1000;
const URL = "/api/admin/faucet/requests";
const t = testApp();
// four requests over three days (2026-01-15 to 17): alice's, a rejected one, a reviewer bonus, a risky one
const made = { alice: 0, rejected: 0, bonus: 0, risky: 0 };
const addressOf = { rejected: randomAddress() };
const amounts = new Map<number, number>();
beforeAll(async () => {
  const { cookie: admin } = await t.signIn("admin");
  const alice = await t.register("alice");
  const ask = async (body: unknown, options: { cookie?: string; ip: string }) => {
    const res = await t.call("POST", "/api/faucet/request", { body, ...options });
    if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
    return res.json.id as number;
  };
  made.alice = await ask({ address: randomAddress() }, { cookie: alice.cookie, ip: "192.0.2.1" });
  t.clock.advance(DAY);
  made.rejected = await ask({ address: addressOf.rejected }, { ip: "192.0.2.2" });
  await t.call("POST", `${URL}/${made.rejected}`, { cookie: admin, body: { action: "REJECTED", reason: "Spam" } });
  const review = await t.call("POST", "/api/reviews/submit", {
    body: { review: "Great", rating: 5 },
    cookie: "device=reviewer-device-00000000001",
  });
  // The bonus goes to an address the faucet paid from the reviewer's device (reviews/bonus-address.test.ts
  // tests the rule): such a payment, a month before the list's days, stands in while the bonus is
  // asked, then leaves, so the list holds the four (id 0 leaves the ids of the others as they were).
  const paid = randomAddress();
  t.db.sqlite.run(
    "insert into faucet_requests (id, address, amount_drops, status, device_id, created_at) values (0, ?, 5000000, 'PROCESSED', 'reviewer-device-00000000001', ?)",
    [paid, t.clock() - 30 * DAY],
  );
  const bonus = await t.call("POST", "/api/reviews/bonus-request", {
    body: { address: paid, reviewId: review.json.id },
    cookie: "device=reviewer-device-00000000001",
  });
  t.db.sqlite.run("delete from faucet_requests where id = 0");
  made.bonus = bonus.json.id;
  t.clock.advance(DAY);
  made.risky = await ask({ address: randomAddress() }, { ip: "192.0.2.4" });
  // the risk scores the list filters on (what the scoring gives is faucet.test.ts's subject)
  for (const [id, score] of [
    [made.alice, 5],
    [made.rejected, 30],
    [made.bonus, 60],
    [made.risky, 55],
  ]) {
    t.db.sqlite.run("update faucet_requests set risk_score = ? where id = ?", [score, id]);
  }
  for (const row of t.db.sqlite.query("select id, amount_drops from faucet_requests").all() as {
    id: number;
    amount_drops: number;
  }[])
    amounts.set(row.id, row.amount_drops);
});
afterAll(() => t.close());

const ids = (res: { json: { id: number }[] }) => res.json.map((r) => r.id);
const listed = (name: string, query: string, want: () => number[], total?: number): Scenario => ({
  name,
  method: "GET",
  url: `${URL}?${query}`,
  as: "admin",
  expectStatus: 200,
  after: (res) => {
    expect(ids(res)).toEqual(want());
    expect(res.headers.get("x-total-count")).toBe(String(total ?? want().length));
    expect(res.headers.get("x-page-size")).toBe("200");
  },
});
const refused = (name: string, query: string, message: string): Scenario => ({
  name,
  method: "GET",
  url: `${URL}?${query}`,
  as: "admin",
  expectStatus: 400,
  expectJson: { message },
});

describe("GET /api/admin/faucet/requests with filters", () =>
  scenarios(
    [
      {
        name: "no filter: the open requests and the recently processed, newest first, as before",
        method: "GET",
        url: URL,
        as: "admin",
        expectStatus: 200,
        after: (res) => {
          expect(ids(res)).toEqual([made.risky, made.bonus, made.rejected, made.alice]);
          expect(res.headers.get("x-total-count")).toBe("3");
        },
      },
      listed("status: the rejected ones", "status=REJECTED", () => [made.rejected]),
      listed("status: the pending ones, newest first", "status=PENDING", () => [made.risky, made.bonus, made.alice]),
      listed("risk low: a score under 20", "risk=low", () => [made.alice]),
      listed("risk medium: 20 to 49", "risk=medium", () => [made.rejected]),
      listed("risk high: 50 and over", "risk=high", () => [made.risky, made.bonus]),
      listed("reason: the reviewer bonuses", "reason=Reviewer%20bonus", () => [made.bonus]),
      listed("a date range, both days included", "from=2026-01-16&to=2026-01-16", () => [made.bonus, made.rejected]),
      listed("from a day on", "from=2026-01-17", () => [made.risky]),
      listed("up to a day", "to=2026-01-15", () => [made.alice]),
      listed("search by username, any case", "q=ALIC", () => [made.alice]),
      listed("search by email", "q=alice%40example", () => [made.alice]),
      listed("search by part of an address", `q=${addressOf.rejected.slice(3, 15).toLowerCase()}`, () => [
        made.rejected,
      ]),
      // (ids in the order made: alice's 1, the rejected 2, the bonus 3, the risky 4)
      listed("search by id: digits are an id", "q=3", () => [made.bonus]),
      listed("search by id, as #3", "q=%233", () => [made.bonus]),
      listed("a search with LIKE's wildcards takes them literally", "q=%25", () => []),
      listed("sort by risk, highest first", "sort=risk", () => [made.bonus, made.risky, made.rejected, made.alice]),
      listed("sort by amount, smallest first", "sort=amount&order=asc", () =>
        [...amounts.entries()].sort((a, b) => a[1] - b[1] || a[0] - b[0]).map(([id]) => id),
      ),
      listed("oldest first", "order=asc", () => [made.alice, made.rejected, made.bonus, made.risky]),
      listed("filters together", "status=PENDING&risk=high&from=2026-01-16&sort=createdAt&order=asc", () => [
        made.bonus,
        made.risky,
      ]),
      listed("a page past the end: none, and the count", "status=PENDING&page=2", () => [], 3),
      listed("an empty parameter is no filter", "q=&status=REJECTED", () => [made.rejected]),
      refused("an unknown status", "status=DONE", "status must be one of PENDING, APPROVED, PROCESSED, REJECTED"),
      refused("an unknown risk level", "risk=extreme", "risk must be one of low, medium, high"),
      refused("a date that does not exist", "from=2026-02-30", "from must be a date as YYYY-MM-DD"),
      refused("a date in another form", "to=17/01/2026", "to must be a date as YYYY-MM-DD"),
      refused("from after to", "from=2026-01-17&to=2026-01-15", "from must not be after to"),
      refused("an unknown sort", "sort=name", "sort must be one of createdAt, amount, risk"),
      refused("an unknown order", "order=up", "order must be asc or desc"),
      refused("a search over 200 characters", `q=${"a".repeat(201)}`, "q must be text of at most 200 characters"),
      {
        name: "a user who is not an admin",
        method: "GET",
        url: `${URL}?status=PENDING`,
        as: "user",
        expectStatus: 403,
      },
    ],
    { app: () => t },
  ));
