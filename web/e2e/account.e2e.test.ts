// The registered user's screens as a person uses them: the dashboard's tabs, the sharing bonus and /earn-more.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { newAddress, registerUser, saveSettings, type Site, startSite, toasts } from "./support.ts";

let site: Site;
beforeAll(async () => {
  // --trust-proxy: each page is a visitor of its own network (support.ts), so the proof of work of
  // each form costs what one visitor's does, not more with every page of this file
  site = await startSite({ args: ["--trust-proxy"] });
  // bonuses for the accounts these tests make a moment before claiming (the default asks for a
  // day-old account), and a bonus budget whose hourly slice holds this file's two claims at any hour
  // (the default 50 XRP a day releases one 5 XRP claim in the day's first hours)
  await saveSettings(site.url, { bonusMinAccountAgeHours: 0, bonusDailyLimit: "1000" });
}, 60_000);
afterAll(async () => {
  await site?.close();
}, 60_000);

const seen = (locator: Locator) => locator.waitFor({ state: "visible" });
const gone = (locator: Locator) => locator.waitFor({ state: "hidden" });

// E2E_SCREENSHOTS=/some/dir keeps screenshots of the screens for a person to look at.
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

// The share services are answered locally, so a share window never reaches the internet.
async function stubShareServices(context: BrowserContext) {
  await context.route(/^https:\/\/(www\.)?(facebook|twitter|linkedin)\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>share</title>" }),
  );
}

async function register(page: Page, username: string) {
  await registerUser(page, username);
  await seen(page.getByText(`Welcome, ${username}`));
}

function profile(page: Page) {
  const card = page.getByRole("region", { name: "Profile" });
  return (label: string) => card.locator("div", { has: page.locator("dt", { hasText: label }) }).locator("dd").first();
}

describe("the dashboard", () => {
  test("a new user sees a zero balance, an empty profile and the empty states of both lists; the tabs work by keyboard", async () => {
    const { page } = await site.newPage({ width: 375, height: 800 });
    await register(page, "nina");
    expect(await page.getByTestId("points-balance").innerText()).toContain("0 points");
    expect(await page.getByRole("region", { name: "Profile" }).getByText(/drops/i).count()).toBe(0); // points are never called drops
    const row = profile(page);
    expect(await row("Email").innerText()).toBe("nina@example.com");
    expect(await row("XRP address").innerText()).toBe("Not set: add one");
    expect(await row("Owed to you").innerText()).toBe("0 XRP");
    expect(await row("Paid to you").innerText()).toBe("0 XRP");
    expect(await row("Points").innerText()).toBe("0");
    expect(await row("Daily streak").innerText()).toBe("0 days");
    expect(await row("Last claim").innerText()).toBe("Never");

    const requestsTab = page.getByRole("tab", { name: "Faucet Requests" });
    expect(await requestsTab.getAttribute("aria-selected")).toBe("true");
    const requestsPanel = page.getByRole("tabpanel", { name: "Faucet Requests" });
    await seen(requestsPanel.getByRole("heading", { name: "No faucet requests yet" }));
    expect(await requestsPanel.getByRole("link", { name: "Go to the faucet" }).getAttribute("href")).toBe("/faucet");
    await shot(page, "dashboard-empty-375");

    await requestsTab.focus();
    await page.keyboard.press("ArrowRight");
    const rewardsTab = page.getByRole("tab", { name: "Rewards" });
    expect(await rewardsTab.getAttribute("aria-selected")).toBe("true");
    expect(await rewardsTab.evaluate((el) => el === document.activeElement)).toBe(true);
    const rewardsPanel = page.getByRole("tabpanel", { name: "Rewards" });
    await seen(rewardsPanel.getByRole("heading", { name: "No rewards yet" }));
    await seen(rewardsPanel.getByText("Complete activities"));
    expect(await requestsPanel.isVisible()).toBe(false);

    await page.keyboard.press("End");
    const earnPanel = page.getByRole("tabpanel", { name: "Earn More" });
    await seen(earnPanel.getByRole("button", { name: "Share on Twitter" }));
    expect(await earnPanel.getByRole("link", { name: /Daily Faucet/ }).getAttribute("href")).toBe("/faucet");
    await seen(earnPanel.getByText("Claim free XRP every 24 hours"));
    expect(await earnPanel.getByRole("link", { name: /Write Reviews/ }).getAttribute("href")).toBe("/reviews");
    for (const soon of ["Staking Rewards", "Referral Program", "Achievement Rewards", "Educational Quests"]) {
      await seen(earnPanel.getByText(soon, { exact: true }));
    }
    await shot(page, "dashboard-earn-375");
    await page.keyboard.press("Home");
    expect(await requestsTab.getAttribute("aria-selected")).toBe("true");
  }, 30_000);

  test("a faucet request shows as PENDING in yellow; a Twitter share and a bonus claim show in Rewards", async () => {
    const { context, page } = await site.newPage();
    await stubShareServices(context);
    await register(page, "oscar");

    await page.getByRole("region", { name: "Profile" }).getByRole("link", { name: "Request XRP Drop" }).click();
    await page.waitForURL("**/faucet");
    await page.getByLabel("XRP wallet address").fill(newAddress());
    await page.getByRole("button", { name: "Claim Your XRP Drops" }).click();
    await seen(page.getByRole("region", { name: "Notifications" }).getByText("Request Submitted Successfully!"));

    await page.getByRole("navigation", { name: "Main" }).waitFor();
    await page.getByRole("link", { name: "Dashboard", exact: true }).click();
    await page.waitForURL("**/dashboard");
    const requests = page.getByRole("list", { name: "Faucet requests" });
    await seen(requests);
    const item = requests.getByRole("listitem");
    expect(await item.count()).toBe(1);
    expect(await item.innerText()).toMatch(/\d+(\.\d+)? XRP/);
    await seen(item.getByText("just now"));
    const badge = item.getByTestId("status-badge");
    expect(await badge.innerText()).toBe("Waiting for review");
    expect(await badge.getAttribute("data-tone")).toBe("yellow");
    expect(await badge.getAttribute("class")).toContain("bg-yellow-100");
    // the claim counted for the user: points, streak and last claim
    await seen(page.getByTestId("points-balance").getByText("10 points"));
    const row = profile(page);
    expect(await row("Daily streak").innerText()).toBe("1 day");
    expect(await row("Last claim").innerText()).toBe("just now");
    await shot(page, "dashboard-requests-1280");

    await page.getByRole("tab", { name: "Earn More" }).click();
    const earn = page.getByRole("tabpanel", { name: "Earn More" });
    const popup = context.waitForEvent("page");
    await earn.getByRole("button", { name: "Share on Twitter" }).click();
    const shareWindow = await popup;
    await shareWindow.waitForURL(/twitter\.com/);
    const shared = new URL(shareWindow.url());
    expect(shared.pathname).toBe("/intent/tweet");
    expect(shared.searchParams.get("hashtags")).toBe("XRP,FreeCrypto,Faucet");
    expect(shared.searchParams.get("url")).toBe(`${site.url}/faucet`);
    await shareWindow.close();
    await seen(toasts(page).getByText("Thanks for sharing!"));
    await seen(toasts(page).getByText("Now submit your wallet address below to claim your bonus."));

    const claimButton = earn.getByRole("button", { name: "Claim Social Bonus (5 XRP)" });
    const field = earn.getByLabel("XRP wallet address");
    await claimButton.click();
    await seen(earn.getByRole("alert").getByText("XRP wallet address is required"));
    await field.fill("  rShort ");
    await claimButton.click();
    await seen(earn.getByText("Please enter a valid XRP wallet address (starts with 'r')"));
    const address = newAddress();
    await field.fill(` ${address} `);
    await shot(page, "dashboard-earn-form-1280");
    await claimButton.click();
    await seen(toasts(page).getByText("Social Sharing Bonus Submitted!"));
    await gone(field);

    // the user was reread: the claimed address is now theirs
    await seen(profile(page)("XRP address").getByText(address));
    await page.getByRole("tab", { name: "Rewards" }).click();
    const rewards = page.getByRole("list", { name: "Rewards" });
    const reward = rewards.getByRole("listitem");
    await seen(reward);
    expect(await reward.count()).toBe(1);
    expect(await reward.innerText()).toContain("5 XRP");
    await seen(reward.getByText("Social sharing bonus (Twitter)", { exact: false }));
    expect(await reward.getByTestId("status-badge").innerText()).toBe("Waiting for review");
    await shot(page, "dashboard-rewards-1280");
  }, 40_000);
});

describe("/earn-more", () => {
  test("logged out: a login notice, and a share only says 'Login Required' without recording anything", async () => {
    const { context, page } = await site.newPage({ width: 375, height: 800 });
    await stubShareServices(context);
    const apiCalls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/social/share") || request.url().includes("/api/social/bonus-request")) apiCalls.push(request.url());
    });
    await page.goto("/earn-more");
    await seen(page.getByRole("heading", { name: "Login required to claim bonuses" }));
    expect(await page.getByRole("link", { name: /Log in or create a free account/ }).getAttribute("href")).toBe("/login");
    await seen(page.getByText("5 XRP per platform, up to 15 XRP per week."));
    for (const reward of ["+50 XRP", "+100 XRP", "+25 XRP"]) await seen(page.getByText(reward, { exact: true }));
    expect(await page.getByRole("link", { name: "Write a review" }).getAttribute("href")).toBe("/reviews");
    expect(await page.getByRole("link", { name: "Claim free XRP" }).getAttribute("href")).toBe("/faucet");

    const popup = context.waitForEvent("page");
    await page.getByRole("button", { name: "Share on Facebook" }).click();
    const shareWindow = await popup;
    await shareWindow.waitForURL(/facebook\.com\/sharer\/sharer\.php/);
    await shareWindow.close();
    await seen(toasts(page).getByText("Login Required"));
    await seen(toasts(page).getByText("Please log in to claim social sharing bonuses. You can still share to help spread the word!"));
    await shot(page, "earn-more-logged-out-375");
    expect(await page.getByLabel("XRP wallet address").count()).toBe(0);
    expect(apiCalls).toEqual([]);
  }, 30_000);

  test("logged in: a LinkedIn share is recorded and the claim form sends the bonus request for LinkedIn", async () => {
    const { context, page } = await site.newPage();
    await stubShareServices(context);
    await register(page, "petra");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Earn More" }).click();
    await page.waitForURL("**/earn-more");
    expect(await page.getByRole("heading", { name: "Login required to claim bonuses" }).count()).toBe(0);

    const popup = context.waitForEvent("page");
    await page.getByRole("button", { name: "Share on LinkedIn" }).click();
    const shareWindow = await popup;
    await shareWindow.waitForURL(/linkedin\.com\/sharing\/share-offsite/);
    await shareWindow.close();
    await seen(toasts(page).getByText("Share Recorded!"));

    const field = page.getByLabel("XRP wallet address");
    await page.getByRole("button", { name: "Claim", exact: true }).click();
    await seen(page.getByText("XRP wallet address is required"));
    await field.fill(newAddress());
    await shot(page, "earn-more-form-1280");
    await page.getByRole("button", { name: "Claim", exact: true }).click();
    await seen(toasts(page).getByText("Social Sharing Bonus Submitted!"));
    await gone(field);

    const rewards = await page.evaluate(async () => (await fetch("/api/user/rewards-history")).json());
    expect(rewards).toMatchObject([{ type: "SOCIAL_SHARE", platform: "LinkedIn", status: "PENDING", amount: "5.000000" }]);

    // a second claim for LinkedIn this week is refused with the server's message
    await page.getByRole("button", { name: "Share on LinkedIn" }).click();
    await seen(toasts(page).getByText("Share Recorded!"));
    await page.getByLabel("XRP wallet address").fill(newAddress());
    await page.getByRole("button", { name: "Claim", exact: true }).click();
    const toast = toasts(page).getByTestId("toast");
    await seen(toast.getByText("Error", { exact: true }));
    await seen(toast.getByText(/You already claimed the LinkedIn bonus this week/));
    await page.getByRole("button", { name: "Close", exact: true }).click();
    await gone(page.getByLabel("XRP wallet address"));
  }, 30_000);
});

describe("/login without mail", () => {
  for (const width of [1280, 375]) {
    test(`'Forgot password?' says to contact the site's admin, and links to the contact form, when the site sends no email (${width} px)`, async () => {
      const { page } = await site.newPage({ width, height: 800 });
      await page.goto("/login");
      await page.getByRole("button", { name: "Forgot password?" }).click();
      await seen(page.getByText("Contact the site's admin to reset your password."));
      expect(await page.getByLabel("Your account's email").count()).toBe(0);
      await page.getByRole("link", { name: "Write to the site's team" }).click();
      await seen(page.getByRole("heading", { name: "Contact Us", level: 1 }));
      await seen(page.getByLabel("Message"));
    }, 30_000); // (bun's default 5 s is too short for a new browser page on a busy machine)
  }
});
