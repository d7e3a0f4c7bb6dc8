// Every wait says when, in the visitor's words, the same on every page; the visitor reads amounts,
// statuses and conditions as a person says them, before the effort. In Chromium at 1280 and 375 px,
// axe-clean:
// - a request made at 22:50 UTC and rejected, seen at 23:18: its status link says "tomorrow at 22:50
//   UTC (in 23 h 32 min)", and the home page's countdown and /faucet (which said "You can make a
//   request now" for the same browser) say the same sentence;
// - offline, the home page's claim box says why and its button is disabled with that reason;
// - a device the faucet never paid reads the reviewer bonus's condition before writing a review,
//   and is offered no bonus after it; Earn More names the account age the setting holds.
//
// The site stands on a fake clock (startSite({ at }), support.ts): the words depend on the time of
// day. The date is in the future, as the session cookie's Expires is judged by the real clock.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import {
  ADMIN,
  axeViolations,
  BROWSER_USER_AGENT,
  newAddress,
  seen,
  sessionCookie,
  type SiteOnClock,
  startSite,
  until,
} from "./support.ts";

const AT = Date.UTC(2099, 0, 15, 22, 50);
const MINUTE = 60_000;
const json = { "content-type": "application/json" };
// every request pays exactly 5 XRP; the bonus account age is not the default 24 hours
const SETTINGS = { minAmount: "5", maxAmount: "5", dailyLimit: "1000", powDifficulty: 0, bonusMinAccountAgeHours: 36 };

let site: SiteOnClock;
let admin = "";

const saveSettings = async (changes: Record<string, unknown>) => {
  const res = await fetch(`${site.url}/api/admin/faucet/settings`, {
    method: "POST",
    headers: { ...json, cookie: admin },
    body: JSON.stringify({ ...SETTINGS, ...changes }),
  });
  expect(res.status).toBe(200);
};

beforeAll(async () => {
  site = await startSite({ at: AT, trustProxy: true });
  const login = await fetch(`${site.url}/api/login`, { method: "POST", headers: json, body: JSON.stringify(ADMIN) });
  expect(login.status).toBe(200);
  admin = sessionCookie(login);
  await saveSettings({});
}, 60_000);
afterAll(async () => {
  await site?.close();
}, 60_000);

// (the minutes round up: a few seconds of the browser's run on the clock make 23 h 32 min or 31)
const TOMORROW_AT_2250 = String.raw`tomorrow at 22:50 UTC \(in 23 h 3[12] min\)`;
const timerText = async (page: Page) => (await page.getByRole("timer").textContent())?.trim() ?? "";

for (const width of [1280, 375]) {
  describe(`at ${width} px`, () => {
    test("a wait that ends tomorrow says so, the same on the status link, the home page and /faucet; amounts and statuses in words", async () => {
      site.clock.set(AT);
      const { page } = await site.newPage({ width, height: 812, userAgent: BROWSER_USER_AGENT });
      await page.goto("/");
      const address = newAddress();
      await page.locator("main").getByLabel("XRP wallet address").fill(address);
      await page.getByRole("button", { name: "Claim Free XRP" }).click();
      const received = page.getByRole("status").filter({ hasText: "received for" });
      await seen(received);
      const id = Number((await received.textContent())?.match(/#(\d+)/)?.[1]);
      expect(await received.textContent()).toContain("received for 5 XRP:");
      expect(await received.textContent()).toContain("Waiting for review");
      expect(await received.textContent()).not.toMatch(/5\.000000|PENDING/);

      // rejected by the admin, and read 28 minutes later
      const reason = "This address belongs to an exchange: use a wallet you control.";
      const decided = await fetch(`${site.url}/api/admin/faucet/requests/${id}`, {
        method: "POST",
        headers: { ...json, cookie: admin },
        body: JSON.stringify({ action: "REJECTED", reason }),
      });
      expect(decided.status).toBe(200);
      site.clock.advance(28 * MINUTE);
      await page.clock.setSystemTime(site.clock());

      await received.getByRole("link", { name: `Status of request #${id}` }).click();
      await page.waitForURL(`**/faucet?lookup=${address}#request-${id}`);
      const looked = page.locator(`#request-${id}`);
      await seen(looked.getByText("Rejected", { exact: true }));
      expect(await looked.textContent()).toContain("5 XRP");
      expect(await looked.textContent()).toMatch(
        new RegExp(`You can request again for this address ${TOMORROW_AT_2250}, with the reason above in mind\\.`),
      );
      expect(await looked.textContent()).not.toMatch(/REJECTED|5\.000000/);
      // the faucet's panel says the browser's wait, not "You can make a request now."
      const sentence = new RegExp(
        `^This address already requested XRP in the last 24 hours\\. You can request again for this address ${TOMORROW_AT_2250}\\.$`,
      );
      await until(async () => sentence.test(await timerText(page)), "/faucet's wait for the address this browser asked for");
      const onFaucet = await timerText(page);
      expect(await axeViolations(page)).toEqual([]);

      // the home page's countdown for the same browser: the same sentence
      await page.goto("/");
      await until(
        async () => sentence.test((await timerText(page)).replace(/^Welcome back\. /, "")),
        "the home page's countdown",
      );
      expect((await timerText(page)).replace(/^Welcome back\. /, "").slice(0, 60)).toBe(onFaucet.slice(0, 60));
      expect(await axeViolations(page)).toEqual([]);
    }, 90_000);

    test("offline, the home page's claim box says why and its button is disabled with that reason", async () => {
      await saveSettings({ enabled: false });
      try {
        const { page } = await site.newPage({ width, height: 812 });
        await page.goto("/");
        const box = page.locator("main");
        const notice = box.getByRole("status").filter({ hasText: "The faucet is offline right now. Please try again later." });
        await seen(notice);
        // plainly, in words as wide as the form (not a small dot)
        expect((await notice.boundingBox())!.width).toBeGreaterThan(width === 375 ? 250 : 400);
        const button = box.getByRole("button", { name: "Claim Free XRP" });
        expect(await button.isDisabled()).toBe(true);
        const described = await button.getAttribute("aria-describedby");
        expect(await page.locator(`#${described}`).textContent()).toBe("The faucet is offline right now. Please try again later.");
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await saveSettings({ enabled: true });
      }
    }, 60_000);

    test("a device the faucet never paid reads the reviewer bonus's condition before writing, and is offered none after", async () => {
      const { page } = await site.newPage({ width, height: 812 });
      await page.goto("/reviews");
      const note = page.getByRole("complementary", { name: "Reviewer bonus" });
      await seen(note.getByText("No reviewer bonus for a review from this device yet."));
      expect(await note.textContent()).toContain("an address the faucet has already paid from this device");
      expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel("Rating").selectOption("5");
      await page.getByLabel("Your review").fill("Clear about what happens, paid after review.");
      await page.getByRole("button", { name: "Submit Review" }).click();
      await seen(page.getByRole("heading", { name: "Thank you for your review!" }));
      expect(await page.getByRole("button", { name: "Claim Reviewer Bonus" }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
    }, 60_000);

    test("Earn More names every condition of the social bonus, the account age as the setting holds it", async () => {
      const { page } = await site.newPage({ width, height: 812 });
      await page.goto("/earn-more");
      const conditions = page.getByRole("region", { name: "Who can claim, and when" });
      await seen(conditions.getByText("A registered account at least 36 hours old", { exact: false }));
      const text = await conditions.textContent();
      expect(text).toContain("within an hour of that share");
      expect(text).toContain("One claim per platform every 7 days (5 XRP each)");
      expect(text).toContain("per payout address");
      expect(await page.getByText("paid from your device (one per address)", { exact: false }).count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
    }, 60_000);
  });
}
