// The app shell as a person uses it: accounts, role redirects, the 404 page and the mobile menu.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { ADMIN, gone, isFocused, seen, type Site, startSite, toasts, until } from "./support.ts";

let site: Site;
beforeAll(async () => {
  site = await startSite();
}, 60_000);
afterAll(async () => {
  await site?.close();
}, 60_000);


async function register(page: Page, username: string, password = "correct horse battery") {
  await page.goto("/register");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(`${username}@example.com`);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Register", exact: true }).click();
}

describe("accounts in the browser", () => {
  test("register lands on /dashboard with a welcome, and logout goes back to a visitor", async () => {
    const { page } = await site.newPage();
    await register(page, "walter");
    await seen(toasts(page).getByText("Registration successful"));
    await page.waitForURL("**/dashboard");
    await seen(page.getByText("Welcome, walter"));

    await page.getByTestId("dashboard-logout").click();
    await seen(toasts(page).getByText("Logged out successfully"));
    await page.waitForURL((url) => url.pathname === "/");
    await seen(page.getByRole("link", { name: "Sign In" }));
    // the session really ended on the server
    const status = await page.evaluate(async () => (await fetch("/api/user")).status);
    expect(status).toBe(401);
  }, 60_000);

  test("a visitor's home page asks the API nothing as it loads (its first data comes in the page, GET /api/user is not asked without a session cookie); a signed-in reload still finds the user", async () => {
    const { page } = await site.newPage();
    const asked: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/api/")) asked.push(path);
    });
    await page.goto("/");
    await seen(page.getByRole("heading", { level: 1 }));
    await seen(page.getByRole("heading", { name: "What Our Users Say" }));
    await page.waitForLoadState("networkidle");
    expect(asked).toEqual([]);
    // the blog's teaser asks for its posts as it nears the screen
    await page.getByRole("heading", { name: "From the Blog" }).scrollIntoViewIfNeeded();
    await until(async () => (await page.getByRole("link", { name: /^Read More/ }).count()) === 3, "the teaser's three posts");
    expect(asked).toEqual(["/api/posts"]);

    await register(page, "reloader");
    await page.waitForURL("**/dashboard");
    await page.reload();
    await seen(page.getByText("Welcome, reloader"));
    expect(asked).toContain("/api/user");
  }, 60_000);

  test("while a signed-in reload waits for the user, the disclaimer and the header show above 'Loading your session...' (no footer yet), then the dashboard comes under them", async () => {
    const { page } = await site.newPage();
    await register(page, "waiter");
    await page.waitForURL("**/dashboard");
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/user", async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await seen(page.getByText("Loading your session..."));
    await seen(page.getByRole("note", { name: "Disclaimer" }));
    await seen(page.getByRole("banner").getByRole("link", { name: "XRP Faucet" }));
    expect(await page.getByRole("contentinfo").count()).toBe(0);
    release();
    await seen(page.getByText("Welcome, waiter"));
    await gone(page.getByText("Loading your session..."));
    await seen(page.getByRole("contentinfo"));
    expect(await page.getByRole("note", { name: "Disclaimer" }).count()).toBe(1);
  }, 60_000);

  test("a wrong password shows the error toast and stays on the login screen", async () => {
    const { page } = await site.newPage();
    await page.goto("/login");
    await seen(page.getByRole("heading", { name: "Login is Optional" }));
    await page.getByLabel("Username").fill("nobody-here");
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    const toast = toasts(page).getByTestId("toast");
    await seen(toast.getByText("Error"));
    await seen(toast.getByText("Invalid username or password"));
    expect(new URL(page.url()).pathname).toBe("/login");
  }, 60_000);

  test("the admin seeded by the CLI logs in and lands on /admin; /login then sends them back there", async () => {
    const { page } = await site.newPage();
    await page.goto("/login");
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await seen(toasts(page).getByText("Logged in successfully"));
    await page.waitForURL("**/admin");
    await seen(page.getByRole("heading", { name: "Admin Dashboard" }));
    await page.goto("/login");
    await page.waitForURL("**/admin");
    // admins see the admin screen for unknown routes and /dashboard too
    await page.goto("/no/such/page");
    await seen(page.getByRole("heading", { name: "Admin Dashboard" }));
  }, 60_000);

  test("a logged-in user is sent from /login to /dashboard, and unknown routes fall back to it", async () => {
    const { page } = await site.newPage();
    await register(page, "ursula");
    await page.waitForURL("**/dashboard");
    await page.goto("/login");
    await page.waitForURL("**/dashboard");
    await page.goto("/admin");
    await page.waitForURL((url) => url.pathname === "/" || url.pathname === "/dashboard");
    await page.goto("/no/such/page");
    await seen(page.getByText("Welcome, ursula"));
  }, 60_000);
});

describe("visitors", () => {
  test("an unknown route answers 404 and shows '404 Page Not Found'", async () => {
    const { page } = await site.newPage();
    const response = await page.goto("/this/does/not/exist");
    expect(response?.status()).toBe(404);
    await seen(page.getByRole("heading", { name: "404 Page Not Found" }));
    await page.getByRole("link", { name: "Back to Home" }).click();
    await seen(page.getByRole("heading", { name: "Request Free XRP, Paid After Review" }));
  }, 60_000);

  test("the splash shows first on a session's first visit, then the page; the disclaimer is always there", async () => {
    const { page } = await site.newPage({ reducedMotion: false });
    await page.goto("/");
    await seen(page.getByRole("status", { name: "Loading XRP Faucet" }));
    await gone(page.getByRole("status", { name: "Loading XRP Faucet" }));
    await page.getByRole("link", { name: "FAQ" }).first().click();
    await seen(page.getByRole("heading", { name: "Frequently Asked Questions", level: 1 }));
    expect(await page.getByRole("note", { name: "Disclaimer" }).textContent()).toMatch(/not affiliated/i);
  }, 60_000);

  test("every navigation entry of the header is there on a desktop", async () => {
    const { page } = await site.newPage();
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Free XRP Faucet", "Shopping Rewards", "Earn More", "Advertise", "FAQ", "Blog", "About"]) {
      await seen(nav.getByRole("link", { name, exact: false }).first());
    }
    expect(await nav.getByRole("link", { name: /Shopping Rewards/ }).textContent()).toMatch("Soon");
    const banner = page.getByRole("banner");
    await seen(banner.getByRole("link", { name: "Sign In" }));
    await seen(banner.getByRole("button", { name: "Claim XRP" }));
  }, 60_000);

  test("at 375 px the header collapses into a slide-out menu that works with the keyboard", async () => {
    const { page } = await site.newPage({ width: 375, height: 740 });
    await page.goto("/");
    await gone(page.getByRole("navigation", { name: "Main" }));
    const open = page.getByRole("button", { name: "Open menu" });
    expect(await open.getAttribute("aria-expanded")).toBe("false");
    await open.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await seen(menu);
    await until(() => isFocused(page.getByRole("button", { name: "Close menu" })), "focus");
    await page.keyboard.press("Escape");
    await gone(menu);
    await until(() => isFocused(open), "focus");

    await open.click();
    await menu.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "FAQ" }).click();
    await page.waitForURL("**/faq");
    await gone(menu);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(375);
  }, 60_000);
});
