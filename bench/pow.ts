// What the proof of work costs: a visitor's browser (Chromium, the site's own solver) and a bot's
// native solver (Bun, altcha-lib with OpenSSL's PBKDF2), on challenges from the built binary at the
// default difficulty. Also Chromium with its CPU slowed 4× (the usual stand-in for a mid-range phone).
//   BENCH_POW_SOLVES=30   solves per solver
import { rmSync } from "node:fs";
import type { Challenge } from "altcha-lib";
import { binaryInEmptyDir, startBinary } from "../src/testing/binary.ts";
import { solve } from "../src/testing/pow.ts";
import { launchBrowser } from "../web/e2e/support.ts";

const SOLVES = Number(process.env.BENCH_POW_SOLVES ?? 30);
const { dir, binary } = binaryInEmptyDir();
const server = await startBinary({ binary, cwd: dir });
const browser = await launchBrowser();
const built = await Bun.build({ entrypoints: [new URL("./pow-page.ts", import.meta.url).pathname], target: "browser", minify: true });
const script = await built.outputs[0]!.text();

type Sample = { ms: number; counter: number };
const counterOf = (proof: string) => JSON.parse(Buffer.from(proof, "base64").toString()).solution.counter as number;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

async function inChromium(throttle: number): Promise<Sample[]> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  // A page of the site's origin (WebCrypto needs a secure context; localhost is one) running the solver.
  await page.route("**/bench-pow", (route) => route.fulfill({ contentType: "text/html", body: `<!doctype html><script>${script}</script>` }));
  await page.goto("/bench-pow");
  if (throttle > 1) await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: throttle });
  const samples: Sample[] = [];
  for (let i = 0; i < SOLVES; i++) {
    const { ms, proof } = await page.evaluate(async () => {
      const started = performance.now();
      const proof = await (window as unknown as { solveProof: () => Promise<string | null> }).solveProof();
      return { ms: performance.now() - started, proof };
    });
    samples.push({ ms, counter: counterOf(proof!) });
  }
  await context.close();
  return samples;
}

async function inBun(): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let i = 0; i < SOLVES; i++) {
    const started = performance.now();
    const { challenge } = (await (await fetch(`${server.url}/api/pow/challenge`)).json()) as { challenge: Challenge };
    const proof = await solve(challenge);
    samples.push({ ms: performance.now() - started, counter: counterOf(proof) });
  }
  return samples;
}

try {
  const bot = await inBun();
  const visitor = await inChromium(1);
  const phone = await inChromium(4);
  const report = (name: string, s: Sample[]) => {
    const ms = s.map((x) => x.ms);
    const perThousand = (1000 * ms.reduce((a, b) => a + b, 0)) / s.reduce((a, b) => a + b.counter, 0);
    console.log(`${name.padEnd(36)} median ${median(ms).toFixed(0).padStart(5)} ms  p95 ${p95(ms).toFixed(0).padStart(5)} ms  ${perThousand.toFixed(0)} ms per 1000 tries`);
    return perThousand;
  };
  console.log(`proof of work at the default difficulty (2000: the answer is 1000-2000 tries of PBKDF2-SHA256 x1000), ${SOLVES} solves each`);
  const base = report("bot: Bun, native, one search", bot);
  const v = report("visitor: Chromium, site solver", visitor);
  const p = report("phone stand-in: Chromium, 4x slower", phone);
  console.log(`visitor/bot time per try: ${(v / base).toFixed(2)}x; phone stand-in/bot: ${(p / base).toFixed(2)}x`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
