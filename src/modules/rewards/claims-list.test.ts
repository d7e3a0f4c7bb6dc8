// The admin's claims lists (pending and processed) filtered, searched, sorted and paged on the server.
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { randomAddress, testApp } from "../../testing/harness.ts";
import { type Scenario, scenarios } from "../../testing/scenario.ts";

const DAY = 24 * 60 * 60 * 1000;
const t = testApp();
// ids in the order made: bob's claim 1 (2026-01-15), carol's 2 (16th, denied), dave's 3 (17th, approved), erin's 4 (17th, pending)
const bobAddress = randomAddress();
beforeAll(async () => {
  const { cookie: admin } = await t.signIn("admin");
  // (each claim is made on the day its account is registered: the dates are what this file tests)
  await t.call("POST", "/api/admin/faucet/settings", {
    cookie: admin,
    body: { bonusMinAccountAgeHours: 0, bonusDailyLimit: "1000" },
  });
  const claim = async (name: string, platform: string, address = randomAddress()) => {
    const { cookie } = await t.register(name);
    await t.call("POST", "/api/social/share", { cookie, body: { platform } });
    const res = await t.call("POST", "/api/social/bonus-request", { cookie, body: { address, platform } });
    if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
    return res.json.id as number;
  };
  await claim("bob", "Twitter", bobAddress);
  t.clock.advance(DAY);
  const carol = await claim("carol", "Facebook");
  await t.call("POST", `/api/admin/claims/${carol}`, {
    cookie: admin,
    body: { status: "DENIED", reason: "Not public" },
  });
  t.clock.advance(DAY);
  const dave = await claim("dave", "LinkedIn");
  await t.call("POST", `/api/admin/claims/${dave}`, { cookie: admin, body: { status: "APPROVED" } });
  await claim("erin", "Twitter");
  t.db.sqlite.run("update rewards set amount_drops = 7000000 where id = 4");
});
afterAll(() => t.close());

type Answer = { json: Record<string, { id: number }[]>; headers: Headers };
const listed = (
  name: string,
  url: string,
  key: "pendingRewards" | "processedClaims",
  want: number[],
  total: number | null = want.length,
): Scenario => ({
  name,
  method: "GET",
  url,
  as: "admin",
  expectStatus: 200,
  after: (res) => {
    const answer = res as unknown as Answer;
    expect(answer.json[key]!.map((r) => r.id)).toEqual(want);
    expect(answer.headers.get("x-total-count")).toBe(total === null ? null : String(total));
  },
});
const refused = (name: string, url: string, message: string): Scenario => ({
  name,
  method: "GET",
  url,
  as: "admin",
  expectStatus: 400,
  expectJson: { message },
});

describe("GET /api/admin/claims and /api/admin/processed-claims with filters", () =>
  scenarios(
    [
      listed(
        "no filter: the pending ones, oldest first, as before",
        "/api/admin/claims",
        "pendingRewards",
        [1, 4],
        null,
      ),
      listed(
        "no filter: the processed ones, as before",
        "/api/admin/processed-claims",
        "processedClaims",
        [3, 2],
        null,
      ),
      listed("pending, newest first when filtered", "/api/admin/claims?order=desc", "pendingRewards", [4, 1]),
      listed(
        "the pending list shows another status asked for",
        "/api/admin/claims?status=DENIED",
        "pendingRewards",
        [2],
      ),
      listed("processed: the denied ones", "/api/admin/processed-claims?status=DENIED", "processedClaims", [2]),
      listed("search by username", "/api/admin/processed-claims?q=CAROL", "processedClaims", [2]),
      listed("search by email", "/api/admin/claims?q=bob%40example", "pendingRewards", [1]),
      listed("search by part of an address", `/api/admin/claims?q=${bobAddress.slice(2, 12)}`, "pendingRewards", [1]),
      listed("search by id", "/api/admin/processed-claims?q=%233", "processedClaims", [3]),
      listed("a search outside the list's statuses finds nothing", "/api/admin/claims?q=carol", "pendingRewards", []),
      listed(
        "a date range, both days included",
        "/api/admin/processed-claims?from=2026-01-16&to=2026-01-17",
        "processedClaims",
        [3, 2],
      ),
      listed("one day", "/api/admin/processed-claims?from=2026-01-16&to=2026-01-16", "processedClaims", [2]),
      listed("a reward's type as its reason", "/api/admin/claims?reason=SOCIAL_SHARE", "pendingRewards", [4, 1]),
      listed("a reason no reward has", "/api/admin/claims?reason=Reviewer%20bonus", "pendingRewards", []),
      listed("sort by amount, largest first", "/api/admin/claims?sort=amount", "pendingRewards", [4, 1]),
      listed("sort by amount, smallest first", "/api/admin/claims?sort=amount&order=asc", "pendingRewards", [1, 4]),
      listed("a page past the end", "/api/admin/claims?status=PENDING&page=2", "pendingRewards", [], 2),
      {
        name: "the users beside a filtered list are the list's",
        method: "GET",
        url: "/api/admin/processed-claims?status=DENIED",
        as: "admin",
        expectStatus: 200,
        after: (res) => expect(res.json.users.map((u: { username: string }) => u.username)).toEqual(["carol"]),
      },
      refused(
        "processed: PENDING is not a processed status",
        "/api/admin/processed-claims?status=PENDING",
        "status must be one of APPROVED, PAID, DENIED",
      ),
      refused(
        "an unknown status",
        "/api/admin/claims?status=DONE",
        "status must be one of PENDING, APPROVED, PAID, DENIED",
      ),
      refused("risk is for faucet requests", "/api/admin/claims?risk=low", "risk filters faucet requests only"),
      refused("claims do not sort by risk", "/api/admin/claims?sort=risk", "sort must be one of createdAt, amount"),
      refused("an unknown order", "/api/admin/processed-claims?order=newest", "order must be asc or desc"),
      refused("a bad date", "/api/admin/claims?from=yesterday", "from must be a date as YYYY-MM-DD"),
      {
        name: "a user who is not an admin",
        method: "GET",
        url: "/api/admin/claims?status=PENDING",
        as: "user",
        expectStatus: 403,
      },
    ],
    { app: () => t },
  ));
