// The site in the visitor's language, in Chromium: a first visit follows the browser's language
// (Accept-Language), the header's switcher opens the page in another and the choice survives a reload
// and a login; each page has an address per language, named in its head and in the sitemap.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { axeViolations, registerUser, seen, type Site, startSite, until, USER_PASSWORD } from "./support.ts";

let site: Site;
beforeAll(async () => {
  site = await startSite();
}, 60_000);
afterAll(async () => {
  await site?.close();
}, 60_000);

const header = (page: Page) => page.getByRole("banner");
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

for (const width of [1280, 375]) {
  test(`a first visit reads the browser's language: pt-BR and ja, and English otherwise, at ${width} px`, async () => {
    const { page: brazil } = await site.newPage({ width, locale: "pt-BR" });
    await brazil.goto("/faq");
    expect(await htmlLang(brazil)).toBe("pt-BR");
    await seen(brazil.getByRole("note", { name: "Aviso" }).getByText("Site independente:"));
    // the page as the server writes it, before any script: its language, title and description
    const html = await (await fetch(`${site.url}/faq`, { headers: { "accept-language": "pt-BR,pt;q=0.9" } })).text();
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain("<title>XRP Faucet - Drops de XRP grátis</title>");
    expect(await axeViolations(brazil)).toEqual([]);

    const { page: japan } = await site.newPage({ width, locale: "ja-JP" });
    const catalogsFetched: string[] = [];
    japan.on("request", (request) => {
      const file = /^\/assets\/catalogs\/(.+)-(\w+)-[0-9a-f]+\.json$/.exec(new URL(request.url()).pathname);
      if (file) catalogsFetched.push(`${file[1]} ${file[2]}`);
    });
    await japan.goto("/faq");
    expect(await htmlLang(japan)).toBe("ja");
    await seen(japan.getByRole("note", { name: "免責事項" }));
    expect(await japan.locator("footer").innerText()).toContain("独立したプロジェクトです");
    expect(await axeViolations(japan)).toEqual([]);
    // the first screen's words came in the page; the next screen fetches its own, in Japanese only
    expect(catalogsFetched).toEqual([]);
    await japan.getByRole("contentinfo").getByRole("link", { name: "ブログ" }).click();
    await japan.waitForURL((url) => url.pathname === "/blog");
    await until(async () => catalogsFetched.length > 0, "the blog's catalog");
    expect(catalogsFetched).toEqual(["ja blog"]);
    // a figure's words too: what a request pays, as a Japanese range
    await japan.goto("/");
    await seen(japan.getByText(/^\d+〜\d+ XRP$/));

    // a language the site does not speak falls back to English, never to a blank page
    const { page: german } = await site.newPage({ width, locale: "de-DE" });
    await german.goto("/faq");
    expect(await htmlLang(german)).toBe("en");
    await seen(german.getByRole("note", { name: "Disclaimer" }).getByText("Independent site:"));
  }, 90_000);
}

test("the switcher opens the page in the chosen language, which survives a reload and a login", async () => {
  const { page } = await site.newPage({ width: 1280 });
  await registerUser(page, "kenji");
  await page.getByRole("button", { name: "Logout" }).first().click();
  await page.goto("/faq");
  await seen(header(page).getByRole("link", { name: "FAQ" }));

  const switcher = header(page).locator("details");
  expect(await switcher.locator("summary").innerText()).toContain("Language");
  await switcher.locator("summary").click();
  // each language is named in itself, a link to this page in it
  const choices = switcher.getByRole("listitem");
  expect(await choices.allInnerTexts()).toEqual([
    "English",
    "Español",
    "Português (Brasil)",
    "Français",
    "Türkçe",
    "Bahasa Indonesia",
    "日本語",
    "한국어",
  ]);
  expect(await switcher.getByRole("link", { name: "日本語" }).getAttribute("href")).toBe("/ja/faq");
  await switcher.getByRole("link", { name: "日本語" }).click();
  await page.waitForURL("**/ja/faq");
  await seen(header(page).getByRole("link", { name: "よくある質問" }));
  expect(await htmlLang(page)).toBe("ja");

  // the links of the page keep the language
  await header(page).getByRole("link", { name: "ブログ" }).click();
  await page.waitForURL("**/ja/blog");

  await page.reload();
  await seen(header(page).getByRole("link", { name: "ブログ" }));

  // an address without a prefix follows the choice
  await page.goto("/faq");
  expect(await htmlLang(page)).toBe("ja");

  await page.goto("/login");
  await page.getByLabel(/Username|ユーザー名/).fill("kenji");
  await page.getByLabel(/Password|パスワード/).fill(USER_PASSWORD);
  await page.locator("form button[type=submit]").click();
  await page.waitForURL("**/dashboard");
  expect(await htmlLang(page)).toBe("ja");
  await seen(header(page).getByRole("button", { name: "ログアウト" }));

  // on a phone the menu has the same choice
  const { page: phone } = await site.newPage({ width: 375 });
  await phone.goto("/ko/faq");
  await phone.getByRole("button", { name: "메뉴 열기" }).click();
  const menu = phone.getByRole("dialog", { name: "메뉴" });
  await menu.locator("summary").click();
  await menu.getByRole("link", { name: "Español" }).click();
  await phone.waitForURL("**/es/faq");
  await seen(phone.getByRole("button", { name: "Abrir menú" }));
}, 90_000);

test("each page names its address in every language in its head, and the sitemap lists them all", async () => {
  const { page } = await site.newPage({ width: 1280 });
  await page.goto("/es/faucet");
  expect(await htmlLang(page)).toBe("es");
  const alternates = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((l) => `${l.getAttribute("hreflang")} ${l.getAttribute("href")}`));
  expect(alternates).toEqual([
    `en ${site.url}/en/faucet`,
    `es ${site.url}/es/faucet`,
    `pt-BR ${site.url}/pt-BR/faucet`,
    `fr ${site.url}/fr/faucet`,
    `tr ${site.url}/tr/faucet`,
    `id ${site.url}/id/faucet`,
    `ja ${site.url}/ja/faucet`,
    `ko ${site.url}/ko/faucet`,
    `x-default ${site.url}/faucet`,
  ]);
  // every one of them opens the page in its language
  for (const [language, words] of [
    ["fr", "Faucet XRP gratuit"],
    ["ko", "무료 XRP 포셋"],
  ] as const) {
    await page.goto(`/${language}/faucet`);
    await seen(header(page).getByRole("link", { name: words }));
  }
  // the faucet's budget panel in Japanese, its figures written by Intl
  await page.goto("/ja/faucet");
  const state = page.getByRole("region", { name: "フォーセットの状態" });
  await seen(state.getByText(/^1回のリクエストで [\d,.]+ XRP から [\d,.]+ XRP の間の額を、フォーセットが抽選で決めてお支払いします。$/));
  expect(await state.locator("#faucet-budget-label").textContent()).toMatch(/^本日の予算：(この1時間の残り [\d,.]+ XRP · 1日 [\d,.]+ XRP まで毎時追加|本日の [\d,.]+ XRP のうち残り [\d,.]+ XRP)$/);

  const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
  for (const path of ["/", "/faucet", "/faq"]) {
    for (const language of ["en", "es", "pt-BR", "fr", "tr", "id", "ja", "ko"]) {
      const href = `${site.url}/${language}${path === "/" ? "/" : path}`;
      expect(sitemap).toContain(`<url><loc>${href}</loc>`);
      expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="${language}" href="${href}"/>`);
    }
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${site.url}${path}"/>`);
  }
}, 90_000);
