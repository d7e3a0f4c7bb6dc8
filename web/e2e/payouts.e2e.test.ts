// An admin approves a faucet request on the sandbox ledger; the visitor's dashboard shows it
// PROCESSED with its shortened hash.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { proofFor } from "../../src/testing/pow.ts";
import { logInAsAdmin, newAddress, registerUser, seen, startSite, untilPaid, type Site } from "./support.ts";

let site: Site;
beforeAll(async () => {
  site = await startSite({ args: ["--xrpl", "sandbox", "--sandbox-port", "0"] });
}, 60_000);
afterAll(async () => {
  await site?.close();
}, 60_000);

test("approved on the sandbox ledger, the request shows PROCESSED with its hash in the user's dashboard", async () => {
  const { page } = await site.newPage();
  await registerUser(page, "payee");

  const address = newAddress();
  const proof = await proofFor(site.url, "faucet");
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
  await logInAsAdmin(admin.page);
  await admin.page.goto("/admin/requests");
  await admin.page.getByRole("button", { name: `Approve request ${made.id}` }).click();
  // the back office states what will be sent before sending it
  await admin.page.getByRole("dialog").getByRole("button", { name: "Approve and pay" }).click();
  await seen(admin.page.getByRole("region", { name: "Notifications" }).getByText("Request Processed"));

  const { txHash: hash } = await untilPaid(admin.page, made.id, "the sandbox ledger to validate the payment", 30_000);

  await page.goto("/dashboard");
  const requests = page.getByRole("tabpanel");
  await seen(requests.getByText("Paid", { exact: true }));
  await seen(requests.getByText(hash.slice(0, 8)));
}, 90_000);
