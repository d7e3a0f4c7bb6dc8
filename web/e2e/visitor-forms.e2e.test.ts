// A visitor's forms and the home page's small frictions, on a desktop and at 375 px: a malformed
// address is refused under its field before any anti-bot proof, with the focus there; a bad e-mail
// on register is said under its field; "Sign Up Free" opens the Register tab; a long registration says
// what it is doing; the contact form confirms in the page; the dashboard explains points and the
// streak with the faucet's own figures; a visitor withdraws a waiting request after confirming; the
// payouts feed sits by the claim box, one claim button, the floating badge off the confirmation;
// Escape gives the focus back to what opened a dialog or a menu.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { INVALID_EMAIL } from "../../src/shared/email.ts";
import { INVALID_ADDRESS } from "../../src/shared/forms.ts";
import { MAX_STREAK_POINTS, POINTS_PER_CLAIM, POINTS_PER_STREAK_DAY } from "../../src/shared/points.ts";
import { axeViolations, errorUnder, gone, isFocused, logInAsAdmin, newAddress, registerUser, seen, startSite, toasts, until, type Site } from "./support.ts";

let site: Site;
beforeAll(async () => {
  // --trust-proxy: each page a visitor of its own network (the forms' limits count per network)
  site = await startSite({ args: ["--trust-proxy"] });
}, 60_000);
afterAll(async () => {
  await site?.close();
}, 60_000);

// The POSTs a page sends to `path` from now on.
function posts(page: Page, path: string): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === path) sent.push(request.url());
  });
  return sent;
}

// A request for a new address from /faucet, confirmed in the page: its number.
async function claimOnFaucet(page: Page): Promise<number> {
  await page.goto("/faucet");
  await page.locator("main").getByLabel("XRP wallet address").fill(newAddress());
  await page.getByRole("button", { name: "Claim Your XRP Drops" }).click();
  const received = page.getByRole("status").filter({ hasText: "received for" });
  await seen(received);
  return Number((await received.textContent())?.match(/#(\d+)/)?.[1]);
}

let users = 0;

for (const width of [1280, 375]) {
  describe(`at ${width} px`, () => {
    test("a malformed address is refused under its field before any proof of work, with the focus on the field", async () => {
      const { page } = await site.newPage({ width });
      const sent = posts(page, "/api/faucet/request");
      for (const [path, button] of [
        ["/", "Claim Free XRP"],
        ["/faucet", "Claim Your XRP Drops"],
      ] as const) {
        await page.goto(path);
        const field = page.locator("main").getByLabel("XRP wallet address");
        // a letter the ledger never writes (0), and one too few
        for (const typo of [`${newAddress().slice(0, -1)}0`, newAddress().slice(0, 24)]) {
          await field.fill(typo);
          await page.locator("main").getByRole("button", { name: button }).click();
          await until(async () => (await errorUnder(field)) === INVALID_ADDRESS, `the error under the field on ${path}`);
          await until(() => isFocused(field), `the focus on the field on ${path}`);
        }
        expect(await field.getAttribute("aria-invalid")).toBe("true");
        expect(await axeViolations(page)).toEqual([]);
      }
      expect(sent).toEqual([]);
    }, 60_000);

    test("'Sign Up Free' opens Register; a bad e-mail is said under its field; a long registration says what it does", async () => {
      const { page } = await site.newPage({ width });
      await page.goto("/");
      await page.getByRole("link", { name: "Sign Up Free" }).click();
      await page.waitForURL("**/register");
      await seen(page.getByRole("tab", { name: "Register", selected: true }));

      const sent = posts(page, "/api/register");
      const username = `visitor${width}x${++users}`;
      await page.getByLabel("Username").fill(username);
      const email = page.getByLabel("Email");
      await page.getByLabel("Password").fill("a long and quiet passphrase");
      // what the browser takes for an e-mail address and the faucet does not (no top-level name), and
      // what the browser refuses itself
      for (const bad of ["ada@example", "ada"]) {
        await email.fill(bad);
        await page.getByRole("button", { name: "Register", exact: true }).click();
        await until(async () => (await errorUnder(email)) === INVALID_EMAIL, `the error under the e-mail field for ${bad}`);
        await until(() => isFocused(email), "the focus on the e-mail field");
      }
      expect(sent).toEqual([]);
      expect(await toasts(page).getByText(INVALID_EMAIL).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      // the registration held on its way, so its wait can be seen
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/api/register", async (route) => {
        await held;
        await route.continue();
      });
      await email.fill(`${username}@example.com`);
      await page.getByRole("button", { name: "Register", exact: true }).click();
      await seen(page.getByRole("status").getByText("Creating your account: checking the password and the anti-bot proof"));
      expect(await axeViolations(page)).toEqual([]);
      release();
      await page.waitForURL("**/dashboard");
    }, 60_000);

    test("the dashboard says what points and the streak are, with the faucet's own figures, at 0; a request is withdrawn there", async () => {
      const { page } = await site.newPage({ width });
      await registerUser(page, `points${width}x${++users}`);
      const explained = page.getByTestId("points-explained");
      await seen(explained);
      const text = (await explained.textContent()) ?? "";
      expect(text).toContain(
        `each faucet request you make while signed in earns ${POINTS_PER_CLAIM} points, plus ${POINTS_PER_STREAK_DAY} for each day of your streak (at most ${MAX_STREAK_POINTS} more)`,
      );
      expect(text).toContain("They are not XRP and are not paid out.");
      expect(text).toContain("Yours starts with your first request while signed in.");
      expect(await axeViolations(page)).toEqual([]);

      // a request made signed in is withdrawn from the dashboard's list
      const id = await claimOnFaucet(page);
      await page.goto("/dashboard");
      await page.getByRole("button", { name: `Withdraw request #${id}` }).click();
      await page.getByRole("dialog", { name: "Withdraw this request?" }).getByRole("button", { name: "Withdraw request" }).click();
      await seen(page.getByRole("status").filter({ hasText: `Request #${id} is withdrawn` }));
      await seen(page.getByText("Reason: Withdrawn by the visitor"));
      expect(await axeViolations(page)).toEqual([]);
      // the reason the product wrote reads in the page's language
      await page.goto("/ja/dashboard");
      await seen(page.getByText("理由：送信者が取り下げました"));
    }, 60_000);

    test("the contact form confirms in the page, with the focus on the confirmation", async () => {
      const { page } = await site.newPage({ width });
      await page.goto("/contact");
      await page.getByLabel("Your name").fill("Ada");
      await page.getByLabel("Your email").fill("ada@example.com");
      await page.getByLabel("Message").fill("My request waits: is that normal?");
      await page.getByRole("button", { name: "Send Message" }).click();
      const confirmation = page.locator("main").getByRole("status").filter({ hasText: "Message sent" });
      await seen(confirmation, 45_000);
      expect(await confirmation.textContent()).toContain("Your message has reached the site's team");
      await until(() => isFocused(confirmation), "the focus on the confirmation");
      expect(await page.getByRole("button", { name: "Send Message" }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Write another message" }).click();
      await seen(page.getByLabel("Your name"));
    }, 60_000);

    test("a visitor withdraws a waiting request after confirming; Escape keeps it and gives the focus back", async () => {
      const { page } = await site.newPage({ width, height: 900 });
      const id = await claimOnFaucet(page);
      const row = page.getByRole("listitem", { name: `Request #${id}` }).first();
      const withdraw = row.getByRole("button", { name: `Withdraw request #${id}` });
      await seen(withdraw);

      await withdraw.click();
      const dialog = page.getByRole("dialog", { name: "Withdraw this request?" });
      await seen(dialog);
      expect(await dialog.textContent()).toContain(`Request #${id}`);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await gone(dialog);
      await until(() => isFocused(withdraw), "the focus back on the Withdraw button");
      await seen(row.getByText("Waiting for review", { exact: true }));

      await withdraw.click();
      await dialog.getByRole("button", { name: "Withdraw request" }).click();
      const notice = page.getByRole("status").filter({ hasText: `Request #${id} is withdrawn` });
      await seen(notice);
      await until(() => isFocused(notice), "the focus on what the withdrawal did");
      await seen(row.getByText("Rejected", { exact: true }));
      await seen(row.getByText("Withdrawn by the visitor"));
      expect(await row.getByRole("button", { name: /Withdraw/ }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
    }, 60_000);

    test("the payouts feed sits by the claim box, one claim button in the hero, the badge off the confirmation", async () => {
      const { page } = await site.newPage({ width, height: 812 });
      await page.goto("/");
      const box = page.locator("main form").first();
      const feed = page.getByRole("heading", { name: "Latest payouts" });
      await seen(feed);
      const [claim, heading] = [(await box.boundingBox())!, (await feed.boundingBox())!];
      if (width >= 1024) expect(Math.abs(heading.y - claim.y)).toBeLessThan(120);
      else expect(heading.y - (claim.y + claim.height)).toBeLessThan(400);
      expect(heading.y).toBeLessThan(width >= 1024 ? 900 : 1600);
      expect(await page.getByRole("link", { name: "Get Free XRP" }).count()).toBe(0);

      await page.locator("main").getByLabel("XRP wallet address").fill(newAddress());
      await page.locator("main").getByRole("button", { name: "Claim Free XRP" }).click();
      const received = page.getByRole("status").filter({ hasText: "received for" });
      await seen(received);
      await received.scrollIntoViewIfNeeded();
      // (on a phone the badge steps aside while the confirmation shows)
      const badge = page.locator("button[data-state]");
      const [a, b] = [await received.boundingBox(), (await badge.isVisible()) ? await badge.boundingBox() : null];
      const covers = b !== null && a!.x < b.x + b.width && b.x < a!.x + a!.width && a!.y < b.y + b.height && b.y < a!.y + a!.height;
      expect(covers).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
    }, 60_000);

    test("Escape closing a dialog, the phone menu or the notifications gives the focus back to what opened it", async () => {
      // an admin's reject dialog, opened from a request's row (the rows are drawn again as it opens)
      const visitor = (await site.newPage({ width })).page;
      const id = await claimOnFaucet(visitor);
      const admin = (await site.newPage({ width })).page;
      await logInAsAdmin(admin);
      await admin.goto("/admin/requests");
      const reject = admin.getByRole("button", { name: `Reject request ${id}`, exact: true });
      await reject.click();
      await seen(admin.getByRole("dialog"));
      await admin.keyboard.press("Escape");
      await gone(admin.getByRole("dialog"));
      await until(() => isFocused(reject), "the focus back on the row's Reject button");

      const { page } = await site.newPage({ width });
      await registerUser(page, `escape${width}x${++users}`);
      if (width < 768) {
        const menu = page.getByRole("button", { name: "Open menu" });
        await menu.click();
        await seen(page.getByRole("dialog", { name: "Menu" }));
        await page.keyboard.press("Escape");
        await gone(page.getByRole("dialog", { name: "Menu" }));
        await until(() => isFocused(menu), "the focus back on the menu button");
      }
      const bell = page.getByTestId("notification-bell");
      await bell.click();
      await seen(page.locator("#notification-list"));
      await page.keyboard.press("Escape");
      await gone(page.locator("#notification-list"));
      await until(() => isFocused(bell), "the focus back on the bell");
      expect(await axeViolations(page)).toEqual([]);
    }, 60_000);
  });
}
