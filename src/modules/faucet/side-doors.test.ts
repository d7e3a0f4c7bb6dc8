// The side doors past the faucet's limits, tried over real HTTP: the day's budget held by rejected
// or flagged requests, IPv6 rotation inside one /64, and the reviewer bonus reaching more addresses
// from an IP already at its limit.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { LAST_HOUR, randomAddress, strangerIp, testApp, type TestApp } from "../../testing/harness.ts";

let t: TestApp;
let url: string;
let admin: string;
beforeEach(async () => {
  t = testApp();
  url = t.listen();
  admin = (await t.registerAdmin()).cookie;
});
afterEach(async () => {
  await t.close();
});

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156 Safari/537.36";
let devices = 0;
const newDevice = () => `side-door-device-${String(++devices).padStart(8, "0")}`;

async function http(
  method: string,
  path: string,
  options: { body?: unknown; ip?: string; device?: string; agent?: string | null; cookie?: string } = {},
) {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-test-ip": options.ip ?? "203.0.113.7",
  };
  const cookies = [options.device ? `device=${options.device}` : "", options.cookie ?? ""].filter(Boolean);
  if (cookies.length) headers.cookie = cookies.join("; ");
  if (options.agent !== null) headers["user-agent"] = options.agent ?? BROWSER;
  const res = await fetch(`${url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}
const request = (address: string, ip: string, device = newDevice(), agent?: string | null) =>
  http("POST", "/api/faucet/request", { body: { address }, ip, device, agent });
const status = async () => (await http("GET", "/api/faucet/status")).json as { isActive: boolean; message: string };
const settings = (body: Record<string, unknown>) => http("POST", "/api/admin/faucet/settings", { body, cookie: admin });
const decide = (id: number, action: "APPROVED" | "REJECTED") =>
  http("POST", `/api/admin/faucet/requests/${id}`, { body: { action }, cookie: admin });
const one = <T>(sql: string, ...params: (string | number)[]) => t.db.sqlite.query(sql).get(...params) as T;

test("rejecting the requests that filled the day's budget gives it back at once", async () => {
  t.clock.set(LAST_HOUR); // the whole day's budget is released
  expect((await settings({ dailyLimit: "100", minAmount: "5", maxAmount: "20" })).status).toBe(200);
  const accepted: number[] = [];
  for (let i = 0; (await status()).isActive && i < 30; i++) {
    const res = await request(randomAddress(), strangerIp(i));
    if (res.status === 201) accepted.push(res.json.id);
  }
  expect(accepted.length).toBeGreaterThanOrEqual(5);
  expect(await status()).toMatchObject({
    isActive: false,
    message: "Today's XRP has been given out. Back after midnight UTC.",
  });
  expect((await request(randomAddress(), "192.0.2.200")).status).toBe(429);

  for (const id of accepted) expect((await decide(id, "REJECTED")).status).toBe(200);
  expect(one<{ n: number }>("select amount_drops as n from faucet_daily_totals").n).toBe(0);
  expect((await status()).isActive).toBe(true);
  const next = await request(randomAddress(), "192.0.2.201");
  expect(next.status).toBe(201);
});

test("high-risk requests waiting for review do not hold the day's budget, so a flood of them cannot close the faucet", async () => {
  t.clock.set(LAST_HOUR); // the whole day's budget is released
  expect((await settings({ dailyLimit: "20", minAmount: "5", maxAmount: "5" })).status).toBe(200);
  // A scripted farm on two IPs, a new device each time: after each IP's first request, high-risk.
  const farm = [];
  for (const ip of ["100.64.0.1", "100.65.0.1"]) {
    for (let i = 0; i < 3; i++) farm.push(await request(randomAddress(), ip, undefined, "python-requests/2.32"));
  }
  const flagged = farm.filter(
    (r) =>
      r.status === 201 &&
      r.json &&
      one<{ risk_score: number }>("select risk_score from faucet_requests where id = ?", r.json.id).risk_score >= 50,
  );
  expect(flagged.length).toBeGreaterThanOrEqual(3);
  expect((await status()).isActive).toBe(true);
  // An honest visitor still gets XRP while the flagged ones wait.
  expect((await request(randomAddress(), "192.0.2.77")).status).toBe(201);
  const held = one<{ n: number }>("select amount_drops as n from faucet_daily_totals").n;
  const unflagged = one<{ n: number }>(
    "select coalesce(sum(amount_drops), 0) as n from faucet_requests where risk_score < 50",
  ).n;
  expect(held).toBe(unflagged);
});

test("five IPv6 addresses inside one /64 count as one visitor network, whatever the grouping setting", async () => {
  for (const grouping of ["address", "subnet"] as const) {
    expect((await settings({ ipGrouping: grouping })).status).toBe(200);
    const prefix = grouping === "address" ? "2001:db8:aa:1" : "2001:db8:bb:2";
    const answers = [];
    for (let host = 1; host <= 5; host++) {
      for (let n = 0; n < 3; n++) answers.push(await request(randomAddress(), `${prefix}::${host}:${n}`));
    }
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(
      answers.filter((a) => a.status === 429).every((a) => /Too many addresses from your network/.test(a.json.message)),
    ).toBe(true);
    expect(
      one<{ n: number }>(
        "select count(*) as n from faucet_requests where ip_group = ?",
        `${prefix.replace(/:(\d+)$/, ":$1")}::/64`,
      ).n,
    ).toBe(3);
  }
});

// (the engine marks a validated payout's request PROCESSED; the reviewer bonus goes only to an
// address the faucet paid from the reviewer's device: reviews/bonus-address.test.ts)
const markPaid = (id: number) => t.db.sqlite.run("update faucet_requests set status = 'PROCESSED' where id = ?", [id]);

test("the reviewer bonus passes the same per-IP limit: no extra addresses from an IP already at its limit", async () => {
  const ip = "198.51.100.99";
  const device = newDevice();
  // an address the faucet paid this device a day before, from another network: the bonus may go there
  const paid = randomAddress();
  const earlier = await request(paid, "192.0.2.140", device);
  expect(earlier.status).toBe(201);
  markPaid(earlier.json.id);
  t.clock.advance(24 * 60 * 60 * 1000 + 1);
  for (let i = 0; i < 3; i++) expect((await request(randomAddress(), ip, device)).status).toBe(201);
  const bonuses = [];
  for (let i = 0; i < 5; i++) {
    const review = await http("POST", "/api/reviews/submit", {
      body: { rating: 5, review: `Great faucet, review ${i}` },
      ip,
      device,
    });
    expect(review.status).toBe(201);
    bonuses.push(
      await http("POST", "/api/reviews/bonus-request", {
        body: { address: paid, reviewId: review.json.id },
        ip,
        device,
      }),
    );
  }
  expect(bonuses.map((b) => b.status)).toEqual([429, 429, 429, 429, 429]);
  expect(bonuses[0]!.json.message).toMatch(/Too many addresses from your network today/);
  expect(
    one<{ n: number }>("select count(distinct address) as n from faucet_requests where requester_ip = ?", ip).n,
  ).toBe(3);
});

test("a reviewer bonus to the address the visitor already used today is still paid", async () => {
  const ip = "198.51.100.120";
  const device = newDevice();
  const addresses = [randomAddress(), randomAddress(), randomAddress()];
  const made = [];
  for (const address of addresses) made.push(await request(address, ip, device));
  expect(made.map((r) => r.status)).toEqual([201, 201, 201]);
  markPaid(made[0]!.json.id);
  const review = await http("POST", "/api/reviews/submit", {
    body: { rating: 4, review: "Quick and simple" },
    ip,
    device,
  });
  const bonus = await http("POST", "/api/reviews/bonus-request", {
    body: { address: addresses[0], reviewId: review.json.id },
    ip,
    device,
  });
  expect(bonus.status).toBe(201);
  expect(bonus.json.reason).toBe("Reviewer bonus");
});
