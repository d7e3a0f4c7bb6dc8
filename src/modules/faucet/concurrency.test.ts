// Limits under simultaneous requests, over real HTTP to a listening server; counted in the database.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { LAST_HOUR, randomAddress, strangerIp, testApp, type TestApp } from "../../testing/harness.ts";

let t: TestApp;
let url: string;
beforeEach(() => {
  t = testApp();
  url = t.listen();
});
afterEach(async () => {
  await t.close();
});

const post = (address: string, ip: string, device: string) =>
  fetch(`${url}/api/faucet/request`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-test-ip": ip, cookie: `device=${device}` },
    body: JSON.stringify({ address }),
  });
const count = (sql: string) => (t.db.sqlite.query(sql).get() as { n: number }).n;
const device = (n: number) => `concurrent-device-${String(n).padStart(8, "0")}`;

test("100 simultaneous requests for one address: exactly one is accepted", async () => {
  const address = randomAddress();
  const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => post(address, `198.51.100.${i}`, device(i))));
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 429)).toHaveLength(99);
  expect(count("select count(*) as n from faucet_requests")).toBe(1);
  expect(count("select requests as n from faucet_daily_totals")).toBe(1);
});

test("20 addresses at once from one IP: exactly the per-IP limit is accepted", async () => {
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => post(randomAddress(), "192.0.2.44", device(i))),
  );
  expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
  expect(count("select count(*) as n from faucet_requests where requester_ip = '192.0.2.44'")).toBe(3);
});

test("simultaneous requests never pass the daily budget, and the totals match the rows", async () => {
  t.clock.set(LAST_HOUR); // the whole day's budget is released
  const admin = await t.registerAdmin();
  await t.call("POST", "/api/admin/faucet/settings", {
    cookie: admin.cookie,
    body: { dailyLimit: "100", minAmount: "5", maxAmount: "20" },
  });
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) => post(randomAddress(), strangerIp(i), device(i))),
  );
  const accepted = answers.filter((a) => a.status === 201).length;
  expect(accepted).toBeGreaterThanOrEqual(5);
  expect(accepted).toBeLessThan(40);
  const sum = count("select sum(amount_drops) as n from faucet_requests");
  expect(sum).toBeLessThanOrEqual(100_000_000);
  expect(count("select amount_drops as n from faucet_daily_totals")).toBe(sum);
  expect(count("select count(*) as n from faucet_requests")).toBe(accepted);
});
