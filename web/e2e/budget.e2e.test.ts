// The day's budget released an hour at a time, and the signs of an account farm, in Chromium: a
// visitor reads when this hour's used-up XRP opens again (in their time and UTC) and the refusal
// that says so; the admin's settings show today's faucet, bonus and auto-approve budgets and refuse
// a bad bonus setting under its field; the claims list shows each claim's network, device and risk,
// and a bulk approval says how many of the selected claims look alike; a user's file shows where the
// account was registered from. Axe-clean, and without sideways scrolling at 375 px.
//
// The time of day is fixed: the site is the app in this process on a fake clock standing at 00:30
// UTC (startSite({ at }), support.ts), not the binary on the real clock, and the browser's clock
// starts at the same moment. What a budget has released depends on the hour (at 15:00 UTC the day
// below has released 1.33 XRP, and one request no longer uses the hour up), so on the real clock
// this file passed or failed by the hour it ran at. The day's first hour is chosen because there
// the ways of releasing a day agree: the whole day remains and 24 hours are left, so the hour's
// share is ceil(2 XRP / 24) raised to one request's most (1 XRP), whether the day is released as
// max(floor, ceil(total x (hour + 1) / 24)) carried forward (faucet/budget-pools.ts) or as each hour's
// max(floor, ceil(remaining at its start / hours left)). One request uses the hour up and more
// opens at 01:00 UTC (6:30 AM in Kolkata, UTC+5:30); every figure below is exact.
// The date is in the future: the browser judges the session cookie's Expires (30 days after the
// server's now) by the machine's real clock.
import { afterAll, beforeAll, expect, test } from "bun:test";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";
import { ADMIN, BROWSER_USER_AGENT, errorUnder, gone, newAddress, seen, sessionCookie, type SiteOnClock, startSite, toasts, until } from "./support.ts";

let site: SiteOnClock;
let adminCookie = "";
const json = { "content-type": "application/json" };

// The site's clock (see above) and when the next hour's share opens, as the server says it and as a
// visitor in Kolkata reads it.
const AT = Date.UTC(2099, 0, 15, 0, 30);
const NEXT_SLICE_AT = "2099-01-15T01:00:00.000Z";
const NEXT_SLICE_KOLKATA = "6:30 AM your time (01:00 UTC)";
const KOLKATA = "Asia/Kolkata";

// One request pays exactly 1 XRP, and the day is 2 XRP: the day's first hour releases 1 XRP (a
// request's most), so one request uses the hour up and leaves the day 1 XRP for later hours.
const SETTINGS = { minAmount: "1", maxAmount: "1", dailyLimit: "2", powDifficulty: 0, accountsPerHour: 1000, accountsPerDay: 1000, bonusMinAccountAgeHours: 0, bonusDailyLimit: "1000" };

beforeAll(async () => {
  // trustProxy (--trust-proxy): the scripted visitors come from networks of their own (X-Forwarded-For)
  site = await startSite({ at: AT, trustProxy: true });
  const login = await fetch(`${site.url}/api/login`, { method: "POST", headers: json, body: JSON.stringify(ADMIN) });
  expect(login.status).toBe(200);
  adminCookie = sessionCookie(login);
  const saved = await fetch(`${site.url}/api/admin/faucet/settings`, { method: "POST", headers: { ...json, cookie: adminCookie }, body: JSON.stringify(SETTINGS) });
  expect(saved.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await site?.close();
}, 60_000);


interface Status {
  isActive: boolean;
  offlineReason: string | null;
  budgetLeft: string;
  nextSliceAt: string | null;
}
const status = async (): Promise<Status> => (await fetch(`${site.url}/api/faucet/status`)).json();
const adminGet = async (path: string) => (await fetch(`${site.url}${path}`, { headers: { cookie: adminCookie } })).json();

async function axe(page: Page): Promise<string[]> {
  await gone(page.getByText("Loading...", { exact: true }));
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map((v) => `${page.url()}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
const noSidewaysScroll = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

// (in Kolkata's time zone: the settings say when the next share opens in the admin's time)
async function adminPage(width = 1280, path = "/admin"): Promise<Page> {
  const { page } = await site.newPage({ width, height: 900, timezoneId: KOLKATA });
  await page.goto("/login");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL("**/admin");
  if (path !== "/admin") await page.goto(path);
  return page;
}

// The value beside a label in a list of figures (<dt>label</dt><dd>value</dd>).
const figureOf = (scope: Page | Locator, label: string) => scope.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");


test("the faucet page says when this hour's used-up XRP opens again, in the visitor's time and UTC; a refused request says so too", async () => {
  // Each visitor who asks is a person's browser (a headless one's request is flagged: it waits for
  // an admin holding no budget, so it would not use the hour up) on a network and a /16 of its own.
  const { page } = await site.newPage({ width: 1280, height: 900, visitorIp: "198.51.100.1", timezoneId: KOLKATA, userAgent: BROWSER_USER_AGENT });
  await page.goto("/faucet");
  const state = page.getByRole("region", { name: "Faucet status" });
  await seen(state.getByText("The faucet is online"));
  // 00:30 UTC: the first hour has released 1 XRP of the day's 2
  expect(await status()).toMatchObject({ isActive: true, budgetLeft: "1.000000", nextSliceAt: NEXT_SLICE_AT });
  const budget = state.locator("#faucet-budget-label");
  expect(await budget.textContent()).toBe("Today's budget: 1 XRP left this hour · more every hour until 2 XRP a day");
  expect(await page.getByRole("progressbar", { name: /Today's budget/ }).getAttribute("aria-valuemax")).toBe("2");

  const claim = async (on: Page) => {
    await on.getByLabel("XRP wallet address").fill(newAddress());
    await on.getByRole("button", { name: "Claim Your XRP Drops" }).click();
  };
  await claim(page);
  await seen(page.getByRole("status").filter({ hasText: "received for" }));

  // the hour is used up: the panel says when more opens, in Kolkata's time and in UTC
  await seen(state.getByText("The faucet is offline"));
  expect(await status()).toMatchObject({ isActive: false, budgetLeft: "0.000000", nextSliceAt: NEXT_SLICE_AT });
  await seen(state.getByText(`The faucet has given out this hour's XRP. More opens at ${NEXT_SLICE_KOLKATA}.`, { exact: true }));
  expect(await budget.textContent()).toBe("Today's budget: 0 XRP left this hour · more every hour until 2 XRP a day");
  expect(await state.getByText("come back", { exact: false }).count()).toBe(0);

  // another visitor's request now is refused with the server's sentence, beside the button (a second
  // one from the first visitor's device and network would be flagged: it waits for an admin, taken
  // even when the hour is used up)
  const next = (await site.newPage({ width: 1280, height: 900, visitorIp: "192.0.2.60", timezoneId: KOLKATA, userAgent: BROWSER_USER_AGENT })).page;
  await next.goto("/faucet");
  await seen(next.getByRole("region", { name: "Faucet status" }).getByText("The faucet is offline"));
  await claim(next);
  await seen(next.getByRole("alert").filter({ hasText: /^The faucet has given out this hour's XRP\. More opens at 01:00 UTC\.$/ }));
  expect(await axe(next)).toEqual([]);

  // at 375 px: the same sentence, no sideways scroll; the home page's figure says when more opens
  const phone = (await site.newPage({ width: 375, height: 800, visitorIp: "198.51.100.2", timezoneId: KOLKATA })).page;
  await phone.goto("/faucet");
  await seen(phone.getByRole("region", { name: "Faucet status" }).getByText(`The faucet has given out this hour's XRP. More opens at ${NEXT_SLICE_KOLKATA}.`, { exact: true }));
  await noSidewaysScroll(phone, 375);
  expect(await axe(phone)).toEqual([]);
  // (below the first screen: counted, not waited on as visible)
  await phone.goto("/");
  await until(async () => (await phone.getByText("Left This Hour", { exact: true }).count()) === 1, "the home page's budget figure");
  await until(
    async () => (await phone.getByText(`more at ${NEXT_SLICE_KOLKATA}, until 2 XRP a day`, { exact: true }).count()) === 1,
    "the home page's next hour",
  );
}, 120_000);

test("the settings show today's faucet, bonus and auto-approve budgets; a bad bonus setting is refused under its field", async () => {
  const page = await adminPage(1280, "/admin/settings");
  await seen(page.getByRole("heading", { name: "Today's budget" }));
  const pools = await adminGet("/api/admin/faucet/budget");
  // at 00:30 the faucet's first hour (1/24 of 2 XRP, raised to a request's 1 XRP) is used up by the
  // first test's request, and its refusal counts; each pool's next share opens at 01:00 UTC
  expect(pools.faucet).toMatchObject({ total: "2.000000", slice: "0.083334", released: "1.000000", used: "1.000000", left: "0.000000", nextSliceAt: NEXT_SLICE_AT, refusedRequests: 1, refused: "1.000000" });
  // (amounts for reading: "1.000000" shows as "1 XRP", "1000.000000" as "1,000 XRP")
  const refused = { faucet: "1 request (1 XRP)", bonus: "0 requests (0 XRP)", autoApprove: "0 requests (0 XRP)" };
  const xrp = (amount: string) => {
    const [whole = "0", fraction = ""] = amount.split(".");
    const decimals = fraction.replace(/0+$/, "");
    return `${Number(whole).toLocaleString("en-US")}${decimals ? `.${decimals}` : ""} XRP`;
  };
  for (const [name, key] of [["Faucet", "faucet"], ["Bonuses", "bonus"], ["Auto-approve", "autoApprove"]] as const) {
    const region = page.getByRole("region", { name, exact: true });
    const figure = (label: string) => figureOf(region, label);
    await until(async () => (await figure("Per hour").textContent()) === xrp(pools[key].slice), `${name}'s hourly share`);
    expect(await figure("Released so far").textContent()).toBe(`${xrp(pools[key].released)} of ${xrp(pools[key].total)}`);
    expect(await figure("Left now").textContent()).toBe(xrp(pools[key].left));
    expect(pools[key].nextSliceAt).toBe(NEXT_SLICE_AT);
    expect(await figure("Next share opens").textContent()).toBe(NEXT_SLICE_KOLKATA);
    expect(await figure("Refused this hour").textContent()).toBe(refused[key]);
  }

  // a bonus account age beyond 720 hours: the server's message under the field, no toast
  const age = page.getByLabel("Bonus account age (hours)");
  await until(async () => (await age.inputValue()) === "0", "the settings to load");
  await age.fill("900");
  await page.getByRole("button", { name: "Save settings" }).click();
  await until(async () => (await errorUnder(age)) === "The bonus account age must be a whole number from 0 to 720", "the error under the account age");
  expect(await age.getAttribute("aria-invalid")).toBe("true");
  expect(await toasts(page).getByText("Update Failed").count()).toBe(0);
  expect(await axe(page)).toEqual([]);
  await age.fill("12");
  expect(await errorUnder(age)).not.toBe("The bonus account age must be a whole number from 0 to 720");

  const bonus = page.getByLabel("Bonus budget per day (XRP)");
  await bonus.fill("lots");
  await page.getByRole("button", { name: "Save settings" }).click();
  await until(async () => (await errorUnder(bonus)) === "The bonus budget per day must be a positive XRP amount with at most 6 decimals", "the error under the bonus budget");
  await bonus.fill("480");
  await page.getByRole("button", { name: "Save settings" }).click();
  // the toast names what changed (it said "Faucet has been successfully enabled." for any save)
  await seen(toasts(page).getByText("Settings saved"));
  await seen(toasts(page).getByText(/Bonus budget per day \(XRP\): [\d.]+ → 480; Bonus account age \(hours\): 0 → 12/));
  const saved = await adminGet("/api/admin/faucet/settings");
  expect(saved).toMatchObject({ bonusDailyLimit: "480", bonusMinAccountAgeHours: 12, ipGrouping: "subnet" });
  // the bonuses' hourly share follows: 480 / 24
  const bonusShare = figureOf(page.getByRole("region", { name: "Bonuses", exact: true }), "Per hour");
  await until(async () => (await bonusShare.textContent()) === "20 XRP", "the bonus share of the new budget");

  // back to what the claims below need
  const reset = await fetch(`${site.url}/api/admin/faucet/settings`, { method: "POST", headers: { ...json, cookie: adminCookie }, body: JSON.stringify(SETTINGS) });
  expect(reset.status).toBe(200);

  const phone = await adminPage(375, "/admin/settings");
  await seen(phone.getByRole("region", { name: "Bonuses", exact: true }));
  await noSidewaysScroll(phone, 375);
  expect(await axe(phone)).toEqual([]);
}, 120_000);

// A user registered, sharing and claiming a social bonus from `ip` on `device`, paid to `address`.
async function claimant(username: string, { ip, device, address }: { ip: string; device: string; address: string }): Promise<void> {
  const from = { ...json, "x-forwarded-for": ip, "user-agent": "Mozilla/5.0" };
  const reg = await fetch(`${site.url}/api/register`, {
    method: "POST",
    headers: { ...from, cookie: `device=${device}` },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: "correct horse battery" }),
  });
  expect(reg.status).toBe(201);
  const cookie = `${sessionCookie(reg)}; device=${device}`;
  expect((await fetch(`${site.url}/api/social/share`, { method: "POST", headers: { ...from, cookie }, body: JSON.stringify({ platform: "Twitter" }) })).status).toBe(201);
  const claim = await fetch(`${site.url}/api/social/bonus-request`, { method: "POST", headers: { ...from, cookie }, body: JSON.stringify({ address, platform: "Twitter" }) });
  expect(claim.status).toBe(201);
}

const SHARED_DEVICE = "e2eSharedDevice-0000000001";

test("claims show their network, device and risk; a bulk approval says how many of the selected look alike", async () => {
  const shared = newAddress();
  await claimant("farmer1", { ip: "198.51.100.20", device: SHARED_DEVICE, address: shared });
  await claimant("farmer2", { ip: "198.51.100.21", device: SHARED_DEVICE, address: newAddress() });
  await claimant("loner", { ip: "203.0.113.9", device: "e2eOwnDevice-000000000001", address: shared });

  const page = await adminPage(1280, "/admin/claims");
  const table = page.getByRole("table", { name: "Pending claims" });
  await seen(table);
  const row = (username: string) => table.getByRole("row").filter({ hasText: username });
  await seen(row("farmer1").getByText("198.51.100.0/24"));
  await seen(row("farmer1").getByText(SHARED_DEVICE.slice(0, 12), { exact: true }));
  await seen(row("loner").getByText("203.0.113.0/24"));
  const claims: { username: string | null; userId: number; riskScore: number | null; riskReasons: string[] }[] = (await adminGet("/api/admin/claims")).pendingRewards;
  expect(claims).toHaveLength(3);
  for (const c of claims) {
    const badge = c.riskScore === null ? "N/A" : `${c.riskScore >= 50 ? "High" : c.riskScore >= 25 ? "Medium" : "Low"} (${c.riskScore})`;
    const users: { id: number; username: string }[] = (await adminGet("/api/admin/claims")).users;
    const name = users.find((u) => u.id === c.userId)!.username;
    await seen(row(name).getByText(badge, { exact: true }));
    if (c.riskReasons.length > 0) await seen(row(name).getByText(c.riskReasons.join("; "), { exact: true }).last());
  }
  expect(await axe(page)).toEqual([]);

  for (const name of ["farmer1", "farmer2", "loner"]) await row(name).getByRole("checkbox", { name: /^Select claim \d+$/ }).check();
  await page.getByRole("button", { name: "Approve selected (3)" }).click();
  const dialog = page.getByRole("dialog");
  await seen(dialog.getByRole("heading", { name: "Approve 3 claims?" }));
  await seen(dialog.getByText("2 of 3 share a network, 2 share a device, 2 share an address.", { exact: true }));
  await seen(dialog.getByText("3 payments of 15.000000 XRP in total will be added to what the user is owed", { exact: false }));
  expect(await axe(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Approve 3" }).click();
  await seen(toasts(page).getByText("3 claims approved: 15.000000 XRP owed"));
  await seen(page.getByText("No pending claims to review"));
  // the decided ones keep their origin and risk
  await seen(page.getByRole("table", { name: "Processed claims" }).getByRole("row").filter({ hasText: "farmer2" }).getByText("198.51.100.0/24"));

  const phone = await adminPage(375, "/admin/claims");
  await seen(phone.getByRole("table", { name: "Processed claims" }));
  await noSidewaysScroll(phone, 375);
  expect(await axe(phone)).toEqual([]);
}, 120_000);

test("a user's file shows where the account was registered from, its risk, and the IPs and devices seen", async () => {
  const users: { users: { id: number; username: string }[] } = await adminGet("/api/admin/users?search=farmer1");
  const id = users.users.find((u) => u.username === "farmer1")!.id;
  const file = await adminGet(`/api/admin/users/${id}`);
  expect(file.registration).toEqual({ ipNetwork: "198.51.100.0/24", deviceId: SHARED_DEVICE });

  for (const width of [1280, 375]) {
    const page = await adminPage(width, `/admin/users/${id}`);
    await seen(page.getByRole("heading", { name: "farmer1" }));
    const registered = figureOf(page, "Registered from");
    await seen(registered.getByText("198.51.100.0/24"));
    await seen(registered.getByText(SHARED_DEVICE.slice(0, 12), { exact: true }));
    const risk = figureOf(page, "Risk");
    await seen(risk.getByText(/^(Low|Medium|High) \(\d+\)$/));
    for (const reason of file.riskReasons as string[]) expect(await risk.textContent()).toContain(reason);
    // the IPs and devices the server saw
    expect(file.ipsSeen.length + file.devicesSeen.length).toBeGreaterThan(0);
    const seenTable = page.getByRole("table", { name: "IPs and devices seen" });
    await seen(seenTable);
    for (const ip of file.ipsSeen as { ip: string }[]) await seen(seenTable.getByText(ip.ip, { exact: true }));
    for (const device of file.devicesSeen as { deviceId: string }[]) await seen(seenTable.getByText(device.deviceId, { exact: true }));
    await noSidewaysScroll(page, width);
    expect(await axe(page)).toEqual([]);
  }
}, 120_000);
