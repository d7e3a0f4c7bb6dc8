// The operator's day in a browser, at 1280 and 375 px, each page axe-clean, on a site paying through
// the sandbox ledger: a renamed site says its name everywhere (tab titles, the disclaimer, the page's
// <title>), its seeded posts are dated at the install and the "above posts" ad sits above them with no
// placeholder where no ad is placed; a post's image goes into its text and the preview follows the
// typing; a user's file reads in words and can disable the account, keep a note and reset two-factor
// sign-in; a spam review is rejected and deleted; the audit log's approvals say amount, address and
// reason, its Admin filter only admins; the wallet page lists what it sent and pauses.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { totpCode } from "../../src/auth/totp.ts";
import { proofFor } from "../../src/testing/pow.ts";
import {
  ADMIN,
  axeViolations,
  gone,
  newAddress,
  pngFile,
  PNG_1X1,
  saveSettings,
  seen,
  sessionCookie,
  type Site,
  startSite,
  toasts,
  until,
  USER_PASSWORD,
} from "./support.ts";

const NAME = "Drip Station";
const WIDTHS = [1280, 375] as const;
const json = { "content-type": "application/json" };

let site: Site;
let admin: string; // the admin's session cookie, for the API calls that set the scene
beforeAll(async () => {
  site = await startSite({ args: ["--xrpl", "sandbox", "--sandbox-port", "0"] });
  // bonuses for accounts made a moment ago (the default asks for a day-old account)
  admin = await saveSettings(site.url, { bonusMinAccountAgeHours: 0 });
  const put = (path: string, body: unknown) =>
    fetch(`${site.url}${path}`, { method: "PUT", headers: { ...json, cookie: admin }, body: JSON.stringify(body) });
  expect((await put("/api/admin/site", { name: NAME })).status).toBe(200);
  const banner = await fetch(`${site.url}/api/admin/uploads`, {
    method: "POST",
    headers: { "content-type": "image/png", cookie: admin },
    body: PNG_1X1,
  });
  const { url: imageUrl } = (await banner.json()) as { url: string };
  const ad = await put("/api/admin/ads/leaderboard", { imageUrl, linkUrl: "https://ads.example/x", alt: "Our sponsor" });
  expect(ad.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await site?.close();
}, 60_000);

async function adminPage(width: number, section: string) {
  const { page } = await site.newPage({ width, height: 900 });
  await page.goto("/login");
  await page.getByLabel("Username").fill(ADMIN.username);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL("**/admin");
  await page.goto(section);
  return page;
}
const dialog = (page: Page) => page.getByRole("dialog");

// A registered user (over the API) with a Twitter bonus claimed; returns their id and session cookie.
async function userWithClaim(username: string) {
  const reg = await fetch(`${site.url}/api/register`, {
    method: "POST",
    headers: { ...json, ...(await proofFor(site.url, "register")) },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: USER_PASSWORD }),
  });
  expect(reg.status).toBe(201);
  const cookie = sessionCookie(reg);
  const id = ((await reg.json()) as { user: { id: number } }).user.id;
  await fetch(`${site.url}/api/social/share`, { method: "POST", headers: { ...json, cookie }, body: '{"platform":"Twitter"}' });
  const claim = await fetch(`${site.url}/api/social/bonus-request`, {
    method: "POST",
    headers: { ...json, cookie, ...(await proofFor(site.url, "social-bonus")) },
    body: JSON.stringify({ address: newAddress(), platform: "Twitter" }),
  });
  expect(claim.status).toBe(201);
  return { id, cookie };
}

for (const width of WIDTHS) {
  test(`${width} px: the site's name in the tab, the disclaimer and the page's title; the blog's posts of today under the ad`, async () => {
    const { page } = await site.newPage({ width });
    await page.goto("/faq");
    await until(async () => (await page.title()).endsWith(`| ${NAME}`), `the tab title to end with "| ${NAME}"`);
    const disclaimer = page.getByRole("note", { name: "Disclaimer" });
    await seen(disclaimer.getByText(`${NAME} is not affiliated`));
    expect(await disclaimer.textContent()).not.toContain("XRP Faucet");
    // before the app runs: the server's <title>
    expect(await (await fetch(`${site.url}/faq`)).text()).toContain(`<title>${NAME} - Free XRP Drops</title>`);

    await page.goto("/blog");
    const ad = page.getByRole("complementary", { name: "Advertisement" });
    await seen(ad);
    const first = page.getByRole("heading", { level: 2 }).first();
    await seen(first);
    // the leaderboard is above the first post, not after the first row
    expect((await ad.boundingBox())!.y).toBeLessThan((await first.boundingBox())!.y);
    // no placeholder stands where no ad is placed
    expect(await page.getByText("Sponsored", { exact: true }).count()).toBe(0);
    // the seeded posts are dated at the install: today, not 2024
    const today = new Date().toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" });
    const dates = await page.locator("time").allTextContents();
    expect(dates.length).toBeGreaterThanOrEqual(8);
    expect(dates.filter((d) => d.includes("2024"))).toEqual([]);
    expect(dates[0]).toBe(today);
    expect(await page.title()).toBe(`Latest Updates | ${NAME}`);
    expect(await axeViolations(page)).toEqual([]);
  }, 60_000);

  test(`${width} px: an uploaded image goes into the post's text at the cursor; the preview follows the typing`, async () => {
    const page = await adminPage(width, "/admin/posts/new");
    await page.getByLabel("Title").fill(`Pictures at ${width}`);
    const body = page.getByLabel("Text (Markdown)");
    await body.fill("## Before saving\n\nFirst line.");
    const preview = page.getByRole("region", { name: "Preview" });
    // rendered as it is typed, nothing saved yet
    await seen(preview.getByRole("heading", { name: "Before saving" }));
    await seen(preview.getByText(`Pictures at ${width}`));
    // the cursor after "First line."
    await body.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length));
    await page.getByLabel("Image for the text").setInputFiles(pngFile("harbour-at-dawn.png"));
    const address = page.getByText(/^\/uploads\/[a-f0-9]{32}\.png$/);
    await seen(address);
    const url = (await address.textContent())!;
    await seen(page.getByRole("button", { name: "Copy the image's address" }));
    await page.getByRole("button", { name: "Insert into text" }).click();
    expect(await body.inputValue()).toBe(`## Before saving\n\nFirst line.\n\n![harbour at dawn](${url})`);
    await seen(preview.getByRole("img", { name: "harbour at dawn" }));
    expect(await axeViolations(page)).toEqual([]);
  }, 60_000);

  test(`${width} px: the user file in words; disable (their session ends), a note, reset two-factor`, async () => {
    const username = `spammer${width}`;
    const user = await userWithClaim(username);
    // their two-factor sign-in on, as a user who then loses their phone
    const setup = await fetch(`${site.url}/api/user/two-factor/setup`, {
      method: "POST",
      headers: { ...json, cookie: user.cookie },
      body: JSON.stringify({ password: USER_PASSWORD }),
    });
    const { secret } = (await setup.json()) as { secret: string };
    const enable = await fetch(`${site.url}/api/user/two-factor/enable`, {
      method: "POST",
      headers: { ...json, cookie: user.cookie },
      body: JSON.stringify({ code: totpCode(secret, Date.now()) }),
    });
    expect(enable.status).toBe(200);

    const page = await adminPage(width, `/admin/users/${user.id}`);
    const rewards = page.getByRole("table", { name: "User's rewards" });
    await seen(rewards.getByText("Shared on Twitter"));
    expect(await page.getByText("SOCIAL_SHARE").count()).toBe(0);

    await page.getByLabel("Admins' note (only admins see it)").fill("Three accounts from one phone");
    await page.getByRole("button", { name: "Save note" }).click();
    await seen(toasts(page).getByText("Note saved"));

    await page.getByRole("button", { name: "Reset two-factor sign-in" }).click();
    await seen(dialog(page).getByRole("heading", { name: `Reset ${username}'s two-factor sign-in?` }));
    await dialog(page).getByRole("button", { name: "Reset two-factor sign-in" }).click();
    // handing an account over: the admin's password first (no two-factor sign-in on the sandbox)
    const stepUp = page.getByRole("dialog", { name: "Confirm with your password" });
    await seen(stepUp);
    await stepUp.getByLabel("Your password").fill(ADMIN.password);
    await stepUp.getByRole("button", { name: "Confirm" }).click();
    await seen(toasts(page).getByText("Two-factor sign-in reset"));
    await gone(page.getByRole("button", { name: "Reset two-factor sign-in" }));

    await page.getByRole("button", { name: "Disable account" }).click();
    await seen(dialog(page).getByText("They are signed out everywhere at once"));
    expect(await axeViolations(page)).toEqual([]);
    await dialog(page).getByRole("button", { name: "Disable account" }).click();
    await seen(toasts(page).getByText("Account disabled"));
    await seen(page.getByText(/^Disabled /));
    await seen(page.getByRole("button", { name: "Enable account" }));
    expect(await axeViolations(page)).toEqual([]);

    // their session has ended, and their password no longer signs them in
    expect((await fetch(`${site.url}/api/user`, { headers: { cookie: user.cookie } })).status).toBe(401);
    const { page: theirs } = await site.newPage({ width });
    await theirs.goto("/login");
    await theirs.getByLabel("Username").fill(username);
    await theirs.getByLabel("Password").fill(USER_PASSWORD);
    await theirs.getByRole("button", { name: "Login", exact: true }).click();
    await seen(theirs.getByText("This account is disabled."));
  }, 90_000);

  test(`${width} px: a spam review is rejected, then deleted after a dialog`, async () => {
    const spam = `Cheap XRP ${width} at https://spam.example`;
    const sent = await fetch(`${site.url}/api/reviews/submit`, {
      method: "POST",
      headers: { ...json, cookie: `device=operator-review-${width}-000000000`, ...(await proofFor(site.url, "review")) },
      body: JSON.stringify({ review: spam, rating: 5, name: `Promo${width}` }),
    });
    expect(sent.status).toBe(201);
    const page = await adminPage(width, "/admin/reviews");
    const row = page.getByRole("table", { name: "Reviews to moderate" }).getByRole("row").filter({ hasText: spam });
    await seen(row.getByText("Waiting"));
    await row.getByRole("button", { name: `Reject Promo${width}'s review` }).click();
    await seen(toasts(page).getByText("Review rejected"));
    await seen(row.getByText("Rejected (hidden)"));
    await row.getByRole("button", { name: `Delete Promo${width}'s review` }).click();
    await seen(dialog(page).getByText(spam));
    expect(await axeViolations(page)).toEqual([]);
    await dialog(page).getByRole("button", { name: "Delete review" }).click();
    await seen(toasts(page).getByText("Review deleted"));
    await gone(row);
    expect(await axeViolations(page)).toEqual([]);
  }, 60_000);

  test(`${width} px: an approval in the audit log says amount, address and reason; the wallet lists it and pauses`, async () => {
    const address = newAddress();
    const made = await fetch(`${site.url}/api/faucet/request`, {
      method: "POST",
      headers: { ...json, ...(await proofFor(site.url, "faucet")) },
      body: JSON.stringify({ address }),
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: number };
    const approved = await fetch(`${site.url}/api/admin/faucet/requests/${id}`, {
      method: "POST",
      headers: { ...json, cookie: admin },
      body: JSON.stringify({ action: "APPROVED", reason: `Tester at ${width}` }),
    });
    expect(approved.status).toBe(200);

    const page = await adminPage(width, "/admin/audit");
    const log = page.getByRole("table", { name: "Audit log" });
    await seen(log.getByText(address));
    await seen(log.getByText(`Tester at ${width}`));
    // the Admin filter: the admin, not the users who turned on two-factor sign-in
    const admins = await page.getByLabel("Admin").locator("option").allTextContents();
    expect(admins.filter((a) => a.startsWith("spammer"))).toEqual([]);
    expect(admins).toContain(ADMIN.username);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto("/admin/wallet");
    const sent = page.getByRole("table", { name: "Outgoing payments, newest first" });
    const row = sent.getByRole("row").filter({ hasText: `Faucet request #${id}` });
    await seen(row);
    await seen(row.getByText("Paid"), 30_000);
    await seen(row.getByRole("button", { name: "Copy transaction hash" }));
    // (the last test of the file: the pause stays)
    if (width === 375) {
      await page.getByRole("button", { name: "Pause payouts" }).click();
      await seen(dialog(page).getByText("Nothing more is signed or sent"));
      await dialog(page).getByRole("button", { name: "Pause payouts" }).click();
      await seen(toasts(page).getByText("Payouts paused", { exact: true }));
      await seen(page.getByRole("alert").getByText(/Payouts are paused: siteadmin paused them on the wallet page/));
      await seen(page.getByRole("button", { name: "Resume payouts" }));
    }
    expect(await axeViolations(page)).toEqual([]);
  }, 60_000);
}
