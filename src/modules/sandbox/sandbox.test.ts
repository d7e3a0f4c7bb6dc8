// The sandbox ledger's transaction page, over real HTTP: a real payment on the simulated ledger,
// then the page its hash links to.
import { afterEach, describe, expect, test } from "bun:test";
import { payoutBed, type PayoutBed } from "../../payouts/testing.ts";
import { httpClient } from "../../testing/client.ts";
import { testApp, type TestApp } from "../../testing/harness.ts";

let bed: PayoutBed | undefined;
let t: TestApp | undefined;
afterEach(async () => {
  await bed?.close();
  await t?.close();
  bed = t = undefined;
});

// The visible text of a page: tags dropped, entities kept (so escaping shows).
const visible = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

async function paidRequest() {
  bed = await payoutBed();
  const { id, address, amountDrops } = await bed.approvedRequest();
  await bed.settle(
    () =>
      (bed!.t.db.sqlite.query("select status from faucet_requests where id = ?").get(id) as any).status === "PROCESSED",
  );
  const payment = bed.sim.payments({ destination: address })[0]!;
  return { address, amountDrops, payment, site: httpClient(bed.t.listen()) };
}

describe("GET /sandbox/tx/:hash", () => {
  test("shows a sandbox payment: result, amount in XRP, from, to, tag, ledger, fee and hash", async () => {
    const { address, amountDrops, payment, site } = await paidRequest();
    const res = await site.get(`/sandbox/tx/${payment.hash}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const text = visible(res.text);
    expect(text).toContain("Result Delivered");
    expect(text).not.toContain("tesSUCCESS");
    expect(text).toContain(`Amount ${amountDrops / 1_000_000} XRP`);
    expect(text).toContain(`From ${bed!.wallet.classicAddress}`);
    expect(text).toContain(`To ${address}`);
    expect(text).toContain("Destination tag none");
    expect(text).toContain(`Ledger ${payment.ledgerIndex}`);
    expect(text).toContain(`Fee ${Number(payment.feeDrops) / 1_000_000} XRP`);
    expect(text).toContain(`Hash ${payment.hash}`);
    expect(text).toContain("Nothing real was sent");
  }, 15_000);

  test("finds the hash in lower case too (as some screens print it)", async () => {
    const { payment, site } = await paidRequest();
    const res = await site.get(`/sandbox/tx/${payment.hash.toLowerCase()}`);
    expect(res.status).toBe(200);
    expect(visible(res.text)).toContain(`Hash ${payment.hash}`);
  }, 15_000);

  test("carries the security headers of every page and runs no script", async () => {
    const { payment, site } = await paidRequest();
    const res = await site.get(`/sandbox/tx/${payment.hash}`);
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.text).not.toContain("<script");
  }, 15_000);

  test("an unknown hash: 404, not in the sandbox ledger", async () => {
    const { site } = await paidRequest();
    const res = await site.get(`/sandbox/tx/${"AB".repeat(32)}`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(visible(res.text)).toContain("This transaction is not in the sandbox ledger.");
  }, 15_000);

  test("what the address bar holds is shown escaped, never as markup", async () => {
    const { site } = await paidRequest();
    const res = await site.get(`/sandbox/tx/${encodeURIComponent(`<img src=x onerror=alert(1)>"'&`)}`);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain("<img");
    expect(res.text).toContain("&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;");
  }, 15_000);

  test("a server not in sandbox mode has no such page: 404", async () => {
    t = testApp();
    const site = httpClient(t.listen());
    const res = await site.get(`/sandbox/tx/${"AB".repeat(32)}`);
    expect(res.status).toBe(404);
    expect(visible(res.text)).toContain("This server pays on a real XRP Ledger, not the sandbox");
  });
});
