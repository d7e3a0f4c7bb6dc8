// The back office live, in Chromium on a site paying through the sandbox ledger, at 1280 and 375 px:
// a new request appears on /admin/requests without a reload, an approved one goes Paying -> Paid
// with its hash in front of the operator, and a row opens the request's whole file (axe-clean).
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { proofFor } from "../../src/testing/pow.ts";
import { ADMIN, axeViolations, isFocused, newAddress, seen, sessionCookie, type Site, startSite, until } from "./support.ts";

let site: Site;
const json = { "content-type": "application/json" };
beforeAll(async () => {
  // --trust-proxy: each scripted request comes from its own network (X-Forwarded-For)
  site = await startSite({ args: ["--xrpl", "sandbox", "--sandbox-port", "0", "--trust-proxy"] });
  const login = await fetch(`${site.url}/api/login`, { method: "POST", headers: json, body: JSON.stringify(ADMIN) });
  const cookie = sessionCookie(login);
  const raised = await fetch(`${site.url}/api/admin/faucet/settings`, { method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ dailyLimit: "10000" }) });
  expect(raised.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await site?.close();
}, 60_000);

let ips = 0;
async function faucetRequest(): Promise<number> {
  const ip = `198.51.${100 + ips++}.7`;
  const res = await fetch(`${site.url}/api/faucet/request`, {
    method: "POST",
    headers: { ...json, "user-agent": "Mozilla/5.0", "x-forwarded-for": ip, ...(await proofFor(site.url, "faucet", { "x-forwarded-for": ip })) },
    body: JSON.stringify({ address: newAddress() }),
  });
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

async function adminPage(width: number): Promise<Page> {
  const { page } = await site.newPage({ width, height: 900 });
  await page.goto("/login");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL("**/admin");
  return page;
}

for (const width of [1280, 375]) {
  test(`at ${width} px: a new request appears and an approved one goes Paying -> Paid with its hash, no reload`, async () => {
    const page = await adminPage(width);
    await page.goto("/admin/requests");
    await seen(page.getByRole("status").filter({ hasText: /^Live$/ }));
    const loads = await page.evaluate(() => performance.getEntriesByType("navigation").length);

    const id = await faucetRequest();
    const open = page.getByRole("table", { name: "Faucet requests", exact: true });
    await seen(open.getByRole("button", { name: `Open request ${id}`, exact: true }));

    await open.getByRole("button", { name: `Approve request ${id}`, exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Approve and pay" }).click();
    const processed = page.getByRole("table", { name: "Processed faucet requests" });
    const row = processed.getByRole("row").filter({ has: page.getByRole("button", { name: `Open request ${id}`, exact: true }) });
    await seen(row.getByText("Paid", { exact: true }), 30_000);
    await seen(row.getByRole("button", { name: "Copy transaction hash" }).first());
    await until(async () => (await open.getByRole("button", { name: `Open request ${id}`, exact: true }).count()) === 0, "the paid request out of the open list");
    // the same page all along: nothing reloaded it
    expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(loads);
    expect(await axeViolations(page)).toEqual([]);
  }, 90_000);

  test(`at ${width} px: a row opens the request's file: risk, who asked, the address's requests, what was done`, async () => {
    const page = await adminPage(width);
    const id = await faucetRequest();
    await page.goto("/admin/requests");
    const opener = page.getByRole("button", { name: `Open request ${id}`, exact: true });
    await opener.click();
    const file = page.getByRole("dialog", { name: `Request #${id}` });
    await seen(file);
    for (const heading of ["The request", "Risk", "Who asked", "The address's other requests", "What was done"])
      await seen(file.getByRole("heading", { name: heading }));
    await seen(file.getByText("No other request from this address"));
    await seen(file.getByRole("button", { name: `Approve request ${id}`, exact: true }));
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await until(async () => (await file.count()) === 0, "the file closed");
    expect(await isFocused(opener)).toBe(true);
    await opener.click();
    await seen(file);

    // rejected from the file: its trail says so, live
    await file.getByRole("button", { name: `Reject request ${id}`, exact: true }).click();
    const reason = page.getByRole("dialog").getByRole("textbox").first();
    await reason.fill("Looks like a farm");
    await page.getByRole("dialog").getByRole("button", { name: "Reject", exact: true }).click();
    await seen(file.getByText("Rejected a faucet request"));
    await seen(file.getByText("Reason: Looks like a farm"));
  }, 90_000);
}

test("at 1280 px the Actions column covers no Status: a pending row's badge is whole, left of the actions", async () => {
  const page = await adminPage(1280);
  const id = await faucetRequest();
  await page.goto("/admin/requests");
  const table = page.getByRole("table", { name: "Faucet requests", exact: true });
  const row = table.getByRole("row").filter({ has: page.getByRole("button", { name: `Open request ${id}`, exact: true }) });
  const badge = (await row.getByText("Pending", { exact: true }).boundingBox())!;
  const actions = (await row.getByRole("cell").last().boundingBox())!;
  expect(badge.x + badge.width).toBeLessThanOrEqual(actions.x);
}, 60_000);
