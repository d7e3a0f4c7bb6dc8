// A user helps themselves, in the browser against the built binary (paying on the sandbox ledger,
// sending email through a real SMTP server started here): changes their password and payout address,
// resets a forgotten password through an emailed link and through an admin's link, and hears of a
// payment from the header's bell; registering, sees how easy to guess a password is as it is typed.
// At 1280 and 375 px, each screen checked by axe-core.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { freePort } from "../../src/testing/binary.ts";
import { proofFor } from "../../src/testing/pow.ts";
import { linkIn, startSmtp, type MailServer } from "../../src/testing/smtp.ts";
import { ADMIN, gone, logIn, newAddress, registerUser, seen, sessionCookie, type Site, startSite, toasts, until, USER_PASSWORD as PASSWORD } from "./support.ts";

let smtp: MailServer;
let site: Site;
let adminCookie = "";


beforeAll(async () => {
  smtp = await startSmtp({ user: "site", pass: "mail-pass-9" });
  const smtpPort = smtp.port;
  const port = freePort();
  site = await startSite({
    args: [
      "--port",
      String(port),
      "--public-url",
      `http://127.0.0.1:${port}`,
      "--smtp-url",
      `smtp://site:mail-pass-9@127.0.0.1:${smtpPort}`,
      "--mail-from",
      "XRP Faucet <faucet@example.com>",
      "--xrpl",
      "sandbox",
      "--sandbox-port",
      "0",
    ],
  });
  // the admin lets this one network register the test's users
  const login = await fetch(`${site.url}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
  // (the login answer also sets the device cookie: the session's, by name)
  adminCookie = sessionCookie(login);
  const settings = await fetch(`${site.url}/api/admin/faucet/settings`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: adminCookie },
    body: JSON.stringify({ accountsPerHour: 100, accountsPerDay: 100 }),
  });
  expect(settings.status).toBe(200);
  // the operator sees where mail goes, never the SMTP password
  expect(site.server.output()).toContain(`mail: password-reset emails through 127.0.0.1:${smtpPort} from XRP Faucet <faucet@example.com>`);
  expect(site.server.output()).not.toContain("mail-pass-9");
}, 60_000);
afterAll(async () => {
  await site?.close();
  await smtp?.close();
}, 60_000);

// the password rule's words for one of the most common passwords (src/shared/password-rule.ts)
const TOO_COMMON = "This password is too easy to guess: it is one of the most common passwords. Add more words or characters.";

async function axe(page: Page, where: string) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(result.violations.map((v) => `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function register(page: Page, username: string): Promise<number> {
  await registerUser(page, username);
  await seen(page.getByText(`Welcome, ${username}`));
  return page.evaluate(async () => (await (await fetch("/api/user")).json()).id as number);
}

async function logout(page: Page) {
  await page.evaluate(() => fetch("/api/logout", { method: "POST" }));
  await page.goto("/login");
}

for (const width of [1280, 375]) {
  describe(`at ${width} px`, () => {
    test("a user sets a payout address and changes the password: the old one stops working", async () => {
      const { page } = await site.newPage({ width, height: 900 });
      const username = `settler${width}`;
      await register(page, username);
      await page.getByRole("link", { name: "Settings" }).click();
      await page.waitForURL("**/dashboard/settings");
      await seen(page.getByRole("heading", { name: "Account settings" }));

      const address = page.getByLabel("XRP address");
      await address.fill("rNotAnAddressAtAll12345");
      await page.getByRole("button", { name: "Save address" }).click();
      await seen(page.getByText("Please enter a valid XRP wallet address"));
      expect(await address.getAttribute("aria-invalid")).toBe("true");
      await axe(page, "/dashboard/settings with an error");
      const good = newAddress();
      await address.fill(good);
      await page.getByLabel("Destination tag (optional)").fill("4242");
      await page.getByRole("button", { name: "Save address" }).click();
      await seen(page.getByText("Payout address saved."));
      expect(await address.getAttribute("aria-invalid")).toBeNull();

      // a new email needs the current password
      await page.getByRole("textbox", { name: "Email", exact: true }).fill(`${username}@new.example.com`);
      await page.getByRole("button", { name: "Save email" }).click();
      await seen(page.getByText("Please enter your current password"));
      await page.getByLabel("Current password (to change the email)").fill(PASSWORD);
      await page.getByRole("button", { name: "Save email" }).click();
      await seen(page.getByText("Email saved."));

      // a new password the rule refuses: the server's reason under the field
      await page.getByLabel("Current password", { exact: true }).fill(PASSWORD);
      await page.getByLabel("New password", { exact: true }).fill("12345678");
      await page.getByLabel("New password again").fill("12345678");
      await page.getByRole("button", { name: "Change password" }).click();
      await seen(page.locator("#settings-new-password-error").getByText(TOO_COMMON));
      expect(await page.getByLabel("New password", { exact: true }).getAttribute("aria-invalid")).toBe("true");

      await page.getByLabel("Current password", { exact: true }).fill("not my password");
      await page.getByLabel("New password", { exact: true }).fill("a fresh passphrase");
      await page.getByLabel("New password again").fill("a fresh passphrase");
      await page.getByRole("button", { name: "Change password" }).click();
      await seen(page.getByText("Your current password is not correct"));
      expect(await page.getByLabel("Current password", { exact: true }).getAttribute("aria-invalid")).toBe("true");
      await page.getByLabel("Current password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Change password" }).click();
      await seen(page.getByText("Your password was changed. Your other sessions were logged out."));
      await axe(page, "/dashboard/settings");

      await page.getByRole("link", { name: "Back to the dashboard" }).click();
      await page.waitForURL("**/dashboard");
      await seen(page.getByText(good));
      await seen(page.getByText("Tag 4242"));

      await logout(page);
      await logIn(page, username, PASSWORD);
      await seen(toasts(page).getByText("Invalid username or password"));
      await logIn(page, username, "a fresh passphrase");
      await page.waitForURL("**/dashboard");
    }, 60_000);

    test("registering: the password's strength is hinted as it is typed, and the server's refusal is said under the field", async () => {
      const { page } = await site.newPage({ width, height: 900 });
      const username = `hinted${width}`;
      await page.goto("/register");
      await page.getByLabel("Username").fill(username);
      await page.getByLabel("Email").fill(`${username}@example.com`);
      const password = page.getByLabel("Password");
      const hint = page.locator("#register-password-hint");
      await seen(hint.getByText("At least 8 characters."));
      expect(await password.getAttribute("aria-describedby")).toBe("register-password-hint");

      await password.fill("short");
      await seen(hint.getByText("Password must be at least 8 characters"));
      await password.fill(`${username} forever`);
      await seen(hint.getByText("This password contains your username: choose one without it."));
      // the estimator (zxcvbn-ts and its dictionaries) comes with the first password typed, in a chunk of its own
      await password.fill("password");
      await seen(hint.getByText(TOO_COMMON));
      expect(await page.getByTestId("password-meter").getAttribute("data-score")).toBe("0");
      await axe(page, "/register with a weak password's hint");

      // sent anyway: the server refuses it, and says why under the field (not in a toast)
      await page.getByRole("button", { name: "Register", exact: true }).click();
      const refusal = page.locator("#register-password-error");
      await seen(refusal.getByText(TOO_COMMON));
      expect(await password.getAttribute("aria-invalid")).toBe("true");
      expect(await password.getAttribute("aria-describedby")).toBe("register-password-error");
      expect(await hint.count()).toBe(0);
      expect(await toasts(page).getByText(TOO_COMMON).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe("/register");
      await axe(page, "/register with the server's refusal");

      await password.fill("purple otter runs at dawn");
      await gone(refusal);
      await seen(hint.getByText(/^(Good|Strong): this password is (very )?hard to guess\.$/));
      await page.getByRole("button", { name: "Register", exact: true }).click();
      await page.waitForURL("**/dashboard");
      await seen(page.getByText(`Welcome, ${username}`));
    }, 60_000);

    test("a forgotten password is reset through the emailed link, which works once", async () => {
      const { page } = await site.newPage({ width, height: 900 });
      const username = `forgot${width}`;
      await register(page, username);
      await logout(page);

      await page.getByRole("button", { name: "Forgot password?" }).click();
      await page.getByLabel("Your account's email").fill(`${username}@example.com`);
      await axe(page, "/login with Forgot password? open");
      const before = smtp.received.length;
      await page.getByRole("button", { name: "Email me a reset link" }).click();
      await seen(page.getByText("If an account exists for that email, we've sent a link to reset its password."));
      let raw = "";
      await until(async () => {
        raw = smtp.received.slice(before).find((m) => m.to.includes(`${username}@example.com`))?.raw ?? "";
        return raw !== "";
      }, "the reset email");
      const link = linkIn(raw, /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[\w-]+/);
      expect(link).toStartWith(site.url);
      expect(site.server.output()).not.toContain(new URL(link!).searchParams.get("token")!);

      await page.goto(link!);
      await seen(page.getByRole("heading", { name: "Reset your password" }));
      await page.getByLabel("New password", { exact: true }).fill("emailed and reset");
      await page.getByLabel("New password again").fill("emailed and reset");
      await axe(page, "/reset-password");
      await page.getByRole("button", { name: "Set new password" }).click();
      await seen(page.getByText("Your password was reset. Please log in with your new password."));
      await page.getByRole("link", { name: "Go to login" }).click();
      await logIn(page, username, "emailed and reset");
      await page.waitForURL("**/dashboard");

      // the same link again
      await logout(page);
      await page.goto(link!);
      await page.getByLabel("New password", { exact: true }).fill("a third password");
      await page.getByLabel("New password again").fill("a third password");
      await page.getByRole("button", { name: "Set new password" }).click();
      await seen(page.getByText("This reset link is invalid or has expired."));
    }, 60_000);

    test("an admin's reset link lets a user who cannot log in set a new password", async () => {
      const { page } = await site.newPage({ width, height: 900 });
      const username = `locked${width}`;
      const id = await register(page, username);
      await logout(page);
      // (a link hands the account over: the admin, without two-factor sign-in here, enters the password first)
      const confirmed = await fetch(`${site.url}/api/user/step-up`, { method: "POST", headers: { cookie: adminCookie, "content-type": "application/json" }, body: JSON.stringify({ password: ADMIN.password }) });
      expect(confirmed.status).toBe(200);
      const made = await fetch(`${site.url}/api/admin/users/${id}/reset-link`, { method: "POST", headers: { cookie: adminCookie } });
      expect(made.status).toBe(200);
      const { url } = (await made.json()) as { url: string };
      await page.goto(url);
      await page.getByLabel("New password", { exact: true }).fill("given by the admin");
      await page.getByLabel("New password again").fill("given by the admin");
      await page.getByRole("button", { name: "Set new password" }).click();
      await seen(page.getByText("Your password was reset. Please log in with your new password."));
      await logIn(page, username, "given by the admin");
      await page.waitForURL("**/dashboard");
    }, 60_000);

    test("a user sees a notification for the payment of their faucet request, with its hash", async () => {
      const { page } = await site.newPage({ width, height: 900 });
      await register(page, `payee${width}`);
      const proof = await proofFor(site.url, "faucet");
      const made = await page.evaluate(
        async ({ address, proof }) => {
          const res = await fetch("/api/faucet/request", { method: "POST", headers: { "content-type": "application/json", ...proof }, body: JSON.stringify({ address }) });
          return res.json();
        },
        { address: newAddress(), proof },
      );
      expect(made.status).toBe("PENDING");
      const approved = await fetch(`${site.url}/api/admin/faucet/requests/${made.id}`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: adminCookie },
        body: JSON.stringify({ action: "APPROVED" }),
      });
      expect(approved.status).toBe(200);
      let hash = "";
      await until(
        async () => {
          const list = (await page.evaluate(async () => (await fetch("/api/user/notifications")).json())) as { items: { kind: string; txHash: string | null }[] };
          hash = list.items.find((n) => n.kind === "REQUEST_PAID")?.txHash ?? "";
          return hash !== "";
        },
        "the payment's notification",
        30_000,
      );

      await page.goto("/dashboard");
      const bell = page.getByTestId("notification-bell");
      await seen(page.getByRole("button", { name: "Notifications, 2 unread" }));
      // the bell sits in the header's one row, beside the logo (not wrapped under it)
      const [bellBox, logoBox] = await Promise.all([bell.boundingBox(), page.getByRole("banner").getByRole("link", { name: "XRP Faucet", exact: true }).first().boundingBox()]);
      expect(Math.abs(bellBox!.y + bellBox!.height / 2 - (logoBox!.y + logoBox!.height / 2))).toBeLessThan(8);
      await bell.click();
      await seen(page.getByText(`from your faucet request #${made.id} was paid to your address.`));
      await seen(page.getByText(`Your faucet request #${made.id} for`));
      const paid = page.getByTestId("notification").filter({ hasText: "was paid" });
      expect(await paid.getByRole("link", { name: "View transaction on explorer" }).getAttribute("href")).toBe(`/sandbox/tx/${hash}`);
      await axe(page, "/dashboard with the notifications open");
      await seen(page.getByRole("button", { name: "Notifications", exact: true }));
      await page.keyboard.press("Escape");
      await gone(page.getByTestId("notification"));
      // the dashboard's own list shows the hash and the green Paid badge
      await seen(page.getByRole("tabpanel").getByText("Paid", { exact: true }));
      expect(await page.getByRole("tabpanel").getByTestId("status-badge").first().getAttribute("data-tone")).toBe("green");
    }, 60_000);
  });
}
