// The server's words in the visitor's language, in Chromium against the built binary: a refusal read
// in Turkish on a Turkish page (the same call from an English page reads English, its code the
// same), and a password-reset e-mail written in Korean for a user who chose Korean (a real SMTP
// server started here).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { freePort } from "../../src/testing/binary.ts";
import { proofFor } from "../../src/testing/pow.ts";
import { type MailServer, startSmtp } from "../../src/testing/smtp.ts";
import { registerUser, seen, type Site, startSite, until } from "./support.ts";

let smtp: MailServer;
let site: Site;
beforeAll(async () => {
  smtp = await startSmtp({ user: "site", pass: "mail-pass-7" });
  const port = freePort();
  site = await startSite({
    args: [
      "--port",
      String(port),
      "--public-url",
      `http://127.0.0.1:${port}`,
      "--smtp-url",
      `smtp://site:mail-pass-7@127.0.0.1:${smtp.port}`,
      "--mail-from",
      "XRP Faucet <faucet@example.com>",
    ],
  });
}, 60_000);
afterAll(async () => {
  await site?.close();
  await smtp?.close();
}, 60_000);

test("a refusal reads in Turkish on a Turkish page, in English on an English one, with the same code", async () => {
  const { page: first } = await site.newPage({ width: 1280 });
  await registerUser(first, "ayse");

  // the same refused registration (the username is taken) from a Turkish page and an English one
  const refused = async (path: string, width: number, words: string) => {
    const { page } = await site.newPage({ width, locale: "tr-TR" });
    await page.goto(path);
    await page.locator("#register-username").fill("ayse");
    await page.locator("#register-email").fill(`ayse.${width}@example.com`);
    await page.locator("#register-password").fill("a long enough passphrase");
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/register"));
    await page.locator("form button[type=submit]").click();
    const { status, code } = await answer.then((r) => ({ status: r.status(), code: r.headers()["x-error-code"] }));
    await seen(page.getByText(words));
    return { status, code, lang: await page.evaluate(() => document.documentElement.lang) };
  };
  const turkish = await refused("/tr/register", 375, "Bu kullanıcı adı zaten alınmış");
  const english = await refused("/en/register", 1280, "That username is already taken");
  expect(turkish.lang).toBe("tr");
  expect(english.lang).toBe("en");
  expect(turkish.code).toBe(english.code);
  expect(turkish.status).toBe(409);
  expect(english.status).toBe(409);
}, 60_000);

test("a user who chose Korean gets the password-reset e-mail in Korean", async () => {
  const { page } = await site.newPage({ width: 1280 });
  await registerUser(page, "minji");
  // the header's choice, signed in: the account keeps it
  await page.goto("/dashboard");
  // the header of the signed-in page (the one shown while the session loads is replaced by it)
  await seen(page.getByText("Welcome, minji"));
  const switcher = page.getByRole("banner").locator("details");
  await switcher.locator("summary").click();
  await switcher.getByRole("link", { name: "한국어" }).click();
  await page.waitForURL("**/ko/dashboard");
  await page.evaluate(() => fetch("/api/logout", { method: "POST" }));

  // asked for from an English page: the e-mail follows the user's own language
  const before = smtp.received.length;
  const asked = await fetch(`${site.url}/api/password-reset/request`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "accept-language": "en",
      ...(await proofFor(site.url, "password-reset")),
    },
    body: JSON.stringify({ email: "minji@example.com" }),
  });
  expect(asked.status).toBeLessThan(300);
  let raw = "";
  await until(async () => {
    raw = smtp.received.slice(before).find((m) => m.to.includes("minji@example.com"))?.raw ?? "";
    return raw !== "";
  }, "the reset e-mail");
  const text = decoded(raw);
  expect(text).toContain("minji님, 안녕하세요.");
  const link = /http:\/\/127\.0\.0\.1:\d+\/[\w/-]*reset-password\?token=[\w-]+/.exec(text)?.[0];
  expect(link).toStartWith(site.url);
  // the link opens the reset page in Korean
  await page.goto(link!);
  await seen(page.getByRole("heading", { level: 1 }));
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("ko");
}, 60_000);

// The text of a MIME message whatever its transfer encoding (quoted-printable or base64 parts).
function decoded(raw: string): string {
  const base64 = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi)]
    .map((m) => Buffer.from(m[1]!.replace(/\s+/g, ""), "base64").toString("utf8"))
    .join("\n");
  const quoted = raw
    .replace(/=\r?\n/g, "")
    .replace(/(?:=[0-9A-F]{2})+/g, (run) =>
      Buffer.from(run.split("=").slice(1).map((h) => Number.parseInt(h, 16))).toString("utf8"),
    );
  return `${base64}\n${quoted}`;
}
