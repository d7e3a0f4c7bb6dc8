import { afterAll, beforeAll, expect, test } from "bun:test";
import { randomAddress, testApp, type TestApp } from "../../testing/harness.ts";

let t: TestApp;
let admin: string;
let address: string;
beforeAll(async () => {
  t = testApp();
  admin = (await t.registerAdmin("boss")).cookie;
  const now = t.clock();
  const insert = t.db.sqlite.prepare(
    "insert into users (username, email, password_hash, xrp_address, xrp_destination_tag, total_claimed_drops, daily_streak, created_at) values (?, ?, 'x', ?, ?, ?, ?, ?)",
  );
  address = randomAddress();
  for (let i = 0; i < 250; i++)
    insert.run(
      `user${String(i).padStart(3, "0")}`,
      `u${i}@example.com`,
      i === 42 ? address : null,
      i === 42 ? 4242 : null,
      i % 2 ? 1_000_000 : 0,
      i % 3 ? 0 : 2,
      now + i,
    );
});
afterAll(() => t.close());

test("users come a page of 100 at a time, newest first, with totals over everyone", async () => {
  const first = (await t.call("GET", "/api/admin/users", { cookie: admin })).json;
  expect(first.users).toHaveLength(100);
  expect(first.total).toBe(251);
  expect(first.users[0].username).toBe("user249");
  expect(first.summary).toEqual({
    totalOwed: "125.000000",
    totalUsers: 251,
    usersWithWallet: 1,
    activeUsers: 84,
    pendingRewards: 0,
  });
  const third = (await t.call("GET", "/api/admin/users?page=3", { cookie: admin })).json;
  expect(third.users).toHaveLength(51);
  expect(third.users.at(-1).username).toBe("boss");
});

test.each([
  {
    search: "user04",
    expected: [
      "user049",
      "user048",
      "user047",
      "user046",
      "user045",
      "user044",
      "user043",
      "user042",
      "user041",
      "user040",
    ],
  },
  {
    search: "USER10",
    expected: [
      "user109",
      "user108",
      "user107",
      "user106",
      "user105",
      "user104",
      "user103",
      "user102",
      "user101",
      "user100",
    ],
  },
  { search: "%", expected: [] },
  { search: "_", expected: [] },
])(
  "search '$search' matches usernames, case-insensitive, with wildcards taken literally",
  async ({ search, expected }) => {
    const res = (await t.call("GET", `/api/admin/users?search=${encodeURIComponent(search)}`, { cookie: admin })).json;
    expect(res.users.map((u: any) => u.username)).toEqual(expected);
  },
);

test("search by the start of an XRP address finds its user", async () => {
  const res = (await t.call("GET", `/api/admin/users?search=${address.slice(0, 12)}`, { cookie: admin })).json;
  expect(res.users.map((u: any) => u.username)).toEqual(["user042"]);
  // with the destination tag of its payout address, for the Pay dialog
  expect(res.users[0]).toMatchObject({ xrpAddress: address, destinationTag: 4242 });
});

test("a silly page number is clamped, not an error", async () => {
  for (const page of ["0", "-5", "abc", "99999999999"]) {
    const res = await t.call("GET", `/api/admin/users?page=${page}`, { cookie: admin });
    expect(res.status).toBe(200);
  }
});

test("open faucet requests come 200 a page, newest first, with the total in x-total-count", async () => {
  const insert = t.db.sqlite.prepare(
    "insert into faucet_requests (address, amount_drops, status, created_at) values (?, 5000000, ?, ?)",
  );
  const base = t.clock();
  for (let i = 0; i < 450; i++) insert.run(randomAddress(), i % 10 === 0 ? "APPROVED" : "PENDING", base + i);
  insert.run(randomAddress(), "REJECTED", base + 1000);
  t.db.sqlite.run("update faucet_requests set processed_at = ? where status = 'REJECTED'", [base + 2000]);
  const first = await t.call("GET", "/api/admin/faucet/requests", { cookie: admin });
  expect(first.headers.get("x-total-count")).toBe("450");
  expect(first.json.filter((r: any) => r.status !== "REJECTED")).toHaveLength(200);
  expect(first.json.filter((r: any) => r.status === "REJECTED")).toHaveLength(1);
  const third = (await t.call("GET", "/api/admin/faucet/requests?page=3", { cookie: admin })).json;
  expect(third).toHaveLength(50);
  expect(third.every((r: any) => r.status !== "REJECTED")).toBe(true);
  expect(new Date(third[0].createdAt).getTime()).toBeGreaterThan(new Date(third.at(-1).createdAt).getTime());
});
