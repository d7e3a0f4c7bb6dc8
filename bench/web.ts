// What a visitor's browser gets: the JavaScript downloaded on `/` (gzip and brotli, as the server sends
// it), and Lighthouse (from npm, run by Bun) against Debian's Chromium: mobile for the home, faucet,
// reviews and blog pages and a logged-in user's dashboard (goal >= 98 on /, /faucet, /reviews and
// /dashboard), and the same but the blog in Japanese (/ja/...), desktop for the home and faucet pages; the median of BENCH_LIGHTHOUSE_RUNS runs
// (default 3), with the gzip bytes of the JavaScript each page loaded. The bytes are reported, not a
// goal. BENCH_LIGHTHOUSE_ONLY (a regular expression) keeps the runs whose "path preset" it matches:
// "mobile", "^/faucet ".
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { binaryInEmptyDir, startBinary } from "../src/testing/binary.ts";
import { proofFor } from "../src/testing/pow.ts";
import { chromium } from "playwright-core";
import { CHROMIUM_PATH, launchBrowser } from "../web/e2e/support.ts";
import { captureOutput, writeRecord } from "./record.ts";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const ONLY = new RegExp(process.env.BENCH_LIGHTHOUSE_ONLY ?? "");
const LIGHTHOUSE = join(import.meta.dir, "../node_modules/lighthouse/cli/index.js");
const { dir, binary } = binaryInEmptyDir();
const server = await startBinary({ binary, cwd: dir });
const work = mkdtempSync(join(tmpdir(), "xrp-faucet-lighthouse-"));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function javascriptOnHome(path = "/") {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ baseURL: server.url });
    const scripts = new Set<string>();
    page.on("response", (r) => void (r.request().resourceType() === "script" && scripts.add(r.url())));
    await page.goto(path);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");
    const size = async (url: string, encoding: string) =>
      (await (await fetch(url, { headers: { "accept-encoding": encoding }, decompress: false })).arrayBuffer())
        .byteLength;
    let gzip = 0;
    let br = 0;
    for (const url of scripts) {
      gzip += await size(url, "gzip");
      br += await size(url, "br");
    }
    const names = new Set([...scripts].map((url) => new URL(url).pathname.split("/").pop()!));
    const adminOnHome = [...names].some((file) => file.startsWith("Admin-"));
    return { files: scripts.size, gzip, br, adminOnHome, names };
  } finally {
    await browser.close();
  }
}

// The admin back office's own chunk (web/dist/assets/Admin-*.js), as the server sends it gzipped, and
// with the shared chunks it imports that a visitor's / has not loaded: what an admin downloads when
// opening /admin. A visitor never loads it.
function adminChunk(loadedOnHome: Set<string>) {
  const assets = join(import.meta.dir, "../web/dist/assets");
  const name = readdirSync(assets).find((file) => /^Admin-[^.]*\.js$/.test(file));
  if (!name) throw new Error("no Admin chunk in web/dist/assets: run bun build.ts");
  // (a small chunk has no .gz: it is sent as it is)
  const gzip = (file: string) =>
    statSync(join(assets, existsSync(join(assets, `${file}.gz`)) ? `${file}.gz` : file)).size;
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || loadedOnHome.has(file)) return;
    seen.add(file);
    for (const [, imported] of readFileSync(join(assets, file), "utf8").matchAll(/from\s*"\/assets\/([^"]+\.js)"/g))
      visit(imported!);
  };
  visit(name);
  return { name, gzip: gzip(name), withShared: [...seen].reduce((sum, file) => sum + gzip(file), 0) };
}

type Report = {
  categories: Record<string, { score: number }>;
  audits: Record<string, { numericValue: number; details?: { items?: { url: string; resourceType?: string }[] } }>;
  finalDisplayedUrl: string;
};

// The scripts a Lighthouse run saw the page load, as gzip bytes the server sends for each.
async function javascriptGzip(report: Report): Promise<{ files: number; gzip: number }> {
  const items = report.audits["network-requests"]?.details?.items ?? [];
  const scripts = [...new Set(items.filter((i) => i.resourceType === "Script").map((i) => i.url))];
  let gzip = 0;
  for (const url of scripts)
    gzip += (await (await fetch(url, { headers: { "accept-encoding": "gzip" }, decompress: false })).arrayBuffer())
      .byteLength;
  return { files: scripts.length, gzip };
}

// A registered user's session cookie, for the dashboard's run.
async function userCookie(): Promise<string> {
  const body = JSON.stringify({ username: "benchuser", email: "bench@example.com", password: "correct horse battery" });
  const json = { "content-type": "application/json", origin: server.url };
  const registered = await fetch(`${server.url}/api/register`, {
    method: "POST",
    headers: { ...json, ...(await proofFor(server.url, "register")) },
    body,
  });
  if (!registered.ok) throw new Error(`register failed: ${registered.status} ${await registered.text()}`);
  const login = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ username: "benchuser", password: "correct horse battery" }),
  });
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith("session="));
  if (!cookie) throw new Error(`login failed: ${login.status}`);
  return cookie.split(";")[0]!;
}

// A Chromium profile holding that cookie. Lighthouse's --extra-headers Cookie reaches the document
// but not the page's fetch() calls (the profile's cookie jar wins): /api/user then answered 401 and
// the "logged-in" run measured the login page. Each run gets a fresh copy (Lighthouse clears the
// cache and storage but not cookies).
async function profileWith(cookie: string): Promise<string> {
  const profile = join(work, "profile");
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: ["--no-sandbox", "--password-store=basic", "--use-mock-keychain"],
  });
  const [name, value] = cookie.split("=", 2) as [string, string];
  await context.addCookies([
    { name, value, url: server.url, httpOnly: true, sameSite: "Lax", expires: Date.now() / 1000 + 3600 },
  ]);
  await context.close();
  return profile;
}

class LighthouseFailure extends Error {
  constructor(readonly stderr: string) {
    super(`lighthouse failed: ${stderr}`);
  }
}
// Lighthouse's own hiccups (its trace missed the navigation's start: "NO_NAVSTART, please run
// Lighthouse again"; or no first paint on a busy machine): the run is made again, a few times at
// most, saying so, instead of losing the whole bench.
const RETRIED = /NO_NAVSTART|NO_FCP|please run Lighthouse again|PROTOCOL_TIMEOUT/i;
const ATTEMPTS = 4;
function lighthouse(path: string, preset: "mobile" | "desktop", profile?: string): Report {
  for (let attempt = 1; ; attempt++) {
    try {
      return lighthouseOnce(path, preset, profile);
    } catch (error) {
      if (!(error instanceof LighthouseFailure) || !RETRIED.test(error.stderr) || attempt === ATTEMPTS) throw error;
      console.log(
        `  (Lighthouse's own failure on ${path} ${preset}, run ${attempt} of ${ATTEMPTS}: ${error.stderr.match(RETRIED)?.[0]}; running it again)`,
      );
    }
  }
}

let runNumber = 0;
function lighthouseOnce(path: string, preset: "mobile" | "desktop", profile?: string): Report {
  const out = join(work, "report.json");
  let userDataDir = "";
  if (profile) {
    userDataDir = join(work, `profile-${runNumber++}`);
    cpSync(profile, userDataDir, { recursive: true });
  }
  const run = Bun.spawnSync(
    [
      process.execPath,
      LIGHTHOUSE,
      `${server.url}${path}`,
      "--quiet",
      "--output=json",
      `--output-path=${out}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      // (a second --user-data-dir wins over chrome-launcher's own)
      `--chrome-flags=--headless=new --no-sandbox --disable-gpu${userDataDir ? ` --user-data-dir=${userDataDir}` : ""}`,
      ...(preset === "desktop" ? ["--preset=desktop"] : []),
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH } },
  );
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  if (run.exitCode !== 0) throw new LighthouseFailure(run.stderr.toString().slice(-500));
  const report = JSON.parse(readFileSync(out, "utf8"));
  if (profile && !report.finalDisplayedUrl.endsWith(path))
    throw new Error(`the logged-in run ended on ${report.finalDisplayedUrl}, not ${path}`);
  return report;
}

try {
  const printed = captureOutput();
  const js = await javascriptOnHome();
  console.log(
    `JavaScript on /: ${js.files} files, ${(js.gzip / 1024).toFixed(1)} KiB gzip, ${(js.br / 1024).toFixed(1)} KiB brotli (reported, not a goal)`,
  );
  const japanese = await javascriptOnHome("/ja/");
  console.log(
    `JavaScript on /ja/: ${japanese.files} files, ${(japanese.gzip / 1024).toFixed(1)} KiB gzip, ${(japanese.br / 1024).toFixed(1)} KiB brotli (reported, not a goal)`,
  );
  const admin = adminChunk(js.names);
  console.log(
    `Admin chunk: ${(admin.gzip / 1024).toFixed(1)} KiB gzip (${admin.name}; ${(admin.withShared / 1024).toFixed(1)} KiB with the shared chunks / has not loaded); on a visitor's /: ${js.adminOnHome ? "YES (it should not be)" : "no"}`,
  );
  // without a Japanese font Chromium searches every font for each character, which no Japanese
  // visitor's device does: the Japanese pages would measure that search
  const japaneseFont =
    Bun.spawnSync(["fc-list", ":lang=ja", "family"]).stdout.toString().trim() &&
    Bun.spawnSync(["fc-match", "sans-serif:lang=ja", "family"]).stdout.toString().trim();
  console.log(
    japaneseFont
      ? `Japanese font: ${japaneseFont}`
      : "Japanese font: NONE (apt-get install fonts-noto-cjk): the /ja/ figures measure Chromium's font search",
  );
  const profile = await profileWith(await userCookie());
  console.log(
    `Lighthouse 13, median of ${RUNS} runs   perf  a11y  best  seo    FCP     LCP     TBT     SI      CLS    JS gzip   (goal: mobile perf >= 98)`,
  );
  const runs: [string, "mobile" | "desktop", string?][] = [
    ["/", "mobile"],
    ["/faucet", "mobile"],
    ["/reviews", "mobile"],
    // its posts come from the API: the operator's own
    ["/blog", "mobile"],
    ["/dashboard", "mobile", profile],
    // the same pages in Japanese
    ["/ja/", "mobile"],
    ["/ja/faucet", "mobile"],
    ["/ja/reviews", "mobile"],
    ["/ja/dashboard", "mobile", profile],
    ["/", "desktop"],
    ["/faucet", "desktop"],
  ];
  for (const [path, preset, session] of runs.filter(([path, preset]) => ONLY.test(`${path} ${preset}`))) {
    const reports = Array.from({ length: RUNS }, () => lighthouse(path, preset, session));
    const score = (c: string) =>
      String(Math.round(100 * median(reports.map((r) => r.categories[c]!.score)))).padStart(4);
    const ms = (a: string) =>
      `${(median(reports.map((r) => r.audits[a]!.numericValue)) / 1000).toFixed(2)} s`.padStart(7);
    const cls = median(reports.map((r) => r.audits["cumulative-layout-shift"]!.numericValue)).toFixed(3);
    const each = reports.map((r) => Math.round(100 * r.categories.performance!.score)).join(" ");
    const js = await javascriptGzip(reports[0]!);
    const kib = `${(js.gzip / 1024).toFixed(1)} KiB`.padStart(9);
    console.log(
      `  ${`${path}${session ? " (logged in)" : ""} ${preset}`.padEnd(34)} ${score("performance")}  ${score("accessibility")}  ${score("best-practices")}  ${score("seo")}  ` +
        `${ms("first-contentful-paint")} ${ms("largest-contentful-paint")} ${ms("total-blocking-time")} ${ms("speed-index")}  ${cls}  ${kib} (${js.files} files)   (perf of each run: ${each})`,
    );
  }
  console.log(
    "(mobile: Lighthouse's default slow-4G and 4x CPU slowdown; the splash plays only on a session's first visit to /, and Lighthouse's fresh profile is one)",
  );
  writeRecord("web", { lines: printed.stop() });
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
}
