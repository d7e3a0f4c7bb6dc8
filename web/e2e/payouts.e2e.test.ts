// An admin approves a faucet request on the sandbox ledger; the visitor's dashboard shows it
// PROCESSED with its shortened hash.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { encodeAccountID } from "ripple-address-codec";
import { proofFor } from "../../src/testing/pow.ts";
import { ADMIN, seen, startSite, until, type Site } from "./support.ts";

let site: Site;
beforeAll(async () => {
  site = await startSite({ args: ["--xrpl", "sandbox", "--sandbox-port", "0"] });
}, 60_000);
afterAll(async () => {
  await site?.close();
}, 60_000);

test("approved on the sandbox ledger, the request shows PROCESSED with its hash in the user's dashboard", async () => {
  const { page } = await site.newPage();
  await page.goto("/register");
  await page.getByLabel("Username").fill("payee");
  await page.getByLabel("Email").fill("payee@example.com");
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await page.waitForURL("**/dashboard");

  const address = encodeAccountID(crypto.getRandomValues(new Uint8Array(20)));
  const proof = await proofFor(site.url);
  const made = await page.evaluate(
    async ({ address, proof }) => {
      const res = await fetch("/api/faucet/request", { method: "POST", headers: { "content-type": "application/json", ...proof }, body: JSON.stringify({ address }) });
      return res.json();
    },
    { address, proof },
  );
  expect(made.status).toBe("PENDING");

  // the admin approves in another browser context
  const admin = await site.newPage();
  await admin.page.goto("/login");
  await admin.page.getByLabel("Username").fill(ADMIN.username);
  await admin.page.getByLabel("Password").fill(ADMIN.password);
  await admin.page.getByRole("button", { name: "Login", exact: true }).click();
  await admin.page.waitForURL("**/admin");
  await admin.page.goto("/admin/requests");
  await admin.page.getByRole("button", { name: `Approve request ${made.id}` }).click();
  // the back office states what will be sent before sending it
  await admin.page.getByRole("dialog").getByRole("button", { name: "Approve and pay" }).click();
  await seen(admin.page.getByRole("region", { name: "Notifications" }).getByText("Request Processed"));

  const hash = await until(
    async () => {
      const list = await admin.page.evaluate(async () => (await fetch("/api/admin/faucet/requests")).json());
      return list.find((r: any) => r.id === made.id)?.status === "PROCESSED";
    },
    "the sandbox ledger to validate the payment",
    30_000,
  ).then(() => admin.page.evaluate(async (id) => (await (await fetch("/api/admin/faucet/requests")).json()).find((r: any) => r.id === id).txHash, made.id));

  await page.goto("/dashboard");
  const requests = page.getByRole("tabpanel");
  await seen(requests.getByText("PROCESSED"));
  await seen(requests.getByText(hash.slice(0, 8)));
}, 90_000);
