// Visitors always know where they stand, on a desktop and at 375 px (axe-clean): a claim from the
// home page's hero with a lasting confirmation and a status link; a returning visitor's countdown; a
// rejected request says why where the visitor looks (their requests, the lookup); a lookup's refusal
// in words; offline is told and nothing is sent unseen, a waiting request can be cancelled, the page
// holds its width; one message when a limit applies; bonuses say when they are available before a
// share; the live payouts feed; the reviewer bonus and the advertising form keep their confirmation;
// the status badge covers no button. One site and one browser for the file; the money flows over
// HTTP (one payment, on the sandbox ledger).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { readableXrp } from "../../src/shared/money.ts";
import { proofFor } from "../../src/testing/pow.ts";
import { axeViolations, errorUnder, BROWSER_USER_AGENT, gone, newAddress, saveSettings, seen, startSite, until, USER_PASSWORD, type Site } from "./support.ts";

const PAYOUTS_FEED_NOTE = "Addresses are shortened here, but every payment is public on the XRP Ledger: its transaction, linked beside it, shows the whole address.";
let site: Site;
let admin: string;
beforeAll(async () => {
  // --trust-proxy: each visitor comes from a network of its own (X-Forwarded-For)
  site = await startSite({ args: ["--xrpl", "sandbox", "--sandbox-port", "0", "--trust-proxy"] });
  admin = await saveSettings(site.url, { dailyLimit: "1000" });
}, 60_000);
afterAll(async () => {
  await site?.close();
}, 60_000);

let networks = 0;
// (each visitor in a /16 of its own: requests from one /16 raise each other's risk)
const visitorIp = () => `10.${100 + ++networks}.0.1`;
const json = { "content-type": "application/json" };


// A faucet request over HTTP, as a person's browser from `ip` (with that browser's device cookie).
async function askOverHttp(ip: string, address: string, device?: string) {
  const from = { "x-forwarded-for": ip };
  const res = await fetch(`${site.url}/api/faucet/request`, {
    method: "POST",
    headers: { ...json, ...from, "user-agent": BROWSER_USER_AGENT, ...(device ? { cookie: `device=${device}` } : {}), ...(await proofFor(site.url, "faucet", from)) },
    body: JSON.stringify({ address }),
  });
  return { status: res.status, body: await res.json() };
}
const decide = (id: number, body: Record<string, string>) =>
  fetch(`${site.url}/api/admin/faucet/requests/${id}`, { method: "POST", headers: { ...json, cookie: admin }, body: JSON.stringify(body) });
const deviceOf = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === "device")!.value;

// The page is no wider than the screen (nothing scrolls sideways).
const holdsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}


for (const width of [1280, 375]) {
  describe(`at ${width} px`, () => {
    test("a claim from the home page's hero stays confirmed with its status link; a returning visitor sees the countdown; a rejection says why in their requests and the lookup", async () => {
      const { page } = await site.newPage({ width, height: 812, visitorIp: visitorIp(), userAgent: BROWSER_USER_AGENT });
      await page.goto("/");
      const hero = page.locator("main");
      const address = newAddress();
      await hero.getByLabel("XRP wallet address").fill(address);
      await hero.getByRole("button", { name: "Claim Free XRP" }).click();
      const received = page.getByRole("status").filter({ hasText: "received for" });
      await seen(received);
      const id = Number((await received.textContent())?.match(/#(\d+)/)?.[1]);
      expect(id).toBeGreaterThan(0);
      expect(await holdsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);

      // the admin rejects it, with a reason written for the visitor
      const reason = "This address belongs to an exchange: use a wallet you control.";
      expect((await decide(id, { action: "REJECTED", reason })).status).toBe(200);

      // the status link opens the lookup at that request, which says why and what next
      await received.getByRole("link", { name: `Status of request #${id}` }).click();
      await page.waitForURL(`**/faucet?lookup=${address}#request-${id}`);
      const looked = page.locator(`#request-${id}`);
      await seen(looked.getByText("Rejected", { exact: true }));
      expect(await looked.getAttribute("aria-current")).toBe("true");
      expect(await looked.textContent()).toContain(`Why: ${reason}`);
      expect(await looked.textContent()).toMatch(/You can request again for this address tomorrow at \d\d:\d\d UTC \(in 2[34] h( \d+ min)?\)/);
      // and so does this browser's own list
      const mine = page.getByRole("listitem", { name: `Request #${id}` }).first();
      await seen(mine.getByText(`Why: ${reason}`));
      expect(await page.getByText("Request failed").count()).toBe(0);
      expect(await holdsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);

      // a lookup of something that is no address: the server's sentence under the field, never raw JSON
      const lookup = page.getByLabel("Wallet address to look up");
      await lookup.fill("hello");
      await page.getByRole("button", { name: "Look up" }).click();
      await until(async () => (await errorUnder(lookup)) === "Please enter a valid XRP wallet address", "the lookup's refusal under its field");
      expect(await page.getByText(/Request failed|\{"message"/).count()).toBe(0);

      // back home, a returning visitor: when the next claim opens, and why
      await page.goto("/");
      await seen(page.getByRole("timer").getByText(/^Welcome back\. This address already requested XRP in the last 24 hours\. You can request again for this address tomorrow at \d\d:\d\d UTC \(in 2[34] h( \d+ min)?\)\.$/));
    }, 90_000);

    test("offline is told, nothing is sent until the visitor sends it again, a waiting request can be cancelled, and the page holds its width", async () => {
      const { context, page } = await site.newPage({ width, height: 812, visitorIp: visitorIp(), userAgent: BROWSER_USER_AGENT });
      const sent: string[] = [];
      page.on("request", (r) => void (r.url().endsWith("/api/faucet/request") && sent.push(r.method())));
      await page.goto("/faucet");
      await seen(page.getByRole("region", { name: "Faucet status" }).getByText("The faucet is online"));
      const field = page.getByLabel("XRP wallet address");
      await field.fill(newAddress());

      await context.setOffline(true);
      await seen(page.getByRole("alert").filter({ hasText: "You are offline." }));
      await page.getByRole("button", { name: "Claim Your XRP Drops" }).click();
      const nothingSent = page.getByRole("alert").filter({ hasText: "You are offline: nothing was sent. Reconnect, then press Retry." });
      await seen(nothingSent);
      expect(await holdsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);

      // back online: nothing went out by itself
      await context.setOffline(false);
      await gone(page.getByRole("alert").filter({ hasText: "You are offline." }));
      await Bun.sleep(1000);
      expect(sent).toEqual([]);

      // a request that hangs on the network: it says so with a Cancel, which stops it
      let release: () => void = () => {};
      await page.route("**/api/faucet/request", (route) => new Promise<void>((resolve) => (release = resolve)).then(() => route.abort("internetdisconnected").catch(() => {})));
      await nothingSent.getByRole("button", { name: "Retry" }).click();
      await seen(page.getByRole("button", { name: "Processing Drop Request..." }));
      expect(await holdsWidth(page)).toBe(true);
      await page.getByRole("button", { name: "Cancel" }).click();
      await seen(page.getByRole("alert").filter({ hasText: "Cancelled: nothing more is sent." }));
      release();
      await page.unroute("**/api/faucet/request");
      expect(await page.getByRole("button", { name: "Claim Your XRP Drops" }).isEnabled()).toBe(true);
      expect(await holdsWidth(page)).toBe(true);
    }, 60_000);

    test("a network at its daily limit: the status and the refusal say the same, and no earlier confirmation stays beside it", async () => {
      const ip = visitorIp();
      // three addresses from this network today (other devices)
      for (let i = 0; i < 3; i++) expect((await askOverHttp(ip, newAddress())).status).toBe(201);
      const { page } = await site.newPage({ width, height: 812, visitorIp: ip, userAgent: BROWSER_USER_AGENT });
      await page.goto("/faucet");
      const limit = "Too many addresses from your network today (at most 3 in 24 hours).";
      await seen(page.getByRole("timer").getByText(new RegExp(`^${limit.replace(/[().]/g, "\\$&")} You can request again from your network tomorrow at \\d\\d:\\d\\d UTC \\(in 2[34] h( \\d+ min)?\\)\\.$`)));
      await page.getByLabel("XRP wallet address").fill(newAddress());
      await page.getByRole("button", { name: "Claim Your XRP Drops" }).click();
      await seen(page.getByRole("alert").filter({ hasText: limit }));
      expect(await page.getByRole("status").filter({ hasText: "received for" }).count()).toBe(0);
      expect(await page.getByText("for this address").count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
    }, 60_000);

    test("a new account's dashboard says when each bonus is available before any share, and why", async () => {
      const { context, page } = await site.newPage({ width, height: 812, visitorIp: visitorIp() });
      const username = `standing${width}`;
      const from = { "x-forwarded-for": visitorIp() };
      const res = await fetch(`${site.url}/api/register`, {
        method: "POST",
        headers: { ...json, ...from, origin: site.url, ...(await proofFor(site.url, "register", from)) },
        body: JSON.stringify({ username, email: `${username}@example.com`, password: USER_PASSWORD }),
      });
      expect(res.status).toBe(201);
      const session = res.headers.getSetCookie().find((c) => c.startsWith("session="))!.split(";")[0]!.slice("session=".length);
      await context.addCookies([{ name: "session", value: session, url: site.url }]);
      await page.goto("/dashboard");
      await page.getByRole("tab", { name: "Earn More" }).click();
      for (const platform of ["Facebook", "Twitter", "LinkedIn"]) {
        await seen(page.getByTestId(`bonus-state-${platform}`).getByText(/^Bonus from \w+ \d+, \d\d:\d\d UTC \(your account is too new\)$/));
      }
      await seen(page.getByRole("note", { name: "When your bonus is available" }).getByText(/Your account is too new for a bonus: bonuses need an account at least 24 hours old\. You can claim from/));
      expect(await page.getByText("Bonus ready").count()).toBe(0);
      expect(await holdsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
    }, 60_000);
  });
}

test("the home page's feed shows a payout with its explorer link; the reviewer bonus and the advertising form keep their confirmation; the status badge covers no button", async () => {
  // a browser that asked the faucet (over HTTP, with its device cookie) and was paid on the sandbox ledger
  const ip = visitorIp();
  const { context, page } = await site.newPage({ width: 1280, height: 900, visitorIp: ip, userAgent: BROWSER_USER_AGENT });
  await page.goto("/whitepaper");
  const address = newAddress();
  const asked = await askOverHttp(ip, address, await deviceOf(context));
  expect(asked.status).toBe(201);
  expect((await decide(asked.body.id, { action: "APPROVED" })).status).toBe(200);
  await until(
    async () => ((await (await fetch(`${site.url}/api/faucet/requests?address=${address}`)).json()) as { status: string }[])[0]?.status === "PROCESSED",
    "the sandbox ledger to pay the request",
    30_000,
  );

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 812 });
    await page.goto("/");
    const feed = page.getByRole("list", { name: "Latest payouts" });
    const first = feed.getByRole("listitem").first();
    await seen(first.getByText(`to ${address.slice(0, 6)}...${address.slice(-4)}`), 40_000);
    // (as a person reads it: "11.20139 XRP", no trailing zeros)
    expect(await first.textContent()).toContain(readableXrp(asked.body.amount));
    expect(await first.getByRole("link", { name: "View transaction on explorer" }).getAttribute("href")).toMatch(/^\/sandbox\/tx\/[0-9A-F]{64}$/);
    expect(await page.getByText(address).count()).toBe(0);
    // (the hash opens the transaction, which shows the whole address: the page says so beside the feed)
    await seen(page.getByText(PAYOUTS_FEED_NOTE));
    expect(await holdsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // the floating status badge, the final call to action brought to the bottom of the screen
    const cta = page.getByRole("link", { name: "Claim XRP Now" });
    const badge = page.getByRole("button", { name: /^Faucet (Online|Offline|Checking)/ });
    await cta.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 8));
    const [a, b] = [await cta.boundingBox(), await badge.boundingBox()];
    expect(overlaps(a!, b!)).toBe(false);
  }

  // the reviewer bonus: the form gives way to what was received, which stays after the toast
  await page.goto("/reviews");
  await page.getByLabel("Rating").selectOption("5");
  await page.getByLabel("Your review").fill("Paid on the ledger, with the hash to prove it.");
  await page.getByRole("button", { name: "Submit Review" }).click();
  await page.getByLabel("XRP wallet address").fill(address);
  await page.getByRole("button", { name: "Claim Reviewer Bonus" }).click();
  const bonus = page.getByRole("status").filter({ hasText: "received for" });
  await seen(bonus);
  await gone(page.getByRole("region", { name: "Notifications" }).getByText("Bonus Request Submitted!"), 10_000);
  expect(await bonus.isVisible()).toBe(true);
  expect(await bonus.getByRole("link", { name: /^Status of request #\d+$/ }).count()).toBe(1);
  expect(await axeViolations(page)).toEqual([]);

  // the advertising form clears, and says what it received
  await page.goto("/advertise");
  await page.getByLabel("Company name").fill("Ledger Tools Ltd");
  await page.getByLabel("Email").fill("ads@ledger-tools.example");
  await page.getByLabel("Budget").fill("$500 a month");
  await page.getByRole("button", { name: "Send Enquiry" }).click();
  const enquiry = page.getByRole("status").filter({ hasText: "Enquiry received from Ledger Tools Ltd." });
  await seen(enquiry);
  expect(await enquiry.textContent()).toContain("ads@ledger-tools.example");
  expect(await page.getByLabel("Company name").inputValue()).toBe("");
  expect(await axeViolations(page)).toEqual([]);
}, 120_000);
