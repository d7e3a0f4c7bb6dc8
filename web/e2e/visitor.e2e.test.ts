// A visitor without an account follows their money and helps themselves, on a desktop and at 375 px:
// the faucet page says what it will do before the form, a request is followed from the form to
// PROCESSED on the sandbox ledger with a working explorer link, any wallet can be looked up, errors
// stay under their field, a lost connection says so with a Retry (the faucet, a review, a login); the
// splash plays once per session;
// an unknown URL is a real 404; the whitepaper downloads as a PDF.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { axeViolations, errorUnder, ADMIN, BROWSER_USER_AGENT, gone, newAddress, saveSettings, seen, startSite, until, untilPaid, type Site } from "./support.ts";

let site: Site;
beforeAll(async () => {
  // --trust-proxy: each visitor comes from a network of its own (one network may ask for 3 addresses a day)
  site = await startSite({ args: ["--xrpl", "sandbox", "--sandbox-port", "0", "--trust-proxy"] });
  // a day of 1000 XRP: its first hour releases 41.67 XRP, room for both widths' requests of up to
  // 20 XRP at any hour (the default 100 XRP releases 20 XRP an hour in the day's first hours)
  await saveSettings(site.url, { dailyLimit: "1000" });
}, 60_000);
afterAll(async () => {
  await site?.close();
}, 60_000);

let visitors = 0;
// (each in a /16 of its own: the per-IP caps and the risk score count an IPv4 /24 as one network, and
// requests from other networks of one /16, or one of them approved today, raise the risk score)
const visitorIp = () => `10.${++visitors}.0.1`;
const SPLASH = { name: "Loading XRP Faucet" } as const;


// The admin, signed in through the API in a browser context of its own, approves a request.
async function approve(id: number): Promise<Page> {
  const { page } = await site.newPage({ visitorIp: "192.0.2.10" });
  await page.goto("/whitepaper");
  const answer = await page.evaluate(
    async ({ id, admin }) => {
      const login = await fetch("/api/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(admin) });
      if (!login.ok) return login.status;
      const res = await fetch(`/api/admin/faucet/requests/${id}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ action: "APPROVED" }) });
      return res.status;
    },
    { id, admin: { username: ADMIN.username, password: ADMIN.password } },
  );
  expect(answer).toBe(200);
  return page;
}


for (const width of [1280, 375]) {
  describe(`at ${width} px`, () => {
    test("a visitor sees the faucet's state, requests XRP and follows it to Paid with a working explorer link", async () => {
      // a person's browser (a headless one's request is flagged: it waits holding no budget)
      const { page } = await site.newPage({ width, height: 900, visitorIp: visitorIp(), userAgent: BROWSER_USER_AGENT });
      await page.goto("/faucet");
      const state = page.getByRole("region", { name: "Faucet status" });
      await seen(state.getByText("The faucet is online"));
      await seen(state.getByText(/between 5 XRP and 20 XRP/));
      await seen(state.getByText("You can make a request now."));
      const budget = page.getByRole("progressbar", { name: /Today's budget/ });
      const before = Number(await budget.getAttribute("aria-valuenow"));
      expect(Number(await budget.getAttribute("aria-valuemax"))).toBe(1000);
      expect(before).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);

      const address = newAddress();
      await page.getByLabel("XRP wallet address").fill(address);
      await page.getByRole("button", { name: "Claim Your XRP Drops" }).click();
      const received = page.getByRole("status").filter({ hasText: "received for" });
      await seen(received);
      const id = Number((await received.textContent())?.match(/#(\d+)/)?.[1]);
      expect(id).toBeGreaterThan(0);
      expect(await received.textContent()).toMatch(/\d+(\.\d+)? XRP.*Waiting for review/);

      // the list of this browser's requests, the budget taken, the address's wait
      const mine = page.getByRole("listitem", { name: `Request #${id}` }).first();
      await seen(mine.getByText("Waiting for review", { exact: true }));
      await until(async () => Number(await budget.getAttribute("aria-valuenow")) < before, "the budget bar to go down");
      await page.getByLabel("XRP wallet address").fill(address);
      await seen(state.getByRole("timer").getByText(/You can request again for this address tomorrow at \d\d:\d\d UTC \(in 2[34] h( \d+ min)?\)\./));
      expect(await axeViolations(page)).toEqual([]);

      // an admin approves; the sandbox ledger validates the payment
      const admin = await approve(id);
      await untilPaid(admin, id, "the sandbox ledger to validate the payment", 30_000);

      // the visitor, back on the page, sees it paid with its hash and the explorer's link
      await page.reload();
      const paid = page.getByRole("listitem", { name: `Request #${id}` }).first();
      await seen(paid.getByText("Paid", { exact: true }));
      const link = paid.getByRole("link", { name: "View transaction on explorer" });
      const href = await link.getAttribute("href");
      expect(href).toMatch(/^\/sandbox\/tx\/[0-9A-F]{64}$/);
      const hash = href!.slice("/sandbox/tx/".length);

      // anyone can look the wallet up
      await page.getByLabel("Wallet address to look up").fill(address);
      await page.getByRole("button", { name: "Look up" }).click();
      await until(async () => (await page.getByRole("listitem", { name: `Request #${id}` }).count()) === 2, "the looked-up request beside this browser's");
      expect(await page.getByRole("listitem", { name: `Request #${id}` }).nth(1).getByText("Paid", { exact: true }).count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);

      await link.click();
      await page.waitForURL(`**/sandbox/tx/${hash}`);
      await seen(page.getByText(hash).first());
    }, 120_000);

    test("errors stay under their field until fixed; a lost connection says so and Retry sends again", async () => {
      const { page } = await site.newPage({ width, height: 900, visitorIp: visitorIp() });
      await page.goto("/faucet");
      const field = page.getByLabel("XRP wallet address");
      const claim = page.getByRole("button", { name: "Claim Your XRP Drops" });
      await claim.click();
      await until(async () => (await errorUnder(field)) === "Please enter a valid XRP wallet address", "the error under the field");
      expect(await field.getAttribute("aria-invalid")).toBe("true");

      await field.fill("rNotAnAddress");
      expect(await errorUnder(field)).toBeNull();
      await claim.click();
      await until(async () => (await errorUnder(field)) === "Please enter a valid XRP wallet address", "the server's error under the field");
      // still there after a toast's 5 s would have gone (a sleep: this shows that nothing changes)
      await Bun.sleep(5500);
      expect(await errorUnder(field)).toBe("Please enter a valid XRP wallet address");
      expect(await axeViolations(page)).toEqual([]);

      // the connection drops: words, not "Failed to fetch", and a Retry
      await page.route("**/api/faucet/request", (route) => route.abort("internetdisconnected"));
      await field.fill(newAddress());
      await claim.click();
      const alert = page.getByRole("alert").filter({ hasText: "Can't reach the server. Check your connection and try again." });
      await seen(alert);
      expect(await page.getByText("Failed to fetch").count()).toBe(0);
      await page.unroute("**/api/faucet/request");
      await alert.getByRole("button", { name: "Retry" }).click();
      await seen(page.getByRole("status").filter({ hasText: "received for" }));

      // the outcome's toast does not cover the button that produced it
      const toast = page.getByRole("region", { name: "Notifications" }).getByText("Request Submitted Successfully!");
      await seen(toast);
      const [a, b] = [await toast.boundingBox(), await claim.boundingBox()];
      expect(a && b).toBeTruthy();
      const overlap = a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
      expect(overlap).toBe(false);
    }, 90_000);

    test("an unknown URL answers 404 and shows the not-found page", async () => {
      const { page } = await site.newPage({ width });
      const response = await page.goto("/no/such/page");
      expect(response?.status()).toBe(404);
      await seen(page.getByRole("heading", { name: "404 Page Not Found" }));
      expect(await axeViolations(page)).toEqual([]);
      expect((await page.goto("/faucet"))?.status()).toBe(200);
    }, 60_000);
  });
}

describe("the splash", () => {
  // Records whether the splash was ever on the page, from before the app's first script.
  const watchSplash = (page: Page) =>
    page.addInitScript(() => {
      const w = window as unknown as { splashShown: boolean };
      w.splashShown = false;
      new MutationObserver(() => {
        if (document.querySelector('[aria-label="Loading XRP Faucet"]')) w.splashShown = true;
      }).observe(document, { childList: true, subtree: true });
    });
  const splashShown = (page: Page) => page.evaluate(() => (window as unknown as { splashShown: boolean }).splashShown);

  test("plays once per browser session: on the first visit, not on a reload", async () => {
    const { page } = await site.newPage({ reducedMotion: false });
    await watchSplash(page);
    await page.goto("/");
    await seen(page.getByRole("status", SPLASH));
    await gone(page.getByRole("status", SPLASH));
    expect(await splashShown(page)).toBe(true);
    await page.reload();
    await seen(page.getByRole("heading", { level: 1 }));
    expect(await splashShown(page)).toBe(false);
  }, 60_000);

  test("a deep link opens its page without it", async () => {
    const { page } = await site.newPage({ reducedMotion: false, width: 375 });
    await watchSplash(page);
    await page.goto("/faq");
    await seen(page.getByRole("heading", { name: "Frequently Asked Questions", level: 1 }));
    expect(await splashShown(page)).toBe(false);
  }, 60_000);
});

test("a review is thanked once, and a device the faucet never paid is offered no bonus", async () => {
  const { page } = await site.newPage({ width: 375, height: 900, visitorIp: visitorIp() });
  await page.goto("/reviews");
  await page.getByLabel("Rating").selectOption("5");
  await page.getByLabel("Your review").fill("Clear about what happens, paid after review.");
  await page.getByRole("button", { name: "Submit Review" }).click();
  await seen(page.getByRole("heading", { name: "Thank you for your review!" }));
  expect(await page.getByRole("button", { name: "Claim Reviewer Bonus" }).count()).toBe(0);
  expect(await page.getByText(/thank/i).count()).toBe(1);
  expect(await axeViolations(page)).toEqual([]);
}, 60_000);

test("the other forms say a lost connection in words with a Retry that sends again: a review, a login", async () => {
  const { page } = await site.newPage({ width: 375, height: 900, visitorIp: visitorIp() });
  const lost = "Can't reach the server. Check your connection and try again.";
  await page.goto("/reviews");
  await page.getByLabel("Rating").selectOption("4");
  await page.getByLabel("Your review").fill("Worked on the second try, after my connection came back.");
  await page.route("**/api/reviews/submit", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Submit Review" }).click();
  const alert = page.getByRole("alert").filter({ hasText: lost });
  await seen(alert);
  expect(await page.getByText("Failed to fetch").count()).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.unroute("**/api/reviews/submit");
  await alert.getByRole("button", { name: "Retry" }).click();
  await seen(page.getByRole("heading", { name: "Thank you for your review!" }));

  await page.goto("/login");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.route("**/api/login", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Login" }).click();
  await seen(page.getByRole("alert").filter({ hasText: lost }));
  await page.unroute("**/api/login");
  await page.getByRole("alert").filter({ hasText: lost }).getByRole("button", { name: "Retry" }).click();
  await until(async () => new URL(page.url()).pathname === "/admin", "the admin's home after Retry");
}, 60_000);

test("the whitepaper's Download PDF downloads a PDF", async () => {
  const { page } = await site.newPage();
  await page.goto("/whitepaper");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
  expect(download.suggestedFilename()).toBe("xrp-faucet-whitepaper.pdf");
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  expect(bytes.toString()).toContain("(XRP Faucet Whitepaper) Tj");
}, 60_000);
