// Health at a glance and a back office that speaks plainly, in Chromium on a site paying through the
// sandbox ledger: the health strip on every page and the start-here checklist (1280 and 375 px,
// axe-clean), the server's ceiling beside the budgets, the action column that stays in view at 1280,
// and the approval dialog that shows each request's risk and reasons and warns before paying a
// reviewer bonus for a review nobody has moderated.
import { afterAll, beforeAll, expect, test } from "bun:test";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { proofFor } from "../../src/testing/pow.ts";
import { waitFor } from "../../src/testing/wait.ts";
import { ADMIN, gone, logInAsAdmin, newAddress, seen, sessionCookie, startSite, type Site } from "./support.ts";

let site: Site;
let admin: string;
const json = { "content-type": "application/json" };
beforeAll(async () => {
  // --trust-proxy: the scripted requests come from their own networks (X-Forwarded-For)
  site = await startSite({ args: ["--xrpl", "sandbox", "--sandbox-port", "0", "--trust-proxy"] });
  const login = await fetch(`${site.url}/api/login`, { method: "POST", headers: json, body: JSON.stringify(ADMIN) });
  expect(login.status).toBe(200);
  admin = sessionCookie(login);
  // room in the day's budget for this file's requests; the daily limit now passes the ceiling the
  // server took at start (the two budgets as they were then)
  const raised = await fetch(`${site.url}/api/admin/faucet/settings`, { method: "POST", headers: { ...json, cookie: admin }, body: JSON.stringify({ dailyLimit: "1000", bonusMinAccountAgeHours: 0 }) });
  expect(raised.status).toBe(200);
}, 60_000); // (a busy machine starts the binary and Chromium in more than bun's 5 s)
afterAll(async () => {
  await site?.close();
}, 60_000);

const adminGet = async (path: string) => (await fetch(`${site.url}${path}`, { headers: { cookie: admin } })).json();

async function adminPage(width: number) {
  const { context, page } = await site.newPage({ width, height: 900 });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await logInAsAdmin(page);
  return page;
}

async function axe(page: Page): Promise<string[]> {
  await gone(page.getByText("Loading...", { exact: true }));
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map((v) => `${page.url()}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

// A faucet request from `ip` (with the device cookie when given); its id.
async function faucetRequest(ip: string, address = newAddress(), device?: string): Promise<number> {
  const headers = { "x-forwarded-for": ip };
  const res = await fetch(`${site.url}/api/faucet/request`, {
    method: "POST",
    headers: { ...json, ...headers, "user-agent": "Mozilla/5.0", ...(device ? { cookie: `device=${device}` } : {}), ...(await proofFor(site.url, "faucet", headers)) },
    body: JSON.stringify({ address }),
  });
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

for (const width of [1280, 375]) {
  test(`the health strip on every page and the start-here checklist, axe-clean at ${width} px`, async () => {
    const page = await adminPage(width);
    const wallet = await adminGet("/api/admin/wallet");
    const strip = page.getByRole("region", { name: "Health at a glance" });
    await seen(strip.getByRole("link", { name: /^Ledger connected, #\d+ \(sandbox\)$/ }));
    await seen(strip.getByRole("link", { name: /^Wallet [\d,]+(\.\d+)? XRP, (no payouts in 7 days|[\d.]+ days? left)$/ }));
    await seen(strip.getByRole("link", { name: /^\d+ payouts? in the queue/ }));
    await seen(strip.getByRole("link", { name: "Payouts running" }));
    await seen(strip.getByRole("link", { name: "Faucet online" }));
    await seen(strip.getByRole("link", { name: "Backups off" }));
    await seen(strip.getByRole("link", { name: "No open alerts" }));

    // the checklist: each item says done or to do; the wallet's full address, to copy, and its QR code
    await seen(page.getByRole("heading", { name: /^Start here: \d of 6 left$/ }));
    const item = (id: string) => page.locator(`[data-item="${id}"]`);
    await seen(item("wallet").getByText("Done", { exact: true }));
    await seen(item("two-factor").getByText("To do", { exact: true }));
    await seen(item("backups").getByText("To do", { exact: true }));
    await seen(item("wallet").getByText(wallet.address, { exact: true }));
    await seen(item("wallet").getByRole("img", { name: `QR code of the hot wallet's address ${wallet.address}` }));
    await item("wallet").getByRole("button", { name: "Copy the hot wallet's address" }).click();
    await seen(item("wallet").getByRole("button", { name: "Copied the hot wallet's address" }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(wallet.address);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const found = await axe(page);

    // the settings: the strip is there too, and the ceiling beside the budgets warns that they pass it
    await page.goto("/admin/settings");
    await seen(strip.getByRole("link", { name: "Faucet online" }));
    const { ceiling } = await adminGet("/api/admin/health");
    expect(ceiling.over).toBe(true);
    await seen(page.getByRole("heading", { name: "The server's ceiling" }));
    await seen(page.getByRole("alert").filter({ hasText: `more than the ${Number(ceiling.daily)} XRP the server signs in a day` }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    found.push(...(await axe(page)));
    expect(found).toEqual([]);

    // each chip opens its page
    await strip.getByRole("link", { name: "Backups off" }).click();
    await page.waitForURL("**/admin/backups");
    await seen(page.getByRole("heading", { name: "Backups are off" }));
  }, 120_000);
}

test("at 1280 px the action column stays in view: Approve, Reject and Block address are not clipped", async () => {
  const id = await faucetRequest("198.51.100.20");
  const page = await adminPage(1280);
  await page.goto("/admin/requests");
  const table = page.getByRole("table", { name: "Faucet requests" });
  await seen(table);
  const scroller = (await table.locator("xpath=..").boundingBox())!;
  for (const name of [`Approve request ${id}`, `Reject request ${id}`, `Block address of request ${id}`]) {
    const box = (await table.getByRole(name.startsWith("Block") ? "link" : "button", { name, exact: true }).boundingBox())!;
    // inside the window, and inside the table's own scrolling box (not under its clipped edge)
    expect({ name, left: box.x >= 0, right: box.x + box.width <= 1280 }).toEqual({ name, left: true, right: true });
    expect({ name, inside: box.x >= scroller.x && box.x + box.width <= scroller.x + scroller.width + 0.5 }).toEqual({ name, inside: true });
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
}, 60_000);

test("the approval dialog shows each request's risk and reasons, and warns before paying a bonus for an unmoderated review", async () => {
  // a reviewer: paid once by the faucet from their device, then a review and its bonus from that device
  const device = "e2e-reviewer-device-0000001";
  const ip = "198.51.100.30";
  const address = newAddress();
  const first = await faucetRequest(ip, address, device);
  const approved = await fetch(`${site.url}/api/admin/faucet/requests/${first}`, { method: "POST", headers: { ...json, cookie: admin }, body: JSON.stringify({ action: "APPROVED" }) });
  expect(approved.status).toBe(200);
  await waitFor(async () => ((await adminGet("/api/admin/faucet/requests?status=PROCESSED")) as { id: number }[]).some((r) => r.id === first), { what: "the sandbox to pay the first request", timeout: 40_000 });
  const headers = { "x-forwarded-for": ip, cookie: `device=${device}` };
  const review = await fetch(`${site.url}/api/reviews/submit`, { method: "POST", headers: { ...json, ...headers, ...(await proofFor(site.url, "review", { "x-forwarded-for": ip })) }, body: JSON.stringify({ review: "Paid in minutes", rating: 5 }) });
  expect(review.status).toBe(201);
  const bonusRes = await fetch(`${site.url}/api/reviews/bonus-request`, {
    method: "POST",
    headers: { ...json, ...headers, ...(await proofFor(site.url, "reviewer-bonus", { "x-forwarded-for": ip })) },
    body: JSON.stringify({ address, reviewId: (await review.json()).id }),
  });
  expect(bonusRes.status).toBe(201);
  const bonus: number = (await bonusRes.json()).id;
  const other = await faucetRequest("198.51.100.31");

  const page = await adminPage(1280);
  await page.goto("/admin/requests");
  const table = page.getByRole("table", { name: "Faucet requests" });
  await table.getByRole("checkbox", { name: `Select request ${bonus}` }).check();
  await table.getByRole("checkbox", { name: `Select request ${other}` }).check();
  await page.getByRole("button", { name: "Approve selected (2)" }).click();
  const dialog = page.getByRole("dialog", { name: "Approve 2 requests?" });
  await seen(dialog);

  // each request with its risk badge and the reasons its score counted, as the list has them
  const listed: { id: number; riskScore: number | null; riskReasons: string[]; reason: string | null }[] = await adminGet("/api/admin/faucet/requests?status=PENDING");
  const destinations = dialog.getByRole("list", { name: "Destinations" });
  for (const id of [bonus, other]) {
    const r = listed.find((x) => x.id === id)!;
    const entry = destinations.getByRole("listitem").filter({ hasText: `Request #${id}` });
    const score = r.riskScore ?? 0;
    await seen(entry.getByText(`${score >= 50 ? "High" : score >= 25 ? "Medium" : "Low"} (${score})`, { exact: true }));
    if (r.riskReasons.length > 0) await seen(entry.getByText(`Risk: ${r.riskReasons.join("; ")}`, { exact: true }));
  }
  const bonusEntry = destinations.getByRole("listitem").filter({ hasText: `Request #${bonus}` });
  await seen(bonusEntry.getByText("Reviewer bonus", { exact: true }));
  await seen(bonusEntry.getByText(/waiting for moderation: read the review first/));
  await seen(dialog.getByText(`Request #${bonus} is a reviewer bonus for a review still waiting for moderation: paying now pays for a review nobody has read.`));
  expect(await axe(page)).toEqual([]);

  // nothing is paid without the confirm button
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await gone(dialog);
  const after: { id: number; status: string }[] = await adminGet("/api/admin/faucet/requests?status=PENDING");
  expect(after.filter((r) => r.id === bonus || r.id === other).map((r) => r.status)).toEqual(["PENDING", "PENDING"]);
}, 120_000);
