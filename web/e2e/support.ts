// Browser tests drive Debian's Chromium with playwright-core against the built binary (or, where the
// time of day matters, against the app in this process on a fake clock: startSite({ at })).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { encodeAccountID } from "ripple-address-codec";
import { BINARY, runBinary, startBinary, type RunningServer } from "../../src/testing/binary.ts";
import type { FakeClock } from "../../src/testing/harness.ts";
import { PNG_1X1 } from "../../src/testing/signed-in.ts";
import { waitFor } from "../../src/testing/wait.ts";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const ADMIN = { username: "siteadmin", password: "an admin passphrase 42" };

// `faucet.test` resolves to this machine: a page there is on plain HTTP under a real hostname, which
// browsers do not treat as a secure context (no WebCrypto), unlike 127.0.0.1.
export const PLAIN_HTTP_HOST = "faucet.test";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-quic",
      "--no-first-run",
      "--disable-component-update",
      "--disable-sync",
      `--host-resolver-rules=MAP ${PLAIN_HTTP_HOST} 127.0.0.1`,
    ],
  });
}

// The user agent of a desktop Chrome a person uses (not headless).
export const BROWSER_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

interface NewPageOptions {
  width?: number;
  height?: number;
  reducedMotion?: boolean;
  plainHttpHost?: boolean;
  visitorIp?: string;
  timezoneId?: string;
  userAgent?: string;
  // the browser's language (its Accept-Language), e.g. "pt-BR"; en-US by default
  locale?: string;
}

// What every site of these tests has: its URL, a browser, pages in contexts of their own.
interface BrowserSite {
  browser: Browser;
  url: string;
  // `visitorIp`: the page's requests come from this address (a site started with --trust-proxy); by
  // default each page is a visitor of its own network (the proof of work costs more for a network
  // that keeps asking, as every page of a suite would from 127.0.0.1).
  // `timezoneId`: the browser's time zone (e.g. "Asia/Kolkata"; the machine's by default).
  // `userAgent`: the browser's user agent (headless Chromium's says "HeadlessChrome", which the
  // faucet's risk score counts as scripted: such a request is flagged and holds no budget; give
  // BROWSER_USER_AGENT for a visitor the faucet scores as a person's browser).
  newPage(options?: NewPageOptions): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

// The built binary serving a data directory of its own, on the real clock.
export interface Site extends BrowserSite {
  server: RunningServer;
  // the one-time code --seed-admin printed for the admin's first two-factor setup (a site paying
  // real XRP asks for it)
  adminSetupCode: string;
}

// The app (createApp) served from this process on a real port of 127.0.0.1, on a fake clock: for
// what depends on the time of day (the day's budget is released an hour at a time), which a test
// must not leave to the hour it runs at. `clock` is the server's: it stands still where `at` put
// it unless the test moves it (clock.set, clock.advance).
export interface SiteOnClock extends BrowserSite {
  clock: FakeClock;
}

interface BinarySiteOptions {
  args?: string[];
  env?: Record<string, string>;
}

interface SiteOnClockOptions {
  // the server's time (ms since the epoch). In the future: Chromium judges a cookie's Expires
  // (the session's is 30 days after its login on the server's clock) by the machine's real clock,
  // so a site whose clock is more than 30 days behind the real one has no working login.
  at: number;
  // as --trust-proxy: the client's IP is X-Forwarded-For's last hop (each page a visitor of its own network)
  trustProxy?: boolean;
}

// A fresh data directory with a CLI-seeded admin, the binary serving it, and a browser.
// `args` go to the binary, e.g. ["--xrpl", "sandbox", "--sandbox-port", "0"] for a paying site;
// `env` to its environment, e.g. XRPL_URL, XRPL_SEED and XRPL_ADDRESS for a site paying on a real
// ledger (whose admins must use two-factor sign-in).
// With `at` instead: the app in this process on a fake clock standing at `at` (SiteOnClock), with
// the same admin, a fresh install's settings, no payouts, and the web build the binary embeds (web/dist,
// as src/generated/web-assets.ts lists it: `bun build.ts` first, as for the binary); the browser's
// clock starts at the same moment (Playwright's clock; it runs on from there).
export function startSite(options?: BinarySiteOptions): Promise<Site>;
export function startSite(options: SiteOnClockOptions): Promise<SiteOnClock>;
export async function startSite(options: BinarySiteOptions | SiteOnClockOptions = {}): Promise<Site | SiteOnClock> {
  if ("at" in options) return startSiteOnClock(options);
  const { args = [], env } = options;
  const dir = mkdtempSync(join(tmpdir(), "xrp-faucet-e2e-"));
  const seeded = await runBinary(["--seed-admin", ADMIN.username], { cwd: dir, env: { ADMIN_PASSWORD: ADMIN.password } });
  if (seeded.code !== 0) throw new Error(`seeding the admin failed: ${seeded.stderr}`);
  const adminSetupCode = /setup code for '[^']+': (\S+) /.exec(seeded.stdout)?.[1];
  if (!adminSetupCode) throw new Error(`--seed-admin printed no setup code: ${seeded.stdout}`);
  const server = await startBinary({ binary: BINARY, cwd: dir, args, env });
  const site = await withBrowser(server.url, async () => {
    await server.stop("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  });
  return { ...site, server, adminSetupCode };
}

async function startSiteOnClock({ at, trustProxy = false }: SiteOnClockOptions): Promise<SiteOnClock> {
  const webBuild = resolve(import.meta.dir, "../dist/index.html");
  const embedded = resolve(import.meta.dir, "../../src/generated/web-assets.ts");
  if (!existsSync(webBuild) || !existsSync(embedded)) throw new Error(`${webBuild} or ${embedded} is missing: run 'bun build.ts' (npm test does it first)`);
  // (loaded here: the other suites run the binary and need none of the app's code)
  const { fakeClock, testApp, TEST_PASSWORD_COST } = await import("../../src/testing/harness.ts");
  const { createClientIpResolver } = await import("../../src/http/client-ip.ts");
  const { seedAdminAccount } = await import("../../src/modules/account/service.ts");
  const clock = fakeClock(at);
  // a fresh install's settings (powDifficulty null), the client's IP as the binary reads it
  const t = testApp({ powDifficulty: null, clock, clientIp: createClientIpResolver(trustProxy), config: { publicUrl: null, trustProxy } });
  try {
    // what --seed-admin does (cli.ts), on the site's clock
    await seedAdminAccount({ db: t.db, clock, passwordCost: TEST_PASSWORD_COST }, { username: ADMIN.username, email: null, password: ADMIN.password });
    const url = t.listen();
    // (the browser's clock from the server's now: what a page reckons against its own clock, as
    // "requested 2 minutes ago", agrees with the server's times)
    const site = await withBrowser(url, () => t.close(), (context) => context.clock.install({ time: clock() }));
    return { ...site, clock };
  } catch (error) {
    await t.close();
    throw error;
  }
}

// A browser for the site at `url`; `closeSite` stops the site once the browser is closed, and
// `prepare` readies each new context before its page is opened.
async function withBrowser(url: string, closeSite: () => Promise<void>, prepare?: (context: BrowserContext) => Promise<void>): Promise<BrowserSite> {
  const browser = await launchBrowser();
  const contexts: BrowserContext[] = [];
  let pages = 0;
  return {
    browser,
    url,
    async newPage({ width = 1280, height = 800, reducedMotion = true, plainHttpHost = false, visitorIp, timezoneId, userAgent, locale }: NewPageOptions = {}) {
      const context = await browser.newContext({
        ...(locale ? { locale } : {}),
        ...(timezoneId ? { timezoneId } : {}),
        ...(userAgent ? { userAgent } : {}),
        extraHTTPHeaders: { "x-forwarded-for": visitorIp ?? `100.${64 + (pages >> 8)}.${pages++ & 255}.10` },
        viewport: { width, height },
        baseURL: plainHttpHost ? url.replace("127.0.0.1", PLAIN_HTTP_HOST) : url,
        reducedMotion: reducedMotion ? "reduce" : "no-preference",
      });
      context.setDefaultTimeout(20_000);
      contexts.push(context);
      await prepare?.(context);
      return { context, page: await context.newPage() };
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close().catch(() => {});
      await closeSite();
    },
  };
}

// bun's expect has no Playwright locator matchers: these wait the way Playwright's would.
export async function seen(locator: Locator, timeout = 20_000): Promise<void> {
  await locator.first().waitFor({ state: "visible", timeout });
}

export async function gone(locator: Locator, timeout = 20_000): Promise<void> {
  await locator.first().waitFor({ state: "hidden", timeout });
}

// Polls until `check` is true; fails with `what` after the timeout (src/testing/wait.ts).
export async function until(check: () => Promise<boolean>, what: string, timeout = 20_000): Promise<void> {
  await waitFor(check, { what, timeout, interval: 50 });
}

// What axe-core finds against WCAG 2.1 A and AA on the page as it is, one line a rule ([] when clean).
export async function axeViolations(page: Page): Promise<string[]> {
  // A first visit's splash sits over the page while it plays (and fades): axe would measure the
  // contrast of the page through it. (It says the site's name: "Loading XRP Faucet" unless renamed.)
  await gone(page.getByRole("status", { name: /^Loading / }));
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

// The error under a field: the element its aria-describedby names first.
export async function errorUnder(field: Locator): Promise<string | null> {
  const ids = await field.getAttribute("aria-describedby");
  if (!ids) return null;
  return field.page().locator(`#${ids.split(" ")[0]}`).textContent();
}

export const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

// the live region the app's toasts appear in
export const toasts = (page: Page) => page.getByRole("region", { name: "Notifications" });

// the smallest PNG, as a file a person picks in a file chooser
export const pngFile = (name: string) => ({ name, mimeType: "image/png", buffer: PNG_1X1 });
export { PNG_1X1 };

// A new random XRP address (classic, r...), never seen by the site.
export const newAddress = () => encodeAccountID(crypto.getRandomValues(new Uint8Array(20)));

// The password of the users the tests register.
export const USER_PASSWORD = "correct horse battery";

// The session cookie ("session=...") a login or registration answer sets, for a Cookie header (the
// answer may set the device cookie before it).
export function sessionCookie(res: Response): string {
  const line = res.headers.getSetCookie().find((c) => c.startsWith("session="));
  if (!line) throw new Error(`the answer (${res.status}) set no session cookie`);
  return line.split(";")[0]!;
}

// The CLI-seeded admin logs in over the API and saves `settings` (POST /api/admin/faucet/settings),
// e.g. { bonusMinAccountAgeHours: 0 } for bonuses to accounts made a moment ago (the default asks for
// a day-old account). Returns the admin's session cookie.
export async function saveSettings(url: string, settings: Record<string, unknown>): Promise<string> {
  const json = { "content-type": "application/json" };
  const login = await fetch(`${url}/api/login`, { method: "POST", headers: json, body: JSON.stringify(ADMIN) });
  if (login.status !== 200) throw new Error(`the admin's login answered ${login.status}`);
  const cookie = sessionCookie(login);
  const saved = await fetch(`${url}/api/admin/faucet/settings`, { method: "POST", headers: { ...json, cookie }, body: JSON.stringify(settings) });
  if (saved.status !== 200) throw new Error(`saving the settings answered ${saved.status}: ${await saved.text()}`);
  return cookie;
}

// Registers `username` (email username@example.com, password USER_PASSWORD) through the registration
// form and waits for their dashboard.
export async function registerUser(page: Page, username: string): Promise<void> {
  await page.goto("/register");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(`${username}@example.com`);
  await page.getByLabel("Password").fill(USER_PASSWORD);
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await page.waitForURL("**/dashboard");
}

// Logs `page` in through the login form (and waits for nothing: a wrong password stays on /login).
export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

// Logs `page` in as the CLI-seeded admin through the login form and waits for the back office.
export async function logInAsAdmin(page: Page): Promise<void> {
  await logIn(page, ADMIN.username, ADMIN.password);
  await page.waitForURL("**/admin");
}

// A faucet request as the admin's list shows it (the fields these tests read), and once paid: a
// PROCESSED request has its transaction's hash.
interface ListedRequest {
  id: number;
  status: string;
  amount: string;
  txHash: string | null;
  autoApproved: boolean;
  processedBy: string | null;
}
export type PaidRequest = ListedRequest & { status: "PROCESSED"; txHash: string };
const isPaid = (r: ListedRequest): r is PaidRequest => r.status === "PROCESSED";

// Polls the admin's list of faucet requests from `admin`, a page signed in as the admin, until
// request `id` is PROCESSED (paid on the ledger), and returns it; fails with `what` after `timeout`.
export function untilPaid(admin: Page, id: number, what: string, timeout = 20_000): Promise<PaidRequest> {
  return waitFor(
    async () => {
      const list: ListedRequest[] = await admin.evaluate(async () => (await fetch("/api/admin/faucet/requests")).json());
      return list.filter(isPaid).find((r) => r.id === id);
    },
    { what, timeout, interval: 50 },
  );
}
