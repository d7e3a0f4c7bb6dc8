// Two-factor sign-in in the browser, against the built binary on a site paying on a real ledger (an
// XRPL server address nobody answers on: its admins must use two-factor sign-in): a user turns it on
// from the settings page (the key read off the page, codes made as a phone makes them), saves the
// recovery codes, logs in with a code and with a recovery code, sees a session used from another
// network and browser flagged, and ends their other sessions; the admin can open nothing but the
// setup until it is on (set up with the code --seed-admin printed on the console), sees the admins'
// sign-ins, confirms money actions with a code in the step-up dialog, and a session used from
// another network asks for a code before anything else. At 1280 and 375 px, each screen checked by
// axe-core.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { Wallet } from "xrpl";
import { totpCode } from "../../src/auth/totp.ts";
import { proofFor } from "../../src/testing/pow.ts";
import { ADMIN, gone, logIn, newAddress, registerUser, seen, type Site, startSite, toasts, until, USER_PASSWORD } from "./support.ts";

let site: Site;
beforeAll(async () => {
  const wallet = Wallet.generate();
  site = await startSite({ args: ["--trust-proxy"], env: { XRPL_URL: "ws://127.0.0.1:9", XRPL_SEED: wallet.seed!, XRPL_ADDRESS: wallet.classicAddress } });
}, 60_000);
afterAll(async () => {
  await site?.close();
}, 60_000);

const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

async function axe(page: Page, where: string) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(result.violations.map((v) => `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function logout(page: Page) {
  await page.evaluate(() => fetch("/api/logout", { method: "POST" }));
  await page.goto("/login");
}

// The code a phone shows now, and the one it shows next (each step's code is taken once: a second
// code needs the next step's, which the server accepts a step early).
const codeNow = (secret: string) => totpCode(secret, Date.now());
const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);
// A 6-digit code that is not the current one.
const wrongCode = (secret: string) => String((Number(codeNow(secret)) + 500_000) % 1_000_000).padStart(6, "0");

// On the settings page (or the admin's setup screen): "Set up" with the password (or the admin's setup
// code from the console: a wrong one first), a wrong code, then the right one; answers the key read
// off the page and the ten recovery codes shown once (downloaded as well).
// `axeAt`: the widths both steps are checked by axe-core at (the page is left at the last).
async function turnOn(page: Page, where: string, proof: { password: string } | { setupCode: string }, axeAt: number[] = []): Promise<{ secret: string; codes: string[] }> {
  const checkAt = async (what: string) => {
    for (const width of axeAt) {
      await page.setViewportSize({ width, height: 900 });
      await axe(page, `${where} at ${width} px: ${what}`);
    }
  };
  if ("password" in proof) {
    await page.getByLabel("Your password").fill(proof.password);
  } else {
    const field = page.getByLabel("Setup code from the server's console");
    await field.fill("abcd-efgh-jkmn-pqrs");
    await page.getByRole("button", { name: "Set up" }).click();
    await seen(page.getByText("That setup code is not right, or it has expired or been used. Ask the operator to run --seed-admin on the server's console for a new one."));
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    await axe(page, `${where}: a wrong setup code`);
    await field.fill(proof.setupCode);
  }
  await page.getByRole("button", { name: "Set up" }).click();
  await seen(page.getByRole("img", { name: "QR code to add XRP Faucet to your authenticator app" }));
  const secret = (await page.getByTestId("two-factor-secret").textContent())!.replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const field = page.getByLabel("Code from the app");
  expect(await field.getAttribute("inputmode")).toBe("numeric");
  expect(await field.getAttribute("autocomplete")).toBe("one-time-code");
  await checkAt("setting up");
  await field.fill(wrongCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await seen(page.getByText("That code is not right. Check the time on your phone and enter the newest code."));
  expect(await field.getAttribute("aria-invalid")).toBe("true");
  await field.fill(codeNow(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await seen(page.getByRole("heading", { name: "Save your recovery codes" }));
  const codes = await page.getByTestId("recovery-codes").getByRole("listitem").allTextContents();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download as .txt" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^xrp-faucet-recovery-codes-.+\.txt$/);
  const file = readFileSync((await download.path())!, "utf8");
  for (const code of codes) expect(file).toContain(code);
  await checkAt("the recovery codes");
  await page.getByRole("button", { name: "I saved them" }).click();
  return { secret, codes };
}

// The user's screens at both widths in one session each (a width is a viewport size: signing up and
// logging in again for each would double the test's time).
test("a user turns on two-factor sign-in, logs in with a code and with a recovery code, and ends their other sessions", async () => {
  const { page } = await site.newPage({ width: 1280, height: 900 });
  const username = "guarded";
  await registerUser(page, username);
  await page.getByRole("link", { name: "Settings" }).click();
  await page.waitForURL("**/dashboard/settings");
  const section = page.getByRole("region", { name: "Two-factor sign-in" });
  await seen(section.getByText("Off."));
  const { secret, codes } = await turnOn(page, "/dashboard/settings", { password: USER_PASSWORD }, [375, 1280]);
  await seen(section.getByText("Two-factor sign-in is on."));
  await seen(section.getByText("You have 10 recovery codes left."));
  await gone(page.getByTestId("recovery-codes"));

  // the password, then the code (at 375 px)
  await page.setViewportSize({ width: 375, height: 900 });
  await logout(page);
  await logIn(page, username, USER_PASSWORD);
  const code = page.getByLabel("Authentication code");
  await seen(code);
  expect(await code.getAttribute("inputmode")).toBe("numeric");
  expect(await code.getAttribute("autocomplete")).toBe("one-time-code");
  expect(await code.evaluate((el) => el === document.activeElement)).toBe(true);
  await axe(page, "/login's code step at 375 px");
  await code.fill(wrongCode(secret));
  await page.getByRole("button", { name: "Verify and log in" }).click();
  await seen(toasts(page).getByText("Invalid username, password or code"));
  expect(page.url()).toEndWith("/login");
  await code.fill(nextCode(secret));
  await page.getByRole("button", { name: "Verify and log in" }).click();
  await page.waitForURL("**/dashboard");

  // the password, then a recovery code (at 1280 px)
  await page.setViewportSize({ width: 1280, height: 900 });
  await logout(page);
  await logIn(page, username, USER_PASSWORD);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(codes[0]!);
  await axe(page, "/login's recovery code step at 1280 px");
  await page.getByRole("button", { name: "Verify and log in" }).click();
  await page.waitForURL("**/dashboard");

  // signed in on another device too (with another recovery code; the first one is used up)
  const other = await site.newPage({ width: 375 });
  await logIn(other.page, username, USER_PASSWORD);
  await other.page.getByRole("button", { name: "Use a recovery code" }).click();
  await other.page.getByLabel("Recovery code").fill(codes[0]!);
  await other.page.getByRole("button", { name: "Verify and log in" }).click();
  await seen(toasts(other.page).getByText("Invalid username, password or code"));
  await other.page.getByLabel("Recovery code").fill(codes[1]!);
  await other.page.getByRole("button", { name: "Verify and log in" }).click();
  await other.page.waitForURL("**/dashboard");

  await page.goto("/dashboard/settings");
  await seen(section.getByText("You have 8 recovery codes left."));
  const sessions = page.getByRole("list", { name: "Your sessions" });
  await until(async () => (await sessions.getByRole("listitem").count()) === 2, "both sessions listed");
  expect(await sessions.getByText("This device").count()).toBe(1);
  expect(await sessions.getByText("Chrome on Linux").count()).toBe(2);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await axe(page, `/dashboard/settings with two-factor sign-in on at ${width} px`);
  }
  // the other session's cookie used from another network and browser (as a stolen one would be): flagged in the list
  await other.context.setExtraHTTPHeaders({ "x-forwarded-for": "198.51.100.9", "user-agent": FIREFOX_ON_LINUX });
  expect(await other.page.evaluate(async () => (await fetch("/api/user")).status)).toBe(200);
  await page.reload();
  await seen(sessions.getByText(/^Used from another network and device: 198\.51\.100\.0\/24, Firefox on Linux — was created on 100\.64\.\d+\.0\/24, Chrome on Linux$/));
  expect(await sessions.getByText(/^Used from another/).count()).toBe(1);
  await axe(page, "/dashboard/settings with a session used elsewhere at 375 px");
  await page.getByRole("button", { name: "End all other sessions" }).click();
  await seen(page.getByText("Ended 1 other session."));
  await until(async () => (await sessions.getByRole("listitem").count()) === 1, "this session alone listed");
  await seen(page.getByText("You are signed in on this device only."));
  // the other device is logged out
  await other.page.goto("/dashboard");
  await other.page.waitForURL("**/login");
  await other.context.close();
  // (many steps, each logging in at the production password cost: a busy 2-core CI machine needs minutes)
}, 240_000);

test("the admin of a server paying real XRP sets up two-factor sign-in first; money actions then ask for a code", async () => {
  // two of the admin's sessions, both begun before two-factor sign-in is on
  const pages: Page[] = [];
  for (const width of [1280, 375]) {
    const { page } = await site.newPage({ width, height: 900 });
    await logIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL("**/admin");
    await seen(page.getByRole("heading", { name: "Set up two-factor sign-in" }));
    pages.push(page);
  }
  const [setup, other] = pages as [Page, Page];
  // nothing else of the back office shows, and the server refuses it too
  expect(await setup.getByRole("navigation", { name: "Admin sections" }).count()).toBe(0);
  expect(await setup.evaluate(async () => (await fetch("/api/admin/counts")).headers.get("x-error-code"))).toBe("TWO_FACTOR_SETUP_REQUIRED");

  // the password alone does not set it up: the code --seed-admin printed on the server's console does
  expect(await setup.getByLabel("Your password").count()).toBe(0);
  const { secret, codes } = await turnOn(setup, "the admin's setup screen", { setupCode: site.adminSetupCode });
  await seen(setup.getByRole("navigation", { name: "Admin sections" }));
  // the admins' sign-ins: the two above, without a code; the second from a network and a device new
  // to the admin (the admin's very first sign-in is not flagged: there is nothing before it to differ from)
  const signIns = setup.getByRole("table", { name: "Admin sign-ins" });
  await seen(signIns);
  expect(await signIns.getByRole("row").filter({ hasText: ADMIN.username }).count()).toBe(2);
  expect(await signIns.getByText("Password only").count()).toBe(2);
  expect(await signIns.getByText("New network").count()).toBe(1);
  expect(await signIns.getByText("New device").count()).toBe(1);
  await axe(setup, "/admin with the admin sign-ins");
  // the admin's own settings: this server's admins keep it on
  await setup.getByRole("link", { name: "Your account" }).click();
  await setup.waitForURL("**/dashboard/settings");
  await seen(setup.getByText("This server pays real XRP, so its admins must keep two-factor sign-in on."));
  expect(await setup.getByRole("button", { name: "Turn off" }).count()).toBe(0);

  // The other session, at 375 px: blocking needs no code, unblocking asks for one; Cancel leaves the block on.
  await other.goto("/admin/blocklist");
  const blocked = newAddress();
  await other.getByLabel("Value").fill(blocked);
  await other.getByRole("button", { name: "Add to block list" }).click();
  await seen(toasts(other).getByText(`Address ${blocked} is on the block list`));
  const remove = other.getByRole("button", { name: `Remove block on ${blocked}` });
  await remove.click();
  await other.getByRole("dialog").getByRole("button", { name: "Remove block" }).click();
  const dialog = other.getByRole("dialog", { name: "Confirm with your code" });
  await seen(dialog.getByText("Enter a code from your authenticator app to confirm this."));
  const field = dialog.getByLabel("Code from your authenticator app, or a recovery code");
  expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
  await axe(other, "the step-up dialog at 375 px");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await gone(dialog);
  await seen(toasts(other).getByText("Not confirmed: nothing was changed."));
  expect(await remove.count()).toBe(1);

  // at 1280 px, approving a faucet request asks again: a wrong code is refused in the dialog, the next one goes through
  const made = await fetch(`${site.url}/api/faucet/request`, { method: "POST", headers: { "content-type": "application/json", ...(await proofFor(site.url, "faucet")) }, body: JSON.stringify({ address: newAddress() }) });
  expect(made.status).toBe(201);
  const { id } = await made.json();
  await other.setViewportSize({ width: 1280, height: 900 });
  await other.goto("/admin/requests");
  await other.getByRole("button", { name: `Approve request ${id}` }).click();
  await other.getByRole("dialog").getByRole("button", { name: "Approve and pay" }).click();
  await seen(dialog);
  await axe(other, "the step-up dialog at 1280 px");
  await field.fill(wrongCode(secret));
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await seen(dialog.getByText("That code is not right. Check the time on your phone and enter the newest code."));
  expect(await field.getAttribute("aria-invalid")).toBe("true");
  await field.fill(nextCode(secret));
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await gone(dialog);
  await seen(toasts(other).getByText(`Request #${id} approved`, { exact: false }));
  const approved = await other.evaluate(async (rid) => ((await (await fetch("/api/admin/faucet/requests?status=APPROVED")).json()) as { id: number }[]).some((r) => r.id === rid), id);
  expect(approved).toBe(true);

  // for 5 minutes after the code no code is asked: the block is lifted once confirmed
  await other.goto("/admin/blocklist");
  await remove.click();
  await other.getByRole("dialog").getByRole("button", { name: "Remove block" }).click();
  await seen(toasts(other).getByText(`Address ${blocked} is off the block list`));
  expect(await dialog.count()).toBe(0);

  // the same session from another network (a stolen cookie, or the admin travelling): the back
  // office asks for a code before anything else, once; the admins' sign-ins show it
  await other.context().setExtraHTTPHeaders({ "x-forwarded-for": "198.51.100.77" });
  await other.goto("/admin");
  await seen(dialog);
  await field.fill(codes[1]!);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await gone(dialog);
  const moved = other.getByRole("table", { name: "Admin sign-ins" }).getByRole("row").filter({ hasText: "Session used elsewhere" });
  await seen(moved);
  expect(await moved.count()).toBe(1);
  await seen(moved.getByText("198.51.100.77"));
  // the place is known to the session from then on: no question on the next visit
  await other.reload();
  await seen(moved);
  expect(await dialog.count()).toBe(0);

  // a recovery code serves as well, in a session of its own
  const third = await site.newPage({ width: 375 });
  await logIn(third.page, ADMIN.username, ADMIN.password);
  await third.page.getByRole("button", { name: "Use a recovery code" }).click();
  await third.page.getByLabel("Recovery code").fill(codes[0]!);
  await third.page.getByRole("button", { name: "Verify and log in" }).click();
  await third.page.waitForURL("**/admin");
  const latest = await third.page.evaluate(async () => ((await (await fetch("/api/admin/sign-ins")).json()) as { withCode: boolean }[])[0]);
  expect(latest?.withCode).toBe(true);
}, 240_000);
