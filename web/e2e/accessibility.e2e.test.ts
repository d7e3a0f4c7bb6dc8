// The user's and the admin's screens, checked by axe-core against the WCAG 2.1 A and AA rules.
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

// The rules that fail on a page, with the elements that fail them, once the splash has gone.
async function violations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await gone(page.getByRole("status", { name: "Loading XRP Faucet" }));
  await page.locator("h1").first().waitFor();
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map((v) => `${path}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

// Every visitor page (/, /faucet, /advertise, /earn-more, /faq, /reviews, /shopping-rewards, /blog and a
// post, /whitepaper, /contact, /login, /register, a 404) is checked by the same rules at 1280 and 375 px
// in the pseudo-language walk (pseudo-language.e2e.test.ts), whose pages are these with longer words.

test("the dashboard, /earn-more and the admin screen pass axe's WCAG 2.1 AA rules", async () => {
  const user = await site.newPage();
  await registerUser(user.page, "reader");
  const admin = await site.newPage();
  await logInAsAdmin(admin.page);
  const found = [...(await violations(user.page, "/dashboard")), ...(await violations(user.page, "/earn-more")), ...(await violations(admin.page, "/admin"))];
  expect(found).toEqual([]);
}, 120_000);
