// A request's cost must not grow with what a farm can add: every statement the faucet's request
// path runs (an accepted request, each refusal, the status read) is served by an index on the
// width it counts (network, wide network, device, address), never by a scan, nor by an index on
// status or time alone (a farm's 100k waiting rows all share a status and a day).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { randomAddress, testApp, type TestApp } from "../../testing/harness.ts";
import { queryPlan, recordStatements, type StatementLog } from "../../testing/statements.ts";

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
// the tables a visitor or a farm can add rows to
const GROWING = [
  "faucet_requests",
  "faucet_request_hours",
  "users",
  "rewards",
  "reviews",
  "payouts",
  "sessions",
  "notifications",
  "audit_log",
  "social_shares",
  "block_list",
];
const BY_STATUS_OR_TIME_ALONE = ["faucet_requests_status_time", "faucet_requests_time"];

let t: TestApp;
let log: StatementLog;
beforeAll(async () => {
  t = testApp({ onDatabase: (db) => void (log = recordStatements(db.sqlite)) });
  // a request, flagged ones and rejected ones already there, so each path runs all its statements
  const admin = (await t.registerAdmin()).cookie;
  await t.call("POST", "/api/admin/faucet/settings", { cookie: admin, body: { dailyLimit: "1000" } });
  for (let i = 0; i < 3; i++) await ask("2001:db8:5::1");
  for (let i = 0; i < 3; i++) await ask("2001:db8:6::1");
  for (let i = 0; i < 3; i++) await ask("2001:db8:7::1");
  await ask("2001:db8:8::1");
});
afterAll(() => t.close());

const ask = (ip: string, address = randomAddress(), device = crypto.randomUUID()) =>
  t.call("POST", "/api/faucet/request", {
    body: { address },
    ip,
    cookie: `device=${device}`,
    headers: { "user-agent": BROWSER },
  });

// What each statement run since `log.clear()` does that a farm could make slow.
function badPlans(): string[] {
  const bad: string[] = [];
  for (const sql of log.taken()) {
    for (const step of queryPlan(t.db.sqlite, sql)) {
      const scanned = step.match(/^SCAN (\w+)/)?.[1];
      const byIndex = step.match(/USING (?:COVERING )?INDEX (\w+)/)?.[1];
      if ((scanned && GROWING.includes(scanned)) || (byIndex && BY_STATUS_OR_TIME_ALONE.includes(byIndex)))
        bad.push(`${step}\n    in: ${sql.replace(/\s+/g, " ")}`);
    }
  }
  return bad;
}

test.each([
  ["an accepted request", () => ask("198.51.100.9")],
  ["a flagged request from a network that asked before", () => ask("2001:db8:8::2")],
  // (each network's first refusal: a network seen over its limit is refused without a read, below)
  ["a refusal: the network is over its limit", () => ask("2001:db8:7::3")],
  // (asked before this server started: a refusal the server has not seen yet reads the database)
  [
    "a refusal: the address asked in the last 24 h",
    async () => {
      const address = randomAddress();
      t.db.sqlite.run(
        `insert into faucet_requests (address, amount_drops, requester_ip, ip_group, ip_network, ip_wide, device_id, created_at)
       values (?, 1000000, '203.0.113.50', '203.0.113.0/24', '203.0.113.0/24', '203.0.0.0/16', ?, ?)`,
        [address, crypto.randomUUID(), t.clock() - 60_000],
      );
      log.clear();
      return ask("203.0.113.60", address);
    },
  ],
  ["the status read", () => t.call("GET", "/api/faucet/status?mine=1", { cookie: `device=${crypto.randomUUID()}` })],
])("%s runs no statement a farm can make slow", async (_name, run) => {
  log.clear();
  const res = await run();
  expect(res.status).toBeLessThan(500);
  expect(log.taken().length).toBeGreaterThan(0);
  expect(badPlans()).toEqual([]);
});

// A request's reads run in the group commit's transaction that writes it, refused or not: one read
// lock for the turn's requests together. Outside a transaction each statement takes SQLite's read
// lock and leaves it (two fcntl calls), which was a third of a network's refusal under a flood.
test.each([
  ["an accepted request", () => ask("198.51.100.77")],
  // (the network's first refusal: a network seen over its limit is refused without a read, below)
  ["a refusal: the network is over its limit", () => ask("2001:db8:6::4")],
])("%s runs no statement outside the group commit's transaction", async (_name, run) => {
  log.clear();
  const res = await run();
  expect(res.status).toBeLessThan(500);
  expect(log.runs()).toBeGreaterThan(0);
  expect(log.outside()).toBe(0);
});

// An address asked again and again (a flood of one address) is refused from what the server saw:
// after its request, or its first refusal, no statement at all.
test("an address asked again is refused without a statement, with its wait", async () => {
  const address = randomAddress();
  expect((await ask("203.0.113.70", address)).status).toBe(201);
  t.clock.advance(60 * 60_000);
  log.clear();
  const again = await ask("203.0.113.80", address);
  expect(again.status).toBe(429);
  expect(again.json.message).toMatch(/You can request again tomorrow at \d\d:\d\d UTC \(in 23 h\)\.$/);
  expect(again.headers.get("retry-after")).toBe(String(23 * 3600));
  // (its answer is kept for the second its wait stands at: a later one says the later wait)
  t.clock.advance(22 * 60 * 60_000 + 30 * 60_000 + 500);
  const later = await ask("203.0.113.90", address);
  expect(later.json.message).toContain("You can request again in 30 min.");
  expect(later.headers.get("retry-after")).toBe(String(30 * 60));
  expect(log.runs()).toBe(0);
});

// A network over its limit refused again and again (a farm's flood from one /48): its answer is kept
// for the second its wait stands at, and a later refusal says the later wait.
test("a network over its limit is refused with its wait, and later with the later wait", async () => {
  for (let i = 0; i < 3; i++) expect((await ask("2001:db8:77::1")).status).toBe(201);
  t.clock.advance(60 * 60_000);
  for (const ip of ["2001:db8:77::2", "2001:db8:77:1::3"]) {
    const refused = await ask(ip);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/Please try again tomorrow at \d\d:\d\d UTC \(in 23 h\)\.$/);
    expect(refused.headers.get("retry-after")).toBe(String(23 * 3600));
  }
  t.clock.advance(22 * 60 * 60_000 + 30 * 60_000 + 500);
  const later = await ask("2001:db8:77::4");
  expect(later.status).toBe(429);
  expect(later.json.message).toContain("Please try again in 30 min.");
  expect(later.headers.get("retry-after")).toBe(String(30 * 60));
});

// A network seen over its limit (a farm's flood from one /48) is refused from what the server saw,
// as an address asked again is: no statement, and who asks is not read (no device cookie made).
test("a network seen over its limit is refused again without a statement, before who asks is read", async () => {
  for (let i = 0; i < 3; i++) expect((await ask("2001:db8:78::1")).status).toBe(201);
  expect((await ask("2001:db8:78::2")).status).toBe(429);
  log.clear();
  const again = await t.call("POST", "/api/faucet/request", {
    body: { address: randomAddress() },
    ip: "2001:db8:78:5::9",
    headers: { "user-agent": BROWSER },
  });
  expect(again.status).toBe(429);
  expect(again.headers.get("x-error-code")).toBe("NETWORK_LIMIT");
  expect(again.json.message).toMatch(
    /^Too many addresses from your network today \(at most 3 in 24 hours\)\. Please try again tomorrow at \d\d:\d\d UTC \(in 24 h\)\.$/,
  );
  expect(again.headers.get("set-cookie")).toBeNull();
  expect(log.runs()).toBe(0);
});

// ...nor reads who asks: a signed-in visitor without a device cookie is refused without its session
// being looked up and without a device cookie being made for it (the two were a tenth of such a
// refusal's time under a flood).
test("an address asked again is refused before who asks is read: no session looked up, no device cookie made", async () => {
  const address = randomAddress();
  expect((await ask("203.0.113.71", address)).status).toBe(201);
  const { cookie } = await t.register("asker");
  log.clear();
  const again = await t.call("POST", "/api/faucet/request", {
    body: { address },
    ip: "203.0.113.81",
    cookie,
    headers: { "user-agent": BROWSER },
  });
  expect(again.status).toBe(429);
  expect(again.json.message).toMatch(/You can request again tomorrow at \d\d:\d\d UTC \(in 24 h\)\.$/);
  expect(again.headers.get("set-cookie")).toBeNull();
  expect(log.runs()).toBe(0);
});

// A farm's flood from new /48s of one /32: each request reads its limits once, in one statement
// (in the group commit's transaction that writes it), and its risk signals in one statement
// (without the counts of its new /48, which asked nothing before); the waiting requests of its /32
// are not read again once a request at the top score found none to raise (the /32's velocity put
// them all there). So its statements stay few: the count below.
// A new request from another network of a wide network changes only the wide network's counts of
// those waiting there: they are counted once for all of them, not with a statement each.
test("a crowd in one wide network: the waiting requests of its other networks are scored again without a statement each", async () => {
  const first = await ask("198.18.1.7");
  for (let i = 2; i <= 5; i++) expect((await ask(`198.18.${i}.7`)).status).toBe(201);
  const scoreOf = (id: number) =>
    (t.db.sqlite.query("select risk_score as score from faucet_requests where id = ?").get(id) as { score: number })
      .score;
  const before = scoreOf(first.json.id);
  expect(before).toBeLessThan(100);
  log.clear();
  expect((await ask("198.18.6.7")).status).toBe(201);
  // (raised: one more request from another network of its /16 in the hour)
  expect(scoreOf(first.json.id)).toBeGreaterThan(before);
  // the signals' statement for the new request alone; the wide network's newest and its paid networks read once
  expect(log.runs("as fromWideHour")).toBe(1);
  expect(log.runs("from faucet_requests indexed by faucet_requests_wide_time")).toBe(1);
  expect(log.runs("select distinct ip_network")).toBe(1);
  expect(badPlans()).toEqual([]);
});

test("a flood from one wide network: each new request runs a bounded number of statements", async () => {
  const fromNew48 = (k: number) => ask(`2001:db8:${(0x100 + k).toString(16)}::1`);
  for (let k = 0; k < 30; k++) expect((await fromNew48(k)).status).toBe(201);
  log.clear();
  expect((await fromNew48(30)).status).toBe(201);
  expect(log.runs()).toBeLessThanOrEqual(6);
});
