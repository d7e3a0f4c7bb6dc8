// Every screen, as a visitor, a user and an admin see it, checked by axe-core against the WCAG 2.1 A
// and AA rules, on a desktop and at 375 px.
import { afterAll, beforeAll, expect, test } from "bun:test";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { gone, logInAsAdmin, registerUser, startSite, type Site } from "./support.ts";

let site: Site;
beforeAll(async () => {
  site = await startSite();
}, 60_000);
afterAll(async () => {
  await site?.close();
}, 60_000);

const VISITOR_PAGES = ["/", "/faucet", "/advertise", "/earn-more", "/faq", "/reviews", "/shopping-rewards", "/blog", "/blog/welcome-to-the-xrp-faucet", "/whitepaper", "/contact", "/login", "/register", "/no-such-page"];

// The rules that fail on a page, with the elements that fail them, once the splash has gone.
async function violations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await gone(page.getByRole("status", { name: "Loading XRP Faucet" }));
  await page.locator("h1").first().waitFor();
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map((v) => `${path}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

// The two widths side by side (two tabs of one browser): much of a page's check is waiting for it.
for (const width of [1280, 375]) {
  test.concurrent(`every visitor page passes axe's WCAG 2.1 AA rules at ${width} px`, async () => {
    const { page } = await site.newPage({ width });
    const found: string[] = [];
    for (const path of VISITOR_PAGES) found.push(...(await violations(page, path)));
    expect(found).toEqual([]);
    // (13 pages x 2 tabs at once: about 50 s on a quiet machine, past 120 s when the other worker runs
    // a browser walk too)
  }, 240_000);
}

test("the dashboard, /earn-more and the admin screen pass axe's WCAG 2.1 AA rules", async () => {
  const user = await site.newPage();
  await registerUser(user.page, "reader");
  const admin = await site.newPage();
  await logInAsAdmin(admin.page);
  const found = [...(await violations(user.page, "/dashboard")), ...(await violations(user.page, "/earn-more")), ...(await violations(admin.page, "/admin"))];
  expect(found).toEqual([]);
}, 120_000);
