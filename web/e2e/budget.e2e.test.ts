// The day's budget released an hour at a time, and the signs of an account farm, in Chromium: a
// visitor reads when this hour's used-up XRP opens again (in their time and UTC) and the refusal
// that says so; the admin's settings show today's faucet, bonus and auto-approve budgets and refuse
// a bad bonus setting under its field; the claims list shows each claim's network, device and risk,
// and a bulk approval says how many of the selected claims look alike; a user's file shows where the
// account was registered from. Axe-clean, and without sideways scrolling at 375 px.
import { afterAll, beforeAll, expect, test } from "bun:test";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";
import { ADMIN, BROWSER_USER_AGENT, gone, newAddress, seen, sessionCookie, startSite, until, type Site } from "./support.ts";

let site: Site;
let adminCookie = "";
const json = { "content-type": "application/json" };

// One request pays exactly 1 XRP, and the day is 2 XRP: the first hours release 1 XRP (a request's
// most), so one request uses the hour up and leaves the day 1 XRP for later hours. (From 23:00 UTC
// the whole day is out: no next hour.)
const SETTINGS = { minAmount: "1", maxAmount: "1", dailyLimit: "2", powDifficulty: 0, accountsPerHour: 1000, accountsPerDay: 1000, bonusMinAccountAgeHours: 0, bonusDailyLimit: "1000" };

beforeAll(async () => {
  // --trust-proxy: the scripted visitors come from networks of their own (X-Forwarded-For)
  site = await startSite({ args: ["--trust-proxy"] });
  const login = await fetch(`${site.url}/api/login`, { method: "POST", headers: json, body: JSON.stringify(ADMIN) });
  expect(login.status).toBe(200);
  adminCookie = sessionCookie(login);
  const saved = await fetch(`${site.url}/api/admin/faucet/settings`, { method: "POST", headers: { ...json, cookie: adminCookie }, body: JSON.stringify(SETTINGS) });
  expect(saved.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await site?.close();
}, 60_000);

const toasts = (page: Page) => page.getByRole("region", { name: "Notifications" });

interface Status {
  isActive: boolean;
  offlineReason: string | null;
  budgetLeft: string;
  nextSliceAt: string | null;
}
const status = async (): Promise<Status> => (await fetch(`${site.url}/api/faucet/status`)).json();
const adminGet = async (path: string) => (await fetch(`${site.url}${path}`, { headers: { cookie: adminCookie } })).json();

// "7:30 PM" in Kolkata (UTC+5:30, no daylight saving) for an ISO time.
function kolkata(iso: string): string {
  const at = new Date(Date.parse(iso) + 330 * 60_000);
  const h = at.getUTCHours();
  return `${h % 12 === 0 ? 12 : h % 12}:${String(at.getUTCMinutes()).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

async function axe(page: Page): Promise<string[]> {
  await gone(page.getByText("Loading...", { exact: true }));
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map((v) => `${page.url()}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
const noSidewaysScroll = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

async function adminPage(width = 1280, path = "/admin"): Promise<Page> {
  const { page } = await site.newPage({ width, height: 900 });
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

// The error under a field: the element its aria-describedby names first.
async function errorUnder(field: Locator): Promise<string | null> {
  const ids = await field.getAttribute("aria-describedby");
  if (!ids) return null;
  return field.page().locator(`#${ids.split(" ")[0]}`).textContent();
}

test("the faucet page says when this hour's used-up XRP opens again, in the visitor's time and UTC; a refused request says so too", async () => {
  // Each visitor who asks is a person's browser (a headless one's request is flagged: it waits for
  // an admin holding no budget, so it would not use the hour up) on a network and a /16 of its own.
  const { page } = await site.newPage({ width: 1280, height: 900, visitorIp: "198.51.100.1", timezoneId: "Asia/Kolkata", userAgent: BROWSER_USER_AGENT });
  await page.goto("/faucet");
  const state = page.getByRole("region", { name: "Faucet status" });
  await seen(state.getByText("The faucet is online"));
  const lastHour = (await status()).nextSliceAt === null;
  const budget = state.locator("#faucet-budget-label");
  expect(await budget.textContent()).toMatch(
    lastHour ? /^Today's budget: 2 XRP left of today's 2 XRP$/ : /^Today's budget: [\d.]+ XRP left this hour · more every hour until 2 XRP a day$/,
  );
  expect(await page.getByRole("progressbar", { name: /Today's budget/ }).getAttribute("aria-valuemax")).toBe("2");

  const claim = async (on: Page) => {
    await on.getByLabel("XRP wallet address").fill(newAddress());
    await on.getByRole("button", { name: "Claim Your XRP Drops" }).click();
  };
  await claim(page);
  await seen(page.getByRole("status").filter({ hasText: "received for" }));

  if (lastHour) {
    // 23:00-24:00 UTC: the whole day is out, there is no next hour; a second visitor's request gives
    // out the day (a second one from this device and network would be high-risk, waiting for an admin
    // without holding budget)
    const other = (await site.newPage({ visitorIp: "203.0.113.50", userAgent: BROWSER_USER_AGENT })).page;
    await other.goto("/faucet");
    await other.getByLabel("XRP wallet address").fill(newAddress());
    await other.getByRole("button", { name: "Claim Your XRP Drops" }).click();
    await seen(other.getByRole("status").filter({ hasText: "received for" }));
    await page.reload();
    await seen(state.getByText("The faucet has given out today's XRP. Please come back after midnight UTC.", { exact: true }));
    expect(await budget.textContent()).toBe("Today's budget: 0 XRP left of today's 2 XRP");
    return;
  }

  // the hour is used up: the panel says when more opens, in Kolkata's time and in UTC
  await seen(state.getByText("The faucet is offline"));
  let expected = "";
  await until(async () => {
    const s = await status();
    if (s.isActive || !s.nextSliceAt) return false;
    expected = `The faucet has given out this hour's XRP. More opens at ${kolkata(s.nextSliceAt)} your time (${s.nextSliceAt.slice(11, 16)} UTC).`;
    return (await state.getByText(expected, { exact: true }).count()) === 1;
  }, "the next hour's time in the visitor's time and UTC");
  expect(await budget.textContent()).toBe("Today's budget: 0 XRP left this hour · more every hour until 2 XRP a day");
  expect(await state.getByText("come back", { exact: false }).count()).toBe(0);

  // another visitor's request now is refused with the server's sentence, beside the button (a second
  // one from the first visitor's device and network would be flagged: it waits for an admin, taken
  // even when the hour is used up)
  const next = (await site.newPage({ width: 1280, height: 900, visitorIp: "192.0.2.60", timezoneId: "Asia/Kolkata", userAgent: BROWSER_USER_AGENT })).page;
  await next.goto("/faucet");
  await seen(next.getByRole("region", { name: "Faucet status" }).getByText("The faucet is offline"));
  await claim(next);
  await seen(next.getByRole("alert").filter({ hasText: /^The faucet has given out this hour's XRP\. More opens at \d\d:00 UTC\.$/ }));
  expect(await axe(next)).toEqual([]);

  // at 375 px: the same sentence, no sideways scroll; the home page's figure says when more opens
  const phone = (await site.newPage({ width: 375, height: 800, visitorIp: "198.51.100.2", timezoneId: "Asia/Kolkata" })).page;
  await phone.goto("/faucet");
  await seen(phone.getByRole("region", { name: "Faucet status" }).getByText("More opens at", { exact: false }));
  await noSidewaysScroll(phone, 375);
  expect(await axe(phone)).toEqual([]);
  // (below the first screen: counted, not waited on as visible)
  await phone.goto("/");
  await until(async () => (await phone.getByText("Left This Hour", { exact: true }).count()) === 1, "the home page's budget figure");
  await until(
    async () => (await phone.getByText(/^more at \d{1,2}:\d\d [AP]M your time \(\d\d:00 UTC\), until 2 XRP a day$/).count()) === 1,
    "the home page's next hour",
  );
}, 120_000);

test("the settings show today's faucet, bonus and auto-approve budgets; a bad bonus setting is refused under its field", async () => {
  const page = await adminPage(1280, "/admin/settings");
  await seen(page.getByRole("heading", { name: "Today's budget" }));
  const pools = await adminGet("/api/admin/faucet/budget");
  for (const [name, key] of [["Faucet", "faucet"], ["Bonuses", "bonus"], ["Auto-approve", "autoApprove"]] as const) {
    const region = page.getByRole("region", { name, exact: true });
    const figure = (label: string) => figureOf(region, label);
    await until(async () => (await figure("Per hour").textContent()) === `${pools[key].slice} XRP`, `${name}'s hourly share`);
    expect(await figure("Released so far").textContent()).toBe(`${pools[key].released} of ${pools[key].total} XRP`);
    expect(await figure("Left now").textContent()).toMatch(/^\d+\.\d{6} XRP$/);
    expect(await figure("Next share opens").textContent()).toMatch(/^(\d\d:00 UTC|\d{1,2}:\d\d [AP]M your time \(\d\d:00 UTC\)|All of today is released)$/);
    expect(await figure("Refused this hour").textContent()).toMatch(/^\d+ requests? \(\d+\.\d{6} XRP\)$/);
  }
  // the faucet's share is 1/24 of 2 XRP, and the first test's refusal counts (unless the hour turned since)
  expect(pools.faucet.slice).toBe("0.083334");
  const refused = figureOf(page.getByRole("region", { name: "Faucet", exact: true }), "Refused this hour");
  const now = await adminGet("/api/admin/faucet/budget");
  expect(await refused.textContent()).toBe(`${now.faucet.refusedRequests} ${now.faucet.refusedRequests === 1 ? "request" : "requests"} (${now.faucet.refused} XRP)`);

  // a bonus account age beyond 720 hours: the server's message under the field, no toast
  const age = page.getByLabel("Bonus account age (hours)");
  await until(async () => (await age.inputValue()) === "0", "the settings to load");
  await age.fill("900");
  await page.getByRole("button", { name: "Save settings" }).click();
  await until(async () => (await errorUnder(age)) === "bonusMinAccountAgeHours must be a whole number from 0 to 720", "the error under the account age");
  expect(await age.getAttribute("aria-invalid")).toBe("true");
  expect(await toasts(page).getByText("Update Failed").count()).toBe(0);
  expect(await axe(page)).toEqual([]);
  await age.fill("12");
  expect(await errorUnder(age)).not.toBe("bonusMinAccountAgeHours must be a whole number from 0 to 720");

  const bonus = page.getByLabel("Bonus budget per day (XRP)");
  await bonus.fill("lots");
  await page.getByRole("button", { name: "Save settings" }).click();
  await until(async () => (await errorUnder(bonus)) === "bonusDailyLimit must be a positive XRP amount with at most 6 decimals", "the error under the bonus budget");
  await bonus.fill("480");
  await page.getByRole("button", { name: "Save settings" }).click();
  await seen(toasts(page).getByText("Faucet has been successfully enabled."));
  const saved = await adminGet("/api/admin/faucet/settings");
  expect(saved).toMatchObject({ bonusDailyLimit: "480", bonusMinAccountAgeHours: 12, ipGrouping: "subnet" });
  // the bonuses' hourly share follows: 480 / 24
  const bonusShare = figureOf(page.getByRole("region", { name: "Bonuses", exact: true }), "Per hour");
  await until(async () => (await bonusShare.textContent()) === "20.000000 XRP", "the bonus share of the new budget");

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
