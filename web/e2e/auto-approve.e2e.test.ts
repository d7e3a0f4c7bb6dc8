// The operator turns auto-approve on in the admin settings of a sandbox site; a visitor's low-risk
// request is paid by 'Auto', a scripted one waits for a person, and the paid request's hash opens
// the sandbox's own transaction page from the visitor's dashboard (and copies whole).
import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { httpClient } from "../../src/testing/client.ts";
import { proofFor } from "../../src/testing/pow.ts";
import { logInAsAdmin, newAddress, registerUser, seen, startSite, untilPaid, type Site } from "./support.ts";

let site: Site;
beforeAll(async () => {
  // --trust-proxy: the visitor and the scripted client come from their own networks
  site = await startSite({ args: ["--xrpl", "sandbox", "--sandbox-port", "0", "--trust-proxy"] });
}, 60_000);
afterAll(async () => {
  await site?.close();
}, 60_000);

// The rule runs every 15 s on the server's clock.
const RULE_RUN_MS = 15_000;

test("auto-approve pays a low-risk request after its hold and leaves a risky one; its hash opens the sandbox transaction page", async () => {
  // the operator turns the rule on: threshold 35, no hold
  const admin = await site.newPage({ visitorIp: "192.0.2.10" });
  await logInAsAdmin(admin.page);
  await admin.page.goto("/admin/settings");
  await seen(admin.page.getByRole("heading", { name: "Auto-approve" }));
  expect(await admin.page.getByLabel("Approve low-risk requests automatically").isChecked()).toBe(false);
  await admin.page.getByLabel("Approve low-risk requests automatically").check();
  await admin.page.getByLabel("Highest risk score (0-100)").fill("35");
  await admin.page.getByLabel("Hold (minutes)").fill("0");
  await admin.page.getByRole("button", { name: "Save auto-approve" }).click();
  await admin.page.getByRole("dialog").getByRole("button", { name: "Save auto-approve" }).click();
  await seen(admin.page.getByRole("region", { name: "Notifications" }).getByText("Auto-approve on"));
  const axe = await new AxeBuilder({ page: admin.page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // a visitor with an account asks from their browser (scored 30: a headless browser's user agent)
  const { context, page } = await site.newPage({ visitorIp: "198.51.100.20" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await registerUser(page, "autopayee");
  const address = newAddress();
  const proof = await proofFor(site.url, "faucet", { "x-forwarded-for": "198.51.100.20" });
  const made = await page.evaluate(
    async ({ address, proof }) => (await fetch("/api/faucet/request", { method: "POST", headers: { "content-type": "application/json", ...proof }, body: JSON.stringify({ address }) })).json(),
    { address, proof },
  );
  expect(made.status).toBe("PENDING");

  const adminList = () => admin.page.evaluate(async () => (await fetch("/api/admin/faucet/requests")).json());
  const paid = await untilPaid(admin.page, made.id, "the rule to approve it and the sandbox ledger to pay it", RULE_RUN_MS + 20_000);
  expect(paid).toMatchObject({ autoApproved: true, processedBy: "Auto" });

  // a scripted client from another network: scored above 35, it waits for a person
  const bot = httpClient(site.url, { ip: "203.0.113.99", headers: { "user-agent": "curl/8.5.0" } });
  const risky = await bot.post("/api/faucet/request", { address: newAddress() }, { proof: true });
  expect(risky.status).toBe(201);
  await Bun.sleep(RULE_RUN_MS + 1_000); // to show that nothing happens: at least one run of the rule
  expect((await adminList()).find((r: any) => r.id === risky.json.id)).toMatchObject({ status: "PENDING", autoApproved: false, processedBy: null });

  // the visitor's dashboard: the hash copies whole and opens the sandbox's transaction page
  await page.goto("/dashboard");
  await seen(page.getByText(paid.txHash.slice(0, 8)));
  await page.getByRole("button", { name: "Copy transaction hash" }).first().click();
  await seen(page.getByText("Copied"));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(paid.txHash);
  await page.getByRole("link", { name: "View transaction on explorer" }).first().click();
  await page.waitForURL(`**/sandbox/tx/${paid.txHash}`);
  await seen(page.getByRole("heading", { name: "Sandbox transaction" }));
  await seen(page.getByText("Delivered"));
  await seen(page.getByText(`${Number(paid.amount)} XRP`));
  await seen(page.getByText(address));
}, 120_000);

test("the auto-approve panel on a phone (375 px): every field labelled, axe-core clean, nothing wider than the screen", async () => {
  const { page } = await site.newPage({ width: 375, height: 740, visitorIp: "192.0.2.11" });
  await logInAsAdmin(page);
  await page.goto("/admin/settings");
  await seen(page.getByRole("heading", { name: "Auto-approve" }));
  for (const label of ["Approve low-risk requests automatically", "Highest risk score (0-100)", "Hold (minutes)", "At most per day (XRP)"]) {
    await seen(page.getByLabel(label));
  }
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  const save = await page.getByRole("button", { name: "Save auto-approve" }).boundingBox();
  expect(save!.x + save!.width).toBeLessThanOrEqual(375);
}, 60_000);
