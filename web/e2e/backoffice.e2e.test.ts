// The back office as an operator uses it, in Chromium on a site paying through the sandbox ledger:
// every section at its own URL (1280 and 375 px, axe-clean), a filtered and sorted list that survives
// a reload, money that moves only once confirmed, a rejection whose reason the user reads, a block
// that refuses the next request, and the auto-approve settings.
import { afterAll, beforeAll, expect, test } from "bun:test";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { encodeAccountID } from "ripple-address-codec";
import { proofFor } from "../../src/testing/pow.ts";
import { ADMIN, gone, isFocused, seen, sessionCookie, type Site, startSite, toasts, until } from "./support.ts";

let site: Site;
const json = { "content-type": "application/json" };
beforeAll(async () => {
  // --trust-proxy: the scripted requests come from their own networks (X-Forwarded-For)
  site = await startSite({ args: ["--xrpl", "sandbox", "--sandbox-port", "0", "--trust-proxy"] });
  // a day's budget for every request this file makes (the default 100 XRP runs out), bonuses for
  // accounts made a moment ago, and room for the accounts this file registers
  const login = await fetch(`${site.url}/api/login`, { method: "POST", headers: json, body: JSON.stringify(ADMIN) });
  expect(login.status).toBe(200);
  const cookie = sessionCookie(login);
  const raised = await fetch(`${site.url}/api/admin/faucet/settings`, { method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ dailyLimit: "10000", bonusDailyLimit: "10000", bonusMinAccountAgeHours: 0, accountsPerHour: 1000, accountsPerDay: 1000 }) });
  expect(raised.status).toBe(200);
}, 60_000); // (a busy machine starts the binary and Chromium in more than bun's 5 s)
afterAll(async () => {
  await site?.close();
}, 60_000);

const newAddress = () => encodeAccountID(crypto.getRandomValues(new Uint8Array(20)));
const dialog = (page: Page) => page.getByRole("dialog");

async function adminPage(width = 1280) {
  const { page } = await site.newPage({ width, height: 900 });
  await page.goto("/login");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL("**/admin");
  await seen(page.getByRole("heading", { name: "Admin Dashboard" }));
  return page;
}

// A registered user (over the API); their session cookie.
async function register(username: string): Promise<string> {
  const res = await fetch(`${site.url}/api/register`, {
    method: "POST",
    headers: { ...json, ...(await proofFor(site.url, "register")) },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: "correct horse battery" }),
  });
  expect(res.status).toBe(201);
  return sessionCookie(res);
}

// A faucet request for `address` from `ip` (as the user of `cookie` when given).
async function faucetRequest(address: string, { ip, cookie }: { ip: string; cookie?: string }) {
  return fetch(`${site.url}/api/faucet/request`, {
    method: "POST",
    headers: { ...json, "user-agent": "Mozilla/5.0", "x-forwarded-for": ip, ...(cookie ? { cookie } : {}), ...(await proofFor(site.url, "faucet", { "x-forwarded-for": ip })) },
    body: JSON.stringify({ address }),
  });
}

// A user whose shared-bonus claim the admin has approved: 5 XRP owed. Returns the user's id and address.
async function owedUser(page: Page, username: string): Promise<{ id: number; address: string }> {
  const cookie = await register(username);
  const address = newAddress();
  await fetch(`${site.url}/api/social/share`, { method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ platform: "Twitter" }) });
  const claim = await fetch(`${site.url}/api/social/bonus-request`, { method: "POST", headers: { ...json, cookie, ...(await proofFor(site.url, "social-bonus")) }, body: JSON.stringify({ address, platform: "Twitter" }) });
  expect(claim.status).toBe(201);
  const { id: claimId } = await claim.json();
  const approved = await page.evaluate(async (id) => (await fetch(`/api/admin/claims/${id}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ status: "APPROVED" }) })).status, claimId);
  expect(approved).toBe(200);
  const users = await page.evaluate(async (q) => (await fetch(`/api/admin/users?search=${q}`)).json(), username);
  return { id: users.users.find((u: { username: string }) => u.username === username).id, address };
}

async function axe(page: Page): Promise<string[]> {
  await gone(page.getByText("Loading...", { exact: true }));
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map((v) => `${page.url()}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const SECTIONS: [path: string, heading: string | RegExp][] = [
  ["/admin", "Needs attention"],
  ["/admin/requests", /^Pending XRP Drops Requests \(\d+\)$/],
  ["/admin/claims", /^Claims waiting for a decision \(\d+\)$/],
  ["/admin/users", "User Management"],
  ["/admin/users/1", ADMIN.username],
  ["/admin/signups", /^Newsletter Signups/],
  ["/admin/advertising", "Advertising Requests"],
  ["/admin/reviews", /^Reviews \(/],
  ["/admin/settings", "Auto-approve"],
  ["/admin/posts", "Posts"],
  ["/admin/posts/new", "Write a post"],
  ["/admin/ads", "Leaderboard, above posts (728x90)"],
  ["/admin/inbox", "Inbox"],
  ["/admin/site", "Site name, logo and contact"],
  ["/admin/blocklist", "Block a party"],
  ["/admin/audit", "Audit Log"],
  // (this site has no --backup-dir: the screen says how to turn backups on)
  ["/admin/backups", "Backups are off"],
  ["/admin/wallet", "On the ledger, not paid by this database"],
];

for (const width of [1280, 375]) {
  test.concurrent(`every section opens at its own URL, survives a reload and passes axe's WCAG 2.1 AA rules at ${width} px`, async () => {
    await faucetRequest(newAddress(), { ip: `198.51.100.${width === 1280 ? 1 : 2}` });
    const page = await adminPage(width);
    const found: string[] = [];
    for (const [path, heading] of SECTIONS) {
      await page.goto(path);
      await seen(page.getByRole("heading", { name: heading }));
      await page.reload();
      await seen(page.getByRole("heading", { name: heading }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      found.push(...(await axe(page)));
    }
    expect(found).toEqual([]);
  }, 180_000);
}

test("the sidebar counts what waits; under 768 px it is a slide-out menu", async () => {
  await faucetRequest(newAddress(), { ip: "198.51.100.10" });
  const desktop = await adminPage();
  const sidebar = desktop.getByRole("navigation", { name: "Admin sections" });
  const pending = (await (await desktop.evaluate(async () => (await fetch("/api/admin/counts")).json())).pendingRequests) as number;
  expect(pending).toBeGreaterThan(0);
  await seen(sidebar.getByRole("link", { name: `Faucet requests ${pending} pending` }));
  await sidebar.getByRole("link", { name: /^Block list/ }).click();
  await desktop.waitForURL("**/admin/blocklist");
  await seen(desktop.getByRole("heading", { name: "Block a party" }));

  const phone = await adminPage(375);
  await gone(phone.getByRole("navigation", { name: "Admin sections", exact: true }));
  await phone.getByRole("button", { name: "Open admin menu" }).click();
  const menu = phone.getByRole("dialog", { name: "Admin sections" });
  await seen(menu);
  await menu.getByRole("link", { name: /^Claims/ }).click();
  await phone.waitForURL("**/admin/claims");
  await gone(menu);
  await seen(phone.getByRole("heading", { name: /^Claims waiting for a decision/ }));

  // a phone sorts with a select (the column headers are the cards' labels there)
  await phone.goto("/admin/requests");
  await phone.getByLabel("Sort", { exact: true }).selectOption({ label: "Largest amount first" });
  await until(async () => phone.url().includes("sort=amount") && phone.url().includes("order=desc"), "the sort in the URL");
  await phone.reload();
  await until(async () => (await phone.getByLabel("Sort", { exact: true }).inputValue()) === "amount:desc", "the sort kept through a reload");
}, 90_000);

test("a filtered and sorted request list keeps its view in the URL through a reload", async () => {
  const addresses = [newAddress(), newAddress(), newAddress()];
  for (const address of addresses) expect((await faucetRequest(address, { ip: "203.0.113.77" })).status).toBe(201);
  const page = await adminPage();
  await page.goto("/admin/requests");
  const table = page.getByRole("table", { name: "Faucet requests" });
  await seen(table);
  const amounts = async () => (await table.locator("tbody tr td:nth-child(4)").allTextContents()).map((text) => Number.parseFloat(text));
  const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! <= x);

  await page.getByLabel("Status").selectOption("PENDING");
  await until(async () => page.url().includes("status=PENDING"), "the status in the URL");
  await table.getByRole("button", { name: "Amount" }).click();
  await until(async () => page.url().includes("sort=amount") && page.url().includes("order=desc"), "the sort in the URL");
  await table.getByRole("button", { name: "Amount" }).click();
  await until(async () => page.url().includes("order=asc"), "the ascending order in the URL");
  await until(async () => {
    const xs = await amounts();
    return xs.length >= 3 && ascending(xs);
  }, "the smallest amount first");
  const before = await amounts();

  await page.reload();
  await seen(table);
  expect(await page.getByLabel("Status").inputValue()).toBe("PENDING");
  expect(await table.getByRole("columnheader", { name: "Amount" }).getAttribute("aria-sort")).toBe("ascending");
  await until(async () => JSON.stringify(await amounts()) === JSON.stringify(before), "the same rows in the same order after the reload");

  // searched by part of an address: that request alone, also after a reload
  const search = page.getByLabel("Search address, user, email, hash or #id");
  await search.fill(addresses[2]!.slice(0, 12));
  await until(async () => page.url().includes(`q=${addresses[2]!.slice(0, 12)}`), "the search in the URL");
  await until(async () => (await table.locator("tbody tr").count()) === 1, "one request left");
  await page.reload();
  expect(await search.inputValue()).toBe(addresses[2]!.slice(0, 12));
  await until(async () => (await table.locator("tbody tr").count()) === 1, "still one request after the reload");

  await search.fill("");
  await page.getByLabel("Risk", { exact: true }).selectOption("high");
  await until(async () => page.url().includes("risk=high") && !page.url().includes("q="), "the risk filter in the URL");
  await until(async () => {
    const badges = await table.locator("tbody tr td:nth-child(5)").allTextContents();
    return badges.length > 0 && badges.every((text) => text.startsWith("High"));
  }, "only high-risk requests");
}, 90_000);

test("Pay states what will be sent; Cancel (or Escape) sends nothing, confirming pays the user", async () => {
  const page = await adminPage();
  const { id, address } = await owedUser(page, "payee");
  await page.goto(`/admin/users/${id}`);
  await seen(page.getByRole("heading", { name: "payee" }));
  const pay = page.getByRole("button", { name: /^Pay [\d.]+ XRP to payee$/ });

  // by keyboard: the dialog takes the focus, says the count, total, address and that the sandbox moves nothing
  await pay.focus();
  await page.keyboard.press("Enter");
  await seen(dialog(page));
  await seen(dialog(page).getByRole("heading", { name: "Pay payee?" }));
  await seen(dialog(page).getByText("1 payment of 5.000000 XRP in total will be sent from the hot wallet."));
  await seen(dialog(page).getByText(address));
  await seen(dialog(page).getByText("Sandbox ledger: nothing real moves."));
  expect(await dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await gone(dialog(page));
  // Radix gives the focus back a tick after the dialog leaves the page
  await until(() => isFocused(pay), "the focus back on Pay");

  await pay.click();
  await dialog(page).getByRole("button", { name: "Cancel" }).click();
  await gone(dialog(page));
  const file = async () => page.evaluate(async (id) => (await fetch(`/api/admin/users/${id}`)).json(), id);
  // nothing was sent: no payout, still owed (the Pay call is synchronous to the click, so a sent one would show)
  expect((await file()).payouts).toEqual([]);
  expect((await file()).user.owed).toBe("5.000000");

  await pay.click();
  await dialog(page).getByRole("button", { name: "Pay 5.000000 XRP" }).click();
  await seen(toasts(page).getByText(`Paid 5.000000 XRP to ${address.slice(0, 6)}...${address.slice(-4)}`));
  await until(async () => (await file()).payouts.some((p: { status: string }) => p.status === "SUCCESS"), "the sandbox ledger to validate the payment", 40_000);
  await page.reload();
  const payouts = page.getByRole("table", { name: "User's payouts" });
  await seen(payouts.getByText("Paid", { exact: true }));
  await seen(payouts.getByRole("button", { name: "Copy transaction hash" }));
  // the audit entries in words (the action's code, user.pay, is the API's)
  await seen(page.getByRole("table", { name: "Audit entries about the user" }).getByText("Paid a user"));

  // the user file's password-reset link, to copy: it hands the account over, so the admin (without
  // two-factor sign-in on this sandbox site) confirms it with their password; a wrong one is refused
  await page.getByRole("button", { name: "Create password-reset link" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm with your password" });
  await seen(confirm.getByText("Enter your password to confirm this."));
  const password = confirm.getByLabel("Your password");
  expect(await isFocused(password)).toBe(true);
  await password.fill("not the admin's password");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await seen(confirm.getByText("Your current password is not correct"));
  expect(await password.getAttribute("aria-invalid")).toBe("true");
  await password.fill(ADMIN.password);
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await gone(confirm);
  const link = page.getByLabel(/^Password-reset link/);
  await seen(link);
  expect(await link.inputValue()).toContain("/reset-password");
  await seen(page.getByRole("button", { name: "Copy link" }));
}, 120_000);

test("bulk approve states every destination and the total before paying them all", async () => {
  const made: { id: number; address: string; amount: string }[] = [];
  // (each from a /24 of its own: the earlier tests asked for 198.51.100.0/24's 3 addresses of the day)
  for (const ip of ["198.18.61.1", "198.18.62.1"]) {
    const res = await faucetRequest(newAddress(), { ip });
    expect(res.status).toBe(201);
    made.push(await res.json());
  }
  const drops = (xrp: string) => Math.round(Number(xrp) * 1_000_000);
  const total = made.reduce((sum, r) => sum + drops(r.amount), 0);
  const totalXrp = `${Math.floor(total / 1_000_000)}.${String(total % 1_000_000).padStart(6, "0")}`;

  const page = await adminPage();
  await page.goto("/admin/requests");
  for (const r of made) await page.getByLabel(`Select request ${r.id}`).check();
  await page.getByRole("button", { name: "Approve selected (2)" }).click();
  await seen(dialog(page).getByRole("heading", { name: "Approve 2 requests?" }));
  await seen(dialog(page).getByText(`2 payments of ${totalXrp} XRP in total will be sent from the hot wallet.`));
  for (const r of made) await seen(dialog(page).getByText(r.address));
  await dialog(page).getByRole("button", { name: "Approve and pay 2" }).click();
  await seen(toasts(page).getByText(`2 requests approved: paying ${totalXrp} XRP`));
  await until(
    async () => {
      const list = await page.evaluate(async () => (await fetch("/api/admin/faucet/requests?status=PROCESSED")).json());
      return made.every((r) => list.some((x: { id: number }) => x.id === r.id));
    },
    "both requests paid on the sandbox ledger",
    40_000,
  );
}, 90_000);

test("a rejection takes a reason, which the user reads in their dashboard history", async () => {
  const cookie = await register("refused");
  const made = await faucetRequest(newAddress(), { ip: "192.0.2.44", cookie });
  expect(made.status).toBe(201);
  const { id } = await made.json();

  const page = await adminPage();
  await page.goto("/admin/requests");
  await page.getByRole("button", { name: `Reject request ${id}` }).click();
  await seen(dialog(page).getByRole("heading", { name: `Reject request #${id}` }));
  const reject = dialog(page).getByRole("button", { name: "Reject" });
  expect(await reject.isDisabled()).toBe(true);
  await dialog(page).getByLabel("Suspected bot or abuse").check();
  await dialog(page).getByLabel(/^Details/).fill("same device as #3");
  await reject.click();
  await seen(toasts(page).getByText(`Request #${id} rejected: Suspected bot or abuse: same device as #3`));

  const { page: user } = await site.newPage();
  await user.goto("/login");
  await user.getByLabel("Username").fill("refused");
  await user.getByLabel("Password").fill("correct horse battery");
  await user.getByRole("button", { name: "Login", exact: true }).click();
  await user.waitForURL("**/dashboard");
  await seen(user.getByText("Suspected bot or abuse: same device as #3"));
}, 90_000);

test("a claim denied with a preset reason: the user reads it under Rewards", async () => {
  const cookie = await register("denied");
  await fetch(`${site.url}/api/social/share`, { method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ platform: "LinkedIn" }) });
  const claim = await fetch(`${site.url}/api/social/bonus-request`, { method: "POST", headers: { ...json, cookie, ...(await proofFor(site.url, "social-bonus")) }, body: JSON.stringify({ address: newAddress(), platform: "LinkedIn" }) });
  expect(claim.status).toBe(201);
  const { id } = await claim.json();

  const page = await adminPage();
  await page.goto(`/admin/claims?q=denied`);
  await page.getByRole("button", { name: `Deny claim ${id}` }).click();
  await dialog(page).getByLabel("Invalid address").check();
  await dialog(page).getByRole("button", { name: "Deny" }).click();
  await seen(toasts(page).getByText(`Claim #${id} denied: Invalid address`));
  await seen(page.getByRole("table", { name: "Processed claims" }).getByText("Invalid address"));

  const { page: user } = await site.newPage();
  await user.goto("/login");
  await user.getByLabel("Username").fill("denied");
  await user.getByLabel("Password").fill("correct horse battery");
  await user.getByRole("button", { name: "Login", exact: true }).click();
  await user.waitForURL("**/dashboard");
  await user.getByRole("tab", { name: /Rewards/ }).click();
  await seen(user.getByText("Invalid address"));
}, 90_000);

test("Mark Paid says nothing is sent, and records the claim as paid once confirmed", async () => {
  const cookie = await register("paidoutside");
  await fetch(`${site.url}/api/social/share`, { method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ platform: "Facebook" }) });
  const claim = await fetch(`${site.url}/api/social/bonus-request`, { method: "POST", headers: { ...json, cookie, ...(await proofFor(site.url, "social-bonus")) }, body: JSON.stringify({ address: newAddress(), platform: "Facebook" }) });
  expect(claim.status).toBe(201);
  const { id } = await claim.json();
  const page = await adminPage();
  await page.goto("/admin/claims?q=paidoutside");
  await page.getByRole("button", { name: `Mark Paid, claim ${id}` }).click();
  await seen(dialog(page).getByText("1 payment of 5.000000 XRP in total will be recorded as paid outside the app: nothing is sent."));
  await dialog(page).getByRole("button", { name: "Mark paid" }).click();
  await seen(toasts(page).getByText(`Claim #${id} marked paid (5.000000 XRP)`));
  await seen(page.getByRole("table", { name: "Processed claims" }).getByText("Paid", { exact: true }));
}, 90_000);

test("Block address on a request row fills the block list's form; the next request for that address is refused", async () => {
  const address = newAddress();
  const made = await faucetRequest(address, { ip: "192.0.2.91" });
  expect(made.status).toBe(201);
  const { id } = await made.json();
  const page = await adminPage();
  await page.goto("/admin/requests");
  await page.getByRole("link", { name: `Block address of request ${id}` }).click();
  await page.waitForURL("**/admin/blocklist?*");
  expect(await page.getByLabel("Value").inputValue()).toBe(address);
  expect(await page.getByLabel("What to block").inputValue()).toBe("address");
  expect(await page.getByLabel("Note (optional)").inputValue()).toBe(`Request #${id}`);
  await page.getByRole("button", { name: "Add to block list" }).click();
  await seen(toasts(page).getByText(`Address ${address} is on the block list`));
  const list = page.getByRole("table", { name: "Block list" });
  await seen(list.getByText(address));

  const refused = await faucetRequest(address, { ip: "192.0.2.92" });
  expect(refused.status).toBe(403);
  expect((await refused.json()).message).not.toMatch(/block/i);
  await page.reload();
  const row = page.getByRole("table", { name: "Block list" }).getByRole("row").filter({ hasText: address });
  await until(async () => (await row.getByRole("cell").nth(5).textContent())?.startsWith("1") ?? false, "the refusal counted on the block");

  await row.getByRole("button", { name: `Remove block on ${address}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove block" }).click();
  await seen(toasts(page).getByText(`Address ${address} is off the block list`));

  // Block IP: the network the request came from, any address
  const fromIp = await faucetRequest(newAddress(), { ip: "192.0.2.93" });
  expect(fromIp.status).toBe(201);
  const other = (await fromIp.json()).id;
  await page.goto("/admin/requests");
  await page.getByRole("link", { name: `Block IP of request ${other}` }).click();
  await page.waitForURL("**/admin/blocklist?*");
  expect(await page.getByLabel("What to block").inputValue()).toBe("ip");
  expect(await page.getByLabel("Value").inputValue()).toBe("192.0.2.93");
  await page.getByRole("button", { name: "Add to block list" }).click();
  await seen(toasts(page).getByText("IP 192.0.2.93 is on the block list"));
  expect((await faucetRequest(newAddress(), { ip: "192.0.2.93" })).status).toBe(403);
  await page.getByRole("button", { name: "Remove block on 192.0.2.93" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove block" }).click();
  await seen(toasts(page).getByText("IP 192.0.2.93 is off the block list"));
}, 90_000);

test("the auto-approve settings are saved and shown again after a reload; a request it paid shows 'Auto'", async () => {
  const page = await adminPage();
  await page.goto("/admin/settings");
  const enabled = page.getByLabel("Approve low-risk requests automatically");
  await seen(enabled);
  expect(await enabled.isChecked()).toBe(false);
  await until(async () => (await page.getByLabel("Highest risk score (0-100)").inputValue()) !== "", "the settings to load");
  await enabled.check();
  await page.getByLabel("Highest risk score (0-100)").fill("15");
  await page.getByLabel("Hold (minutes)").fill("5");
  await page.getByLabel("At most per day (XRP)").fill("30");
  await page.getByRole("button", { name: "Save auto-approve" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Save auto-approve" }).click();
  await seen(toasts(page).getByText("Requests scored 15 or less are approved after 5 minutes, up to 30 XRP a day."));
  const saved = await page.evaluate(async () => (await (await fetch("/api/admin/faucet/settings")).json()).autoApprove);
  expect(saved).toEqual({ enabled: true, maxRiskScore: 15, holdMinutes: 5, maxPerDay: "30" });

  await page.reload();
  await until(async () => (await page.getByLabel("Highest risk score (0-100)").inputValue()) === "15", "the saved threshold after a reload");
  expect(await page.getByLabel("Approve low-risk requests automatically").isChecked()).toBe(true);
  expect(await page.getByLabel("Hold (minutes)").inputValue()).toBe("5");

  // refused: the server's message under the field, not a toast
  const risk = page.getByLabel("Highest risk score (0-100)");
  await risk.fill("lots");
  await page.getByRole("button", { name: "Save auto-approve" }).click();
  await until(async () => (await risk.getAttribute("aria-invalid")) === "true", "the threshold marked invalid");
  expect(await page.locator(`#${await risk.getAttribute("aria-describedby")}`).textContent()).toBe("The auto-approve highest risk score must be a whole number from 0 to 100");
  expect(await toasts(page).getByText("Update Failed").count()).toBe(0);

  // on, without a hold: a low-risk request is paid by the rule (it runs every 15 s) and shows "Auto"
  // (a cap the earlier tests' low-risk requests, approved by the same run, cannot use up)
  await page.getByLabel("Highest risk score (0-100)").fill("35");
  await page.getByLabel("Hold (minutes)").fill("0");
  await page.getByLabel("At most per day (XRP)").fill("5000");
  await page.getByRole("button", { name: "Save auto-approve" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Save auto-approve" }).click();
  await seen(toasts(page).getByText("Requests scored 35 or less are approved after 0 minutes, up to 5000 XRP a day."));
  const address = newAddress();
  // from a /16 nobody else asked from (a network's earlier requests, or another request of its /16
  // approved today, would score it above 35: it would wait for a person)
  const made = await faucetRequest(address, { ip: "198.19.199.1" });
  expect(made.status).toBe(201);
  const { id } = await made.json();
  await until(
    async () => (await page.evaluate(async () => (await fetch("/api/admin/faucet/requests?status=PROCESSED")).json())).some((r: { id: number }) => r.id === id),
    "the rule to approve it and the sandbox ledger to pay it",
    45_000,
  );
  await page.goto(`/admin/requests?status=PROCESSED&q=${address}`);
  const row = page.getByRole("table", { name: "Faucet requests" }).getByRole("row").filter({ hasText: String(id) });
  await seen(row.getByText("Auto", { exact: true }));
  await page.goto("/admin/settings");
  await until(async () => (await page.getByLabel("Highest risk score (0-100)").inputValue()) === "35", "the settings to load");

  // turned off again so the other tests' requests wait for a person
  await page.getByLabel("Highest risk score (0-100)").fill("15");
  await page.getByLabel("Approve low-risk requests automatically").uncheck();
  await page.getByRole("button", { name: "Save auto-approve" }).click();
  await seen(toasts(page).getByText("Every request waits for a person."));
}, 120_000);
