// The admin back office in a browser, on a site paying through the sandbox ledger.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { encodeAccountID } from "ripple-address-codec";
import { proofFor } from "../../src/testing/pow.ts";
import { ADMIN, gone, saveSettings, seen, sessionCookie, type Site, startSite, toasts, until } from "./support.ts";

let site: Site;
beforeAll(async () => {
  site = await startSite({ args: ["--xrpl", "sandbox", "--sandbox-port", "0"] });
  // bonuses for accounts made a moment ago (the default asks for a day-old account)
  await saveSettings(site.url, { bonusMinAccountAgeHours: 0 });
}, 60_000);
afterAll(async () => {
  await site?.close();
}, 60_000);

const newAddress = () => encodeAccountID(crypto.getRandomValues(new Uint8Array(20)));
const json = { "content-type": "application/json" };

// Logged in as the admin, on /admin or the section given (e.g. "/admin/settings").
async function adminPage(width = 1280, section = "/admin") {
  const { page } = await site.newPage({ width, height: 900 });
  await page.goto("/login");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL("**/admin");
  await seen(page.getByRole("heading", { name: "Admin Dashboard" }));
  if (section !== "/admin") await page.goto(section);
  return page;
}

// A confirmation dialog's button (money actions ask first).
const confirmIn = (page: Page, name: string | RegExp) => page.getByRole("dialog").getByRole("button", { name });

// A user with a shared-bonus claim waiting for review; returns the user's address.
async function userWithClaim(username: string): Promise<string> {
  const address = newAddress();
  const reg = await fetch(`${site.url}/api/register`, { method: "POST", headers: { ...json, ...(await proofFor(site.url, "register")) }, body: JSON.stringify({ username, email: `${username}@example.com`, password: "correct horse battery" }) });
  expect(reg.status).toBe(201);
  const cookie = sessionCookie(reg);
  await fetch(`${site.url}/api/social/share`, { method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ platform: "Twitter" }) });
  const claim = await fetch(`${site.url}/api/social/bonus-request`, { method: "POST", headers: { ...json, cookie, ...(await proofFor(site.url, "social-bonus")) }, body: JSON.stringify({ address, platform: "Twitter" }) });
  expect(claim.status).toBe(201);
  return address;
}

test("the sandbox notice, the summary cards, and the faucet toggle that a visitor's status follows", async () => {
  const page = await adminPage();
  await seen(page.getByText("Sandbox ledger: payments are simulated and nothing real is sent."));
  await seen(page.getByTestId("summary-total-xrp-owed"));
  await page.goto("/admin/settings");
  const toggle = page.getByRole("switch", { name: "Faucet online" });
  expect(await toggle.getAttribute("aria-checked")).toBe("true");
  await toggle.click();
  await page.getByRole("dialog").getByRole("button", { name: "Take offline" }).click();
  await seen(toasts(page).getByText("Faucet has been successfully disabled."));
  await until(async () => (await toggle.getAttribute("aria-checked")) === "false", "the toggle to show Offline");
  const status = await (await fetch(`${site.url}/api/faucet/status`)).json();
  expect(status.isActive).toBe(false);
  const refused = await fetch(`${site.url}/api/faucet/request`, { method: "POST", headers: { ...json, ...(await proofFor(site.url, "faucet")) }, body: JSON.stringify({ address: newAddress() }) });
  expect(refused.status).toBe(503);
  await toggle.click();
  await page.getByRole("dialog").getByRole("button", { name: "Put online" }).click();
  await seen(toasts(page).getByText("Faucet has been successfully enabled."));
}, 60_000);

test("the anti-bot work is 2000 on a fresh site; the admin turns it off, refuses nonsense, and raises it", async () => {
  const page = await adminPage(1280, "/admin/settings");
  const field = page.getByLabel("Anti-bot work (0 = off)");
  await until(async () => (await field.inputValue()) === "2000", "the settings to load");
  const save = page.getByRole("button", { name: "Save settings" });
  const challenge = async () => (await (await fetch(`${site.url}/api/pow/challenge?form=faucet`)).json()).challenge;

  await field.fill("0");
  await save.click();
  await page.getByRole("dialog").getByRole("button", { name: "Save settings" }).click();
  // the toast names what changed
  await seen(toasts(page).getByText("Anti-bot work: 2000 → 0"));
  expect(await challenge()).toBeNull();

  // refused: the server's message under the field (tied to it), not a toast
  await field.fill("lots");
  await save.click();
  await until(async () => (await page.locator(`#${(await field.getAttribute("aria-describedby"))?.split(" ")[0]}`).textContent()) === "The anti-bot work must be a whole number from 0 (off) to 100000", "the error under the field");
  expect(await field.getAttribute("aria-invalid")).toBe("true");
  expect(await toasts(page).getByText("Update Failed").count()).toBe(0);

  await field.fill("3000");
  await save.click();
  await until(async () => (await page.evaluate(async () => (await fetch("/api/admin/faucet/settings")).json())).powDifficulty === 3000, "the new difficulty to be saved");
  expect((await challenge()).parameters.algorithm).toBe("PBKDF2/SHA-256");
}, 60_000);

test("approving a claim grows Total XRP Owed; paying the user through the sandbox shows in the payment history", async () => {
  const address = await userWithClaim("claimant");
  const page = await adminPage();
  const owed = page.getByTestId("summary-total-xrp-owed");
  await until(async () => (await owed.textContent()) === "0", "the summary cards to load");
  expect(await owed.textContent()).toBe("0");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: /Claims/ }).click();
  await seen(page.getByRole("heading", { name: "Claims waiting for a decision (1)" }));
  await page.getByRole("table", { name: "Pending claims" }).getByRole("button", { name: "Approve" }).click();
  await confirmIn(page, "Approve").click();
  await seen(toasts(page).getByText("Claim Updated"));
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Overview" }).click();
  await until(async () => (await owed.textContent()) === "5", "Total XRP Owed to grow by 5");

  await page.goto("/admin/users");
  const search = page.getByLabel("Search users by username or XRP address");
  await search.fill(address.slice(0, 10));
  const users = page.getByRole("table", { name: "Users" });
  await seen(users.getByText("claimant"));
  await until(async () => (await users.locator("tbody tr").count()) === 1, "the search to leave one user");
  await users.getByRole("button", { name: /^Pay [\d.]+ XRP to claimant$/ }).click();
  await confirmIn(page, /^Pay /).click();
  await seen(toasts(page).getByText(/Payment Successful|Payment sent/));
  await until(
    async () => {
      const users = await page.evaluate(async () => (await fetch("/api/admin/users")).json());
      return users.payoutHistory.some((p: { status: string }) => p.status === "SUCCESS");
    },
    "the sandbox ledger to validate the payment",
    40_000,
  );
  await page.reload();
  await seen(page.getByRole("table", { name: "Payment history" }).getByText("Paid", { exact: true }));
  await page.goto("/admin");
  await until(async () => (await owed.textContent()) === "0", "nothing owed after the payment");
}, 90_000);

test("rejecting a pending faucet request moves it to the processed list", async () => {
  await fetch(`${site.url}/api/faucet/request`, { method: "POST", headers: { ...json, "user-agent": "Mozilla/5.0", ...(await proofFor(site.url, "faucet")) }, body: JSON.stringify({ address: newAddress() }) });
  const page = await adminPage(1280, "/admin/requests");
  const pending = page.getByRole("table", { name: "Faucet requests" });
  await seen(pending);
  const before = await pending.locator("tbody tr").count();
  await pending.getByRole("button", { name: /^Reject request/ }).first().click();
  await page.getByRole("dialog").getByLabel("Duplicate request").check();
  await confirmIn(page, "Reject").click();
  await seen(toasts(page).getByText("Request Processed"));
  await until(async () => (await pending.locator("tbody tr").count()) === before - 1 || (before === 1 && (await page.getByText("No pending XRP drops requests").count()) > 0), "the request to leave the pending list");
  await seen(page.getByRole("table", { name: "Processed faucet requests" }).getByText("Rejected", { exact: true }));
}, 60_000);

test("an edited advertising request moves to the processed table with the admin's name", async () => {
  const enquiry = await fetch(`${site.url}/api/advertising/submit`, {
    method: "POST",
    headers: { ...json, ...(await proofFor(site.url, "advertising")) },
    body: JSON.stringify({ companyName: "Globex", email: "ads@globex.example", budget: "$900" }),
  });
  expect(enquiry.status).toBe(201);
  const page = await adminPage(1280, "/admin/advertising");
  const pending = page.getByRole("table", { name: "Pending advertising requests" });
  await seen(pending.getByText("Globex"));
  const row = pending.getByRole("row").filter({ hasText: "Globex" });
  await row.getByLabel("Status").selectOption("CONTACTED");
  await row.getByLabel("Notes").fill("Called on Monday");
  await row.getByRole("button", { name: "Save" }).click();
  await seen(toasts(page).getByText("Request Updated"));
  const processed = page.getByRole("table", { name: "Processed advertising requests" });
  await seen(processed.getByText("Globex"));
  await seen(processed.getByText(ADMIN.username));
  await gone(pending.getByText("Globex"));
}, 60_000);

test("the admin page at 375 px has no page-wide horizontal scroll", async () => {
  const page = await adminPage(375, "/admin/users");
  await seen(page.getByRole("heading", { name: "User Management" }));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  for (const section of ["/admin", "/admin/requests", "/admin/claims", "/admin/settings", "/admin/blocklist", "/admin/audit"]) {
    await page.goto(section);
    await seen(page.getByRole("heading", { name: "Admin Dashboard" }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }
}, 60_000);

test("a review with a link waits for the admin, who approves it; the chart, exports and audit log are there", async () => {
  const device = { ...json, cookie: "device=moderation-device-00000000001" };
  const review = await fetch(`${site.url}/api/reviews/submit`, { method: "POST", headers: { ...device, ...(await proofFor(site.url, "review")) }, body: JSON.stringify({ review: "Visit https://promo.example for more", rating: 5, name: "Promo" }) });
  expect(review.status).toBe(201);
  expect((await (await fetch(`${site.url}/api/reviews`)).json()).some((r: { name: string }) => r.name === "Promo")).toBe(false);
  const page = await adminPage(1280, "/admin/reviews");
  const reviews = page.getByRole("table", { name: "Reviews to moderate" });
  const row = reviews.getByRole("row").filter({ hasText: "promo.example" });
  await row.getByRole("button", { name: "Approve" }).click();
  await seen(toasts(page).getByText("Review approved"));
  await until(async () => (await (await fetch(`${site.url}/api/reviews`)).json()).some((r: { name: string }) => r.name === "Promo"), "the review to be public");
  await page.goto("/admin");
  await seen(page.getByRole("img", { name: "Faucet requests per day for the last 30 days" }));
  expect(await page.getByRole("link", { name: "Payment history (CSV)" }).getAttribute("href")).toBe("/api/admin/export/payments.csv");
  await page.goto("/admin/audit");
  // the audit log says what was done in words (it showed the code, review.approve)
  await seen(page.getByRole("table", { name: "Audit log" }).getByText("Published a review"));
}, 60_000);
