// Every visitor's and user's page in the tests' pseudo-language (/en-XA/...: each catalog message
// wrapped in ⟦ ⟧ and made a third longer), in Chromium at 375 and 1280 px: a visible text that did
// not come through a catalog, a text cut off or a page wider than the screen, or an axe violation
// fails it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { proofFor } from "../../src/testing/pow.ts";
import { axeViolations, BROWSER_USER_AGENT, gone, newAddress, registerUser, saveSettings, type Site, startSite } from "./support.ts";

const json = { "content-type": "application/json" };
let site: Site;
let admin: string;
beforeAll(async () => {
  // --trust-proxy: each page and each scripted request comes from a network of its own
  site = await startSite({ args: ["--trust-proxy"] });
  // (a day's budget for both walks' requests, whatever the hour: the hour's share would refuse the fourth)
  admin = await saveSettings(site.url, { dailyLimit: "1000" });
}, 60_000);
afterAll(async () => {
  await site?.close();
}, 60_000);

// The pages walked; the rest of the site follows as its screens speak through the catalogs.
const VISITOR_PAGES = [
  "/",
  "/faucet",
  "/faq",
  "/whitepaper",
  "/blog",
  "/blog/welcome-to-the-xrp-faucet",
  "/contact",
  "/advertise",
  "/reviews",
  "/earn-more",
  "/shopping-rewards",
  "/login",
  "/register",
  "/reset-password?token=not-a-token",
  "/this-page-does-not-exist",
];
const USER_PAGES = ["/dashboard", "/dashboard/settings"];

// What may show outside a catalog's message: figures, amounts and punctuation, product names and the
// operator's own words (the site's name), addresses and hashes, the switcher's language names; and
// whatever is marked so: people's and the operator's own content (translate="no": a post, a username)
// and dates and times Intl wrote in the page's language (<time>).
const OWN_WORDS = [
  /\bXRP Faucet\b/g,
  /\bXRP\b/g,
  /\br[1-9A-HJ-NP-Za-km-z]{24,34}\b/g,
  /\b[0-9A-F]{64}\b/g,
  /English|Español|Português \(Brasil\)|Français|Türkçe|Bahasa Indonesia|日本語|한국어/g,
];

// The visible text of the page in reading order with every ⟦...⟧ message taken out (inner ones
// first: a message may carry another as a value); what is left, trimmed, piece by piece.
async function textOutsideCatalogs(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, [hidden], option, time, [translate="no"]')) continue;
      const box = parent.getBoundingClientRect();
      const style = getComputedStyle(parent);
      if (box.width === 0 || box.height === 0 || style.visibility === "hidden") continue;
      parts.push(node.textContent ?? "");
    }
    return parts.join("\u0001");
  });
  let rest = text;
  for (let before = ""; before !== rest; ) {
    before = rest;
    rest = rest.replace(/⟦[^⟦⟧]*⟧/g, " ");
  }
  for (const words of OWN_WORDS) rest = rest.replace(words, " ");
  return rest
    .split("\u0001")
    .map((piece) => piece.trim())
    .filter((piece) => /\p{L}/u.test(piece));
}

// Texts that a box cuts off (overflow hidden or an ellipsis with more text than fits), and whether
// the page is wider than the screen.
async function cutTexts(page: Page, width: number): Promise<string[]> {
  return page.evaluate((screenWidth) => {
    const cut: string[] = [];
    if (document.documentElement.scrollWidth > screenWidth) cut.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
      if (!element.textContent?.includes("⟦")) continue;
      const style = getComputedStyle(element);
      const clips = style.overflowX === "hidden" || style.overflowX === "clip" || style.textOverflow === "ellipsis";
      // (a text for screen readers only sits in a 1 px box on purpose)
      if (clips && element.clientWidth > 1 && element.scrollWidth > element.clientWidth + 1 && element.children.length === 0)
        cut.push(`${element.tagName.toLowerCase()}: ${element.textContent.slice(0, 80)}`);
    }
    return cut;
  }, width);
}

async function findings(page: Page, path: string, width: number): Promise<string[]> {
  return [
    ...(await textOutsideCatalogs(page)).map((text) => `${path}: text from no catalog: "${text}"`),
    ...(await cutTexts(page, width)).map((text) => `${path}: cut: ${text}`),
    ...(await axeViolations(page)).map((v) => `${path}: ${v}`),
  ];
}

async function walk(page: Page, path: string, width: number): Promise<string[]> {
  await page.goto(`/en-XA${path}`);
  await gone(page.getByRole("status", { name: /Loading/ }));
  return look(page, path, width);
}

// The page as it is now (after a click: a dialog, a list, an error under a field).
async function look(page: Page, path: string, width: number): Promise<string[]> {
  await page.waitForLoadState("networkidle");
  // a busy machine may still be painting what came last (a list, a toast leaving): what is found is
  // looked at again for a few seconds, and only what stays is reported
  let found = await findings(page, path, width);
  for (let look = 0; found.length > 0 && look < 3; look++) {
    await page.waitForTimeout(1_000);
    found = await findings(page, path, width);
  }
  return found;
}

let networks = 0;

// A faucet request over the public API, as a person's browser from a network of its own (with
// `context`'s device cookie: that browser's own request); its id.
async function askFaucet(address: string, context?: BrowserContext): Promise<number> {
  const from = { "x-forwarded-for": `10.${200 + ++networks}.0.1` };
  const device = (await context?.cookies())?.find((c) => c.name === "device")?.value;
  const res = await fetch(`${site.url}/api/faucet/request`, {
    method: "POST",
    headers: { ...json, ...from, "user-agent": BROWSER_USER_AGENT, ...(device ? { cookie: `device=${device}` } : {}), ...(await proofFor(site.url, "faucet", from)) },
    body: JSON.stringify({ address }),
  });
  const body = await res.json();
  expect(res.status).toBe(201);
  return body.id;
}

// A request's status page and the lookup, with a request the team rejected and one of this browser's
// waiting, then withdrawn; and a lookup of something that is no address.
async function walkRequests(page: Page, context: BrowserContext, width: number): Promise<string[]> {
  const found: string[] = [];
  const rejected = newAddress();
  const id = await askFaucet(rejected);
  const decided = await fetch(`${site.url}/api/admin/faucet/requests/${id}`, {
    method: "POST",
    headers: { ...json, cookie: admin },
    body: JSON.stringify({ action: "REJECTED", reason: "This address belongs to an exchange." }),
  });
  expect(decided.status).toBe(200);
  found.push(...(await walk(page, `/faucet?lookup=${rejected}#request-${id}`, width)));

  const waiting = newAddress();
  await askFaucet(waiting, context);
  found.push(...(await walk(page, "/faucet", width)));
  const lookup = page.locator("#lookup-address");
  await lookup.fill(waiting);
  await page.locator("form:has(#lookup-address) button[type=submit]").click();
  const row = page.locator("li[id^=request-]").first();
  await row.waitFor();
  found.push(...(await look(page, "the lookup", width)));
  await row.getByRole("button", { name: /Withdraw/ }).click();
  await page.getByRole("dialog").waitFor();
  found.push(...(await look(page, "the withdrawal's question", width)));
  await page.getByRole("dialog").getByRole("button", { name: /Withdraw request/ }).click();
  await page.getByRole("status").filter({ hasText: /withdrawn/ }).first().waitFor();
  await row.getByText(/Why/).waitFor();
  found.push(...(await look(page, "a withdrawn request", width)));
  await lookup.fill("hello");
  await page.locator("form:has(#lookup-address) button[type=submit]").click();
  await page.locator("#lookup-address-error").waitFor();
  found.push(...(await look(page, "a lookup of no address", width)));
  return found;
}

for (const width of [375, 1280]) {
  test.concurrent(`every page walked speaks only through the catalogs, fits and passes axe at ${width} px`, async () => {
    const { context, page } = await site.newPage({ width, height: 800 });
    const found: string[] = [];
    for (const path of VISITOR_PAGES) found.push(...(await walk(page, path, width)));
    found.push(...(await walkRequests(page, context, width)));
    await registerUser(page, `walker${width}`);
    for (const path of USER_PAGES) found.push(...(await walk(page, path, width)));
    expect(found).toEqual([]);
  }, 300_000);
}

test("the pseudo-language shows a message a third longer, wrapped", async () => {
  const { page } = await site.newPage({ width: 1280 });
  await registerUser(page, "pseudo");
  await page.goto("/en-XA/faq");
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("en-XA");
  const logout = await page.getByRole("banner").getByRole("button", { name: /Logout/ }).innerText();
  expect(logout).toBe(`⟦Logout${"~".repeat(2)}⟧`);
}, 60_000);
