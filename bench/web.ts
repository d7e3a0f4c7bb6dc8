// What a visitor's browser gets: the JavaScript downloaded on `/` (gzip and brotli, as the server sends
// it), and Lighthouse (from npm, run by Bun) against Debian's Chromium, mobile and desktop, for the
// home page and the faucet page: the median of BENCH_LIGHTHOUSE_RUNS runs (default 3).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { binaryInEmptyDir, startBinary } from "../src/testing/binary.ts";
import { CHROMIUM_PATH, launchBrowser } from "../web/e2e/support.ts";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const LIGHTHOUSE = join(import.meta.dir, "../node_modules/lighthouse/cli/index.js");
const { dir, binary } = binaryInEmptyDir();
const server = await startBinary({ binary, cwd: dir });
const work = mkdtempSync(join(tmpdir(), "xrp-faucet-lighthouse-"));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function javascriptOnHome() {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ baseURL: server.url });
    const scripts = new Set<string>();
    page.on("response", (r) => void (r.request().resourceType() === "script" && scripts.add(r.url())));
    await page.goto("/");
    await page.getByRole("heading", { name: "Get Free XRP Instantly" }).waitFor();
    const size = async (url: string, encoding: string) =>
      (await (await fetch(url, { headers: { "accept-encoding": encoding }, decompress: false })).arrayBuffer()).byteLength;
    let gzip = 0;
    let br = 0;
    for (const url of scripts) {
      gzip += await size(url, "gzip");
      br += await size(url, "br");
    }
    const adminOnHome = [...scripts].some((url) => /\/Admin-[^/]*\.js$/.test(url));
    return { files: scripts.size, gzip, br, adminOnHome };
  } finally {
    await browser.close();
  }
}

// The admin back office's own chunk (web/dist/assets/Admin-*.js), as the server sends it gzipped: an
// admin downloads it when opening /admin; a visitor never does.
function adminChunk() {
  const assets = join(import.meta.dir, "../web/dist/assets");
  const name = readdirSync(assets).find((file) => /^Admin-[^.]*\.js$/.test(file));
  if (!name) throw new Error("no Admin chunk in web/dist/assets: run bun build.ts");
  return { name, gzip: statSync(join(assets, `${name}.gz`)).size, raw: statSync(join(assets, name)).size };
}

type Report = { categories: Record<string, { score: number }>; audits: Record<string, { numericValue: number }> };

function lighthouse(path: string, preset: "mobile" | "desktop"): Report {
  const out = join(work, "report.json");
  const run = Bun.spawnSync(
    [
      process.execPath,
      LIGHTHOUSE,
      `${server.url}${path}`,
      "--quiet",
      "--output=json",
      `--output-path=${out}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
      ...(preset === "desktop" ? ["--preset=desktop"] : []),
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH } },
  );
  if (run.exitCode !== 0) throw new Error(`lighthouse failed: ${run.stderr.toString().slice(-500)}`);
  return JSON.parse(readFileSync(out, "utf8"));
}

try {
  const js = await javascriptOnHome();
  console.log(`JavaScript on /: ${js.files} files, ${(js.gzip / 1024).toFixed(1)} KiB gzip, ${(js.br / 1024).toFixed(1)} KiB brotli (goal <= 130 KiB gzip)`);
  const admin = adminChunk();
  console.log(`Admin chunk: ${(admin.gzip / 1024).toFixed(1)} KiB gzip (${(admin.raw / 1024).toFixed(1)} KiB raw, ${admin.name}); on a visitor's /: ${js.adminOnHome ? "YES (it should not be)" : "no"}`);
  console.log(`Lighthouse 13, median of ${RUNS} runs   perf  a11y  best  seo    FCP     LCP     TBT     SI      CLS`);
  for (const path of ["/", "/faucet"]) {
    for (const preset of ["mobile", "desktop"] as const) {
      const reports = Array.from({ length: RUNS }, () => lighthouse(path, preset));
      const score = (c: string) => String(Math.round(100 * median(reports.map((r) => r.categories[c]!.score)))).padStart(4);
      const ms = (a: string) => `${(median(reports.map((r) => r.audits[a]!.numericValue)) / 1000).toFixed(2)} s`.padStart(7);
      const cls = median(reports.map((r) => r.audits["cumulative-layout-shift"]!.numericValue)).toFixed(3);
      console.log(
        `  ${`${path} ${preset}`.padEnd(34)} ${score("performance")}  ${score("accessibility")}  ${score("best-practices")}  ${score("seo")}  ` +
          `${ms("first-contentful-paint")} ${ms("largest-contentful-paint")} ${ms("total-blocking-time")} ${ms("speed-index")}  ${cls}`,
      );
    }
  }
  console.log("(mobile: Lighthouse's default slow-4G and 4x CPU slowdown; the spec's 2-second splash sits in FCP and Speed Index)");
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
}
