// What the account farm's tests share (farm*.test.ts): a listening server per test with its admin,
// browsers, new accounts, their claims, and what the claims wrote.
import { afterEach, beforeEach, expect } from "bun:test";
import { httpClient, type HttpClient } from "../../testing/client.ts";
import { testApp, type TestApp } from "../../testing/harness.ts";

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;
export const HIGH = 50;
// A moment as the refusals write it: "Jan 16, 12:00 UTC".
export const at = (ms: number) =>
  `${new Date(ms).toLocaleString("en-US", { timeZone: "UTC", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })} UTC`;

// The site each test runs on (a new one per test: newSiteEachTest), its admin's browser, and the
// accounts made so far. Read by the tests as live bindings.
export let t: TestApp;
let url: string;
export let admin: HttpClient;
let made = 0;
export function newSiteEachTest() {
  beforeEach(async () => {
    t = testApp();
    url = t.listen();
    made = 0;
    const { cookie } = await t.registerAdmin();
    admin = httpClient(url, { ipHeader: "x-test-ip", ip: "192.0.2.200", headers: { cookie } });
  });
  afterEach(async () => {
    await t.close();
  });
}

// A browser: its own cookie jar (session and device cookie), its own IP unless a request says another.
export const browser = (ip: string) => httpClient(url, { ipHeader: "x-test-ip", ip });
// A new account registered from `ip` (with `device` as its device cookie, when given); logged in.
export async function account(ip: string, device?: string): Promise<HttpClient & { id: number }> {
  const n = made++;
  const client = browser(ip);
  const res = await client.post(
    "/api/register",
    { username: `person${n}`, email: `person${n}@example.com`, password: "correct horse battery" },
    device ? { headers: { cookie: `device=${device}` } } : {},
  );
  expect(res.status).toBe(201);
  return Object.assign(client, { id: res.json.user.id as number });
}
// A share on the platform, then its claim to `address` (from the browser's IP, or `ip`).
export async function claim(client: HttpClient, platform: string, address: string, ip?: string) {
  await client.post("/api/social/share", { platform }, { ip });
  return client.post(
    "/api/social/bonus-request",
    {
      address,
      platform,
      sharedUrl: "https://x.example/earn-more",
      sharedContent: { title: "Free XRP", description: "Claim" },
    },
    { ip },
  );
}
export const rewards = () =>
  t.db.sqlite.query("select user_id, address, status, budget_day from rewards order by id").all() as {
    user_id: number;
    address: string;
    status: string;
    budget_day: string | null;
  }[];
export const bonusUsed = (day: string) =>
  (
    t.db.sqlite.query("select bonus_drops from faucet_daily_totals where day = ?").get(day) as {
      bonus_drops: number;
    } | null
  )?.bonus_drops ?? 0;
