// The admin sees what the ledger says of requested addresses and blocks a cluster: three visitors ask
// for addresses one account activated on the sandbox ledger (funded there with the real xrpl client);
// the server reads them in the background, the request rows show the shared activator, the bulk
// approval says how many share it, and "Block this cluster" puts them all on the block list.
import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { Client, Wallet } from "xrpl";
import { GENESIS } from "../../src/payouts/simulator/ledger.ts";
import { freePort } from "../../src/testing/binary.ts";
import { httpClient } from "../../src/testing/client.ts";
import { BROWSER_USER_AGENT, logInAsAdmin, saveSettings, seen, startSite, type Site, until } from "./support.ts";

let site: Site;
let ledger: Client;
const activator = Wallet.generate();
const pool = [Wallet.generate(), Wallet.generate(), Wallet.generate()];

beforeAll(async () => {
  // a known port for the sandbox ledger, so this test can reach it with its own client
  const port = freePort();
  site = await startSite({ args: ["--xrpl", "sandbox", "--sandbox-port", String(port), "--trust-proxy"] });
  ledger = new Client(`ws://127.0.0.1:${port}`);
  await ledger.connect();
  const pay = async (from: Wallet, to: string, xrp: number) => {
    const done = await ledger.submitAndWait({ TransactionType: "Payment", Account: from.classicAddress, Destination: to, Amount: String(xrp * 1_000_000) }, { wallet: from });
    expect((done.result.meta as { TransactionResult: string }).TransactionResult).toBe("tesSUCCESS");
  };
  await pay(Wallet.fromSeed(GENESIS.seed), activator.classicAddress, 1_000);
  for (const w of pool) await pay(activator, w.classicAddress, 20);
  await saveSettings(site.url, { dailyLimit: "1000" });
  // three visitors from three unrelated networks, each with a browser's user agent
  for (const [i, w] of pool.entries()) {
    const visitor = httpClient(site.url, { ip: `198.${51 + i * 20}.100.${20 + i}`, headers: { "user-agent": BROWSER_USER_AGENT } });
    expect((await visitor.post("/api/faucet/request", { address: w.classicAddress }, { proof: true })).status).toBe(201);
  }
}, 90_000);
afterAll(async () => {
  await ledger?.disconnect();
  await site?.close();
}, 60_000);

const axeClean = async (page: Page) => {
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
};

// The server reads new requests' addresses every few seconds: the list shows them once read.
async function openRequests(page: Page) {
  await page.goto("/admin/requests");
  await until(async () => {
    await page.reload();
    await seen(page.getByRole("table", { name: "Faucet requests" }));
    return (await page.getByText("Cluster: 3 requests today share activator").count()) === 3;
  }, "the server to read the three addresses from the sandbox ledger", 40_000);
}

test("the admin sees the shared activating account on each row and in the bulk approval, and blocks the cluster", async () => {
  const { page } = await site.newPage({ visitorIp: "192.0.2.30" });
  await logInAsAdmin(page);
  await openRequests(page);
  await seen(page.getByText("Ledger: activated").first());
  await seen(page.getByText("shares an activating account with 2 other requests today").first());
  await axeClean(page);

  // bulk approval: the summary says how many of the chosen share an activating account
  for (const id of (await page.evaluate(async () => (await (await fetch("/api/admin/faucet/requests")).json()).map((r: { id: number }) => r.id))) as number[]) {
    await page.getByLabel(`Select request ${id}`).check();
  }
  await page.getByRole("button", { name: "Approve selected (3)" }).click();
  const dialog = page.getByRole("dialog");
  await seen(dialog.getByText("3 of 3 share an activating account"));
  await axeClean(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // block the cluster: the activator and its three addresses
  await page.getByRole("button", { name: /Block this cluster \(request/ }).first().click();
  await seen(page.getByRole("dialog").getByText(activator.classicAddress));
  await page.getByRole("button", { name: "Block them" }).click();
  await seen(page.getByRole("region", { name: "Notifications" }).getByText("4 of 4 addresses added to the block list"));
  await until(async () => (await page.getByText("On the block list: reject it, or unblock first").count()) === 3, "the three rows to show as blocked");
  const blocked = (await page.evaluate(async () => (await fetch("/api/admin/blocklist")).json())) as { value: string }[];
  for (const a of [activator, ...pool]) expect(blocked.some((e) => e.value === a.classicAddress)).toBe(true);
}, 120_000);

test("on a phone (375 px) the evidence fits the screen and is axe-core clean", async () => {
  const { page } = await site.newPage({ width: 375, height: 740, visitorIp: "192.0.2.31" });
  await logInAsAdmin(page);
  await openRequests(page);
  await seen(page.getByRole("button", { name: /Block this cluster \(request/ }).first());
  await axeClean(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}, 90_000);
