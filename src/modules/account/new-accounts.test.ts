// New accounts per network (faucet_settings.accounts_per_hour / accounts_per_day), over real HTTP
// to a listening server, counted in the database.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { testApp, type TestApp } from "../../testing/harness.ts";

let t: TestApp;
let url: string;
beforeEach(() => {
  t = testApp();
  url = t.listen();
});
afterEach(async () => {
  await t.close();
});

const HOUR = 60 * 60 * 1000;
const register = (username: string, ip: string) =>
  fetch(`${url}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-test-ip": ip },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: "correct horse battery" }),
  });
const accountsFrom = (group: string) =>
  (t.db.sqlite.query("select count(*) as n from users where ip_group = ?").get(group) as { n: number }).n;
// (the accounts of an IPv4 /24 or IPv6 /48, whatever the IP grouping)
const accountsFromNetwork = (network: string) =>
  (t.db.sqlite.query("select count(*) as n from users where ip_network = ?").get(network) as { n: number }).n;
const TOO_MANY = /^Too many new accounts from your network\. Please try again in \d+ (minutes?|hours)\.$/;

test("25 registrations at once from one IP: exactly 5 accounts, the rest 429 with a wait", async () => {
  const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => register(`farm${i}`, "198.51.100.20")));
  const statuses = answers.map((a) => a.status);
  console.log("25 parallel registrations from one IP:", {
    201: statuses.filter((s) => s === 201).length,
    429: statuses.filter((s) => s === 429).length,
  });
  expect(statuses.filter((s) => s === 201)).toHaveLength(5);
  expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  expect((t.db.sqlite.query("select count(*) as n from users").get() as { n: number }).n).toBe(5);
  expect(accountsFromNetwork("198.51.100.0/24")).toBe(5);
  const refused = answers.find((a) => a.status === 429)!;
  expect((await refused.json()).message).toMatch(TOO_MANY);
  const retryAfter = Number(refused.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(55 * 60);
  expect(retryAfter).toBeLessThanOrEqual(60 * 60);
  // another network is not affected
  expect((await register("neighbour", "198.51.101.21")).status).toBe(201);
});

test("one more an hour later, until the day's 20; the next day again", async () => {
  const ip = "192.0.2.30";
  let made = 0;
  for (let hour = 0; hour < 5; hour++) {
    for (let i = 0; i < 5; i++) expect((await register(`h${hour}n${i}`, ip)).status).toBe(201);
    made += 5;
    const sixth = await register(`h${hour}extra`, ip);
    expect(sixth.status).toBe(429);
    const { message } = await sixth.json();
    expect(message).toMatch(TOO_MANY);
    if (made === 20) {
      // the day's limit: the wait is counted from the first of the 24 hours, not the hour
      expect(message).toMatch(/in 2[01] hours\.$/);
      break;
    }
    expect(message).toBe("Too many new accounts from your network. Please try again in 60 minutes.");
    t.clock.advance(HOUR);
  }
  expect(accountsFromNetwork("192.0.2.0/24")).toBe(20);
  t.clock.advance(24 * HOUR - 3 * HOUR);
  expect((await register("next-day", ip)).status).toBe(201);
});

test("with subnet grouping, the addresses of one IPv4 /24 share the limit; IPv6 counts by /64 anyway", async () => {
  const admin = await t.registerAdmin();
  expect(
    (await t.call("POST", "/api/admin/faucet/settings", { cookie: admin.cookie, body: { ipGrouping: "subnet" } }))
      .status,
  ).toBe(200);
  const v4 = await Promise.all(Array.from({ length: 8 }, (_, i) => register(`net${i}`, `198.51.100.${i + 1}`)));
  expect(v4.filter((a) => a.status === 201)).toHaveLength(5);
  expect(accountsFrom("198.51.100.0/24")).toBe(5);
  const v6 = await Promise.all(Array.from({ length: 8 }, (_, i) => register(`six${i}`, `2001:db8:5:6::${i + 1}`)));
  expect(v6.filter((a) => a.status === 201)).toHaveLength(5);
  expect(accountsFrom("2001:db8:5:6::/64")).toBe(5);
});

test("25 registrations from 20 IPv6 /64s of one /48: at most accountsPerHour accounts in an hour, each with its network and device", async () => {
  const answers = await Promise.all(
    Array.from({ length: 25 }, (_, i) =>
      fetch(`${url}/api/register`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-test-ip": `2001:db8:48:${(i % 20).toString(16)}::${i + 1}`,
          cookie: `device=farm-registration-device-${String(i).padStart(4, "0")}`,
        },
        body: JSON.stringify({ username: `rot${i}`, email: `rot${i}@example.com`, password: "correct horse battery" }),
      }),
    ),
  );
  expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
  const refused = answers.find((a) => a.status === 429)!;
  expect((await refused.json()).message).toMatch(TOO_MANY);
  const rows = t.db.sqlite.query("select ip_network, device_id from users order by id").all() as {
    ip_network: string;
    device_id: string;
  }[];
  expect(rows).toHaveLength(5);
  for (const row of rows) {
    expect(row.ip_network).toBe("2001:db8:48::/48");
    expect(row.device_id).toMatch(/^farm-registration-device-\d{4}$/);
  }
  // an hour later the /48 may make 5 more, from yet other /64s; another /48 was never held
  expect((await register("other48", "2001:db8:49:1::1")).status).toBe(201);
  t.clock.advance(HOUR);
  const later = await Promise.all(
    Array.from({ length: 8 }, (_, i) => register(`later${i}`, `2001:db8:48:${(100 + i).toString(16)}::1`)),
  );
  expect(later.filter((a) => a.status === 201)).toHaveLength(5);
});

test("the admin sets the limits; bad values are refused with a message", async () => {
  const admin = await t.registerAdmin();
  const settings = (body: unknown) => t.call("POST", "/api/admin/faucet/settings", { cookie: admin.cookie, body });
  const current = await t.call("GET", "/api/admin/faucet/settings", { cookie: admin.cookie });
  expect(current.json).toMatchObject({ accountsPerHour: 5, accountsPerDay: 20 });

  for (const [body, message] of [
    [{ accountsPerHour: 0 }, "accountsPerHour must be a whole number from 1 to 1000"],
    [{ accountsPerHour: 1001 }, "accountsPerHour must be a whole number from 1 to 1000"],
    [{ accountsPerHour: 2.5 }, "accountsPerHour must be a whole number from 1 to 1000"],
    [{ accountsPerHour: "" }, "accountsPerHour must be a whole number from 1 to 1000"],
    [{ accountsPerHour: "many" }, "accountsPerHour must be a whole number from 1 to 1000"],
    [{ accountsPerDay: -1 }, "accountsPerDay must be a whole number from 1 to 1000"],
    [{ accountsPerDay: true }, "accountsPerDay must be a whole number from 1 to 1000"],
    [{ accountsPerHour: 30, accountsPerDay: 10 }, "accountsPerHour cannot be above accountsPerDay"],
  ] as const) {
    const res = await settings(body);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message });
  }
  expect((await t.call("GET", "/api/admin/faucet/settings", { cookie: admin.cookie })).json).toMatchObject({
    accountsPerHour: 5,
    accountsPerDay: 20,
  });

  const changed = await settings({ accountsPerHour: "2", accountsPerDay: 3 });
  expect(changed.status).toBe(200);
  expect(changed.json).toMatchObject({ accountsPerHour: 2, accountsPerDay: 3 });
  const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => register(`two${i}`, "203.0.113.99")));
  expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
  t.clock.advance(HOUR);
  expect((await register("third", "203.0.113.99")).status).toBe(201);
  t.clock.advance(HOUR);
  const fourth = await register("fourth", "203.0.113.99");
  expect(fourth.status).toBe(429);
  expect((await fourth.json()).message).toBe("Too many new accounts from your network. Please try again in 22 hours.");

  // raising it lets the network in again at once
  expect((await settings({ accountsPerHour: 10, accountsPerDay: 100 })).status).toBe(200);
  expect((await register("fourth", "203.0.113.99")).status).toBe(201);
  const audit = t.db.sqlite
    .query("select details from audit_log where action = 'faucet_settings.update' order by id desc")
    .get() as { details: string };
  expect(JSON.parse(audit.details)).toMatchObject({ accountsPerHour: 10, accountsPerDay: 100 });
});

test("refused registrations (bad input, a taken name) do not count", async () => {
  const ip = "192.0.2.77";
  for (let i = 0; i < 10; i++) expect((await register("x", ip)).status).toBe(400);
  expect((await register("taken", "192.0.3.78")).status).toBe(201);
  for (let i = 0; i < 10; i++) expect((await register("taken", ip)).status).toBe(409);
  for (let i = 0; i < 5; i++) expect((await register(`ok${i}`, ip)).status).toBe(201);
  expect((await register("sixth", ip)).status).toBe(429);
});

test("the wide network (IPv4 /16, IPv6 /32) never refuses: 12 networks of one /16 and 12 of one /32 at once all get their account, each stored with its wide network", async () => {
  const answers = await Promise.all([
    ...Array.from({ length: 12 }, (_, i) => register(`v4wide${i}`, `100.64.${i}.9`)),
    ...Array.from({ length: 12 }, (_, i) => register(`v6wide${i}`, `2001:db8:${(i + 1).toString(16)}::9`)),
  ]);
  expect(answers.map((a) => a.status)).toEqual(Array(24).fill(201));
  const wides = t.db.sqlite
    .query(
      "select ip_wide, count(distinct ip_network) as networks, count(*) as n from users group by ip_wide order by ip_wide",
    )
    .all();
  expect(wides).toEqual([
    { ip_wide: "100.64.0.0/16", networks: 12, n: 12 },
    { ip_wide: "2001:db8::/32", networks: 12, n: 12 },
  ]);
});
