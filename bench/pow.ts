// What one proof of work costs, on challenges from the built binary at the default difficulty:
// a visitor's browser (Chromium, the site's own solver), Chromium with its CPU slowed 4× (the usual
// stand-in for a mid-range phone), and a bot's native solver (Bun, OpenSSL's PBKDF2 through
// altcha-lib) with the two orders of trying counters a bot would consider: from 0 like a browser, and
// from d/2 (wrapping round to 0), which paid about a third as much while the server drew its secret
// from [d/2, d]. With the secret uniform over 1..d every order costs about d / 2 tries on average.
// Each of those challenges is an honest visitor's: the first its network asks for (the site runs with
// --trust-proxy and each challenge is fetched with X-Forwarded-For from a network of its own).
// Then the adaptive difficulty: what a bot pays per proof when it asks for 1, 10 or 100 challenges in
// an hour from one IPv6 /48 (each from another /64 inside it), as a multiple of the honest visitor's
// cost. The derivations a proof costs on average follow from each challenge's published difficulty d
// ((d + 1) / 2 + 1), the seconds from the bot's measured time per derivation; a few proofs of each
// series are solved to check the derivations counted against that.
//   BENCH_POW_SOLVES=30          proofs per browser solver
//   BENCH_POW_BOT_SOLVES=200     proofs the bot solves (each with both orders)
//   BENCH_POW_SERIES_SOLVES=5    proofs of each adaptive series the bot solves (spread over it)
import { rmSync } from "node:fs";
import type { Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { binaryInEmptyDir, startBinary } from "../src/testing/binary.ts";
import { launchBrowser } from "../web/e2e/support.ts";
import { captureOutput, writeRecord } from "./record.ts";

const DIFFICULTY = 2000; // a fresh install's (src/db/schema.ts)
const SOLVES = Number(process.env.BENCH_POW_SOLVES ?? 30);
const BOT_SOLVES = Number(process.env.BENCH_POW_BOT_SOLVES ?? 200);
const SERIES_SOLVES = Number(process.env.BENCH_POW_SERIES_SOLVES ?? 5);
// Tries a proof costs on average when counting from 0: the answer N is uniform over 1..d, N + 1 tries.
const expectedTries = (difficulty: number) => (difficulty + 1) / 2 + 1;
const EXPECTED_TRIES = expectedTries(DIFFICULTY);
const { dir, binary } = binaryInEmptyDir();
const server = await startBinary({ binary, cwd: dir, args: ["--trust-proxy"] });
// An honest visitor's address: each in an IPv4 /24 of its own.
let visitors = 0;
const honestIp = () => `10.${(visitors >> 8) & 255}.${visitors++ & 255}.7`;
const browser = await launchBrowser();
const built = await Bun.build({
  entrypoints: [new URL("./pow-page.ts", import.meta.url).pathname],
  target: "browser",
  minify: true,
});
const script = await built.outputs[0]!.text();

type Sample = { ms: number; tries: number };
const counterOf = (proof: string) => JSON.parse(Buffer.from(proof, "base64").toString()).solution.counter as number;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
// The standard error of a mean: how far the measured average may be from the true one.
const stderr = (xs: number[]) =>
  Math.sqrt(xs.reduce((a, x) => a + (x - mean(xs)) ** 2, 0) / (xs.length - 1) / xs.length);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

async function inChromium(throttle: number): Promise<Sample[]> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  // A page of the site's origin (WebCrypto needs a secure context; localhost is one) running the solver.
  await page.route("**/bench-pow", (route) =>
    route.fulfill({ contentType: "text/html", body: `<!doctype html><script>${script}</script>` }),
  );
  await page.route(
    (url) => url.pathname === "/api/pow/challenge",
    (route) => route.continue({ headers: { ...route.request().headers(), "x-forwarded-for": honestIp() } }),
  );
  await page.goto("/bench-pow");
  if (throttle > 1)
    await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: throttle });
  const samples: Sample[] = [];
  for (let i = 0; i < SOLVES; i++) {
    const { ms, proof } = await page.evaluate(async () => {
      const started = performance.now();
      const proof = await (window as unknown as { solveProof: (form: string) => Promise<string | null> }).solveProof(
        "faucet",
      );
      return { ms: performance.now() - started, proof };
    });
    // Tries up to the answer; the browser's parallel searches may have a few more in flight.
    samples.push({ ms, tries: counterOf(proof!) + 1 });
  }
  await context.close();
  return samples;
}

// The bot's search: counters in the given order, one PBKDF2 each, until the derived key starts with
// the published prefix.
async function search(challenge: Challenge, order: Iterable<number>): Promise<Sample & { counter: number }> {
  const { nonce, salt, keyPrefix } = challenge.parameters;
  const nonceBuf = Buffer.from(nonce, "hex");
  const saltBuf = Buffer.from(salt, "hex");
  const password = new Uint8Array(nonceBuf.length + 4);
  password.set(nonceBuf);
  const view = new DataView(password.buffer);
  const started = performance.now();
  let tries = 0;
  for (const counter of order) {
    tries++;
    view.setUint32(nonceBuf.length, counter); // altcha-lib's 'uint32' counter: big-endian after the nonce
    const { derivedKey } = await deriveKey(challenge.parameters, saltBuf, password);
    if (Buffer.from(derivedKey).toString("hex").startsWith(keyPrefix))
      return { ms: performance.now() - started, tries, counter };
  }
  throw new Error(
    `no counter tried solves the challenge: is its difficulty still ${challenge.parameters.data?.difficulty}?`,
  );
}
function* range(from: number, to: number) {
  for (let n = from; n <= to; n++) yield n;
}
function* fromHalf() {
  yield* range(DIFFICULTY / 2, DIFFICULTY);
  yield* range(0, DIFFICULTY / 2 - 1);
}

// One network may fetch 120 challenges a minute; waiting is not timed.
async function challenge(ip: string): Promise<Challenge> {
  for (;;) {
    const response = await fetch(`${server.url}/api/pow/challenge?form=faucet`, { headers: { "x-forwarded-for": ip } });
    if (response.status !== 429) return ((await response.json()) as { challenge: Challenge }).challenge;
    await Bun.sleep(2000);
  }
}
const difficultyOf = (c: Challenge) => Number(c.parameters.data?.difficulty);

async function bot(): Promise<{ fromZero: Sample[]; fromHalf: Sample[] }> {
  const fromZero: Sample[] = [];
  const half: Sample[] = [];
  for (let i = 0; i < BOT_SOLVES; i++) {
    const c = await challenge(honestIp());
    if (difficultyOf(c) !== DIFFICULTY)
      throw new Error(`an honest visitor's challenge costs ${difficultyOf(c)}, not ${DIFFICULTY}`);
    const a = await search(c, range(0, DIFFICULTY));
    const b = await search(c, fromHalf());
    if (a.counter !== b.counter) throw new Error("the two orders found different answers");
    fromZero.push(a);
    half.push(b);
  }
  return { fromZero, fromHalf: half };
}

// A bot asking for `asked` challenges within the hour from one /48 (series `n`), each from another /64.
async function series(n: number, asked: number) {
  const challenges: Challenge[] = [];
  for (let i = 1; i <= asked; i++) challenges.push(await challenge(`2001:db8:${n}:${i.toString(16)}::1`));
  const difficulties = challenges.map(difficultyOf);
  // a few of them solved, spread over the series (the last one always)
  const picked = [
    ...new Set(
      Array.from(
        { length: Math.min(SERIES_SOLVES, asked) },
        (_, k) => asked - 1 - Math.floor((k * asked) / Math.min(SERIES_SOLVES, asked)),
      ),
    ),
  ];
  let counted = 0;
  let expected = 0;
  let ms = 0;
  for (const i of picked) {
    const solved = await search(challenges[i]!, range(0, difficulties[i]!));
    counted += solved.tries;
    expected += expectedTries(difficulties[i]!);
    ms += solved.ms;
  }
  return {
    asked,
    difficulties,
    perProof: mean(difficulties.map(expectedTries)),
    solved: picked.length,
    counted,
    expected,
    ms,
  };
}

try {
  // (the browsers first: their solver gives up on a refused challenge, the bot waits)
  const visitor = await inChromium(1);
  const phone = await inChromium(4);
  const bots = await bot();
  const printed = captureOutput();
  console.log(
    `proof of work at the default difficulty ${DIFFICULTY}: secret counter uniform over 1..${DIFFICULTY}, one try = PBKDF2-SHA256 x1000, ` +
      `${EXPECTED_TRIES.toFixed(0)} tries a proof on average from 0; ${BOT_SOLVES} proofs for the bot, ${SOLVES} for each browser`,
  );
  console.log(
    `${"solver".padEnd(46)} ${"tries/proof".padStart(13)} ${"ms/proof".padStart(9)} ${"median".padStart(7)} ${"p95".padStart(7)} ${"ms/1000 tries".padStart(14)} ${`ms at ${EXPECTED_TRIES.toFixed(0)} tries`.padStart(18)}`,
  );
  const report = (name: string, s: Sample[]) => {
    const ms = s.map((x) => x.ms);
    const tries = s.map((x) => x.tries);
    const perThousand = (1000 * mean(ms)) / mean(tries);
    const expectedMs = (perThousand * EXPECTED_TRIES) / 1000;
    console.log(
      `${name.padEnd(46)} ${`${mean(tries).toFixed(0)} ±${stderr(tries).toFixed(0)}`.padStart(13)} ${mean(ms).toFixed(0).padStart(9)} ${median(ms).toFixed(0).padStart(7)} ` +
        `${p95(ms).toFixed(0).padStart(7)} ${perThousand.toFixed(0).padStart(14)} ${expectedMs.toFixed(0).padStart(18)}`,
    );
    return { tries: mean(tries), ms: mean(ms), perThousand, expectedMs };
  };
  const zero = report("bot: Bun, native, from 0 (its best)", bots.fromZero);
  const half = report("bot: Bun, native, from d/2 then 0 (old trick)", bots.fromHalf);
  const v = report("visitor: Chromium, site solver", visitor);
  const p = report("phone stand-in: Chromium, 4x slower CPU", phone);
  // Paired on the same challenges: the d/2 start saves 1000 tries when N >= d/2 and loses 1000 otherwise.
  const saved = bots.fromZero.map((a, i) => a.tries - bots.fromHalf[i]!.tries);
  console.log(
    `starting at d/2 instead of 0: ${(half.tries / zero.tries).toFixed(2)}x the tries, saving ${mean(saved).toFixed(0)} ±${stderr(saved).toFixed(0)} a proof ` +
      `(expected: 0, nothing gained). Against the old secret in [d/2, d] it paid about ${DIFFICULTY / 4} tries instead of ${(3 * DIFFICULTY) / 4}, a third.`,
  );
  console.log(
    `one proof on average (${EXPECTED_TRIES.toFixed(0)} tries): bot ${zero.expectedMs.toFixed(0)} ms, visitor ${v.expectedMs.toFixed(0)} ms, phone stand-in ${p.expectedMs.toFixed(0)} ms; ` +
      `time per try visitor/bot ${(v.perThousand / zero.perThousand).toFixed(2)}x, phone stand-in/bot ${(p.perThousand / zero.perThousand).toFixed(2)}x`,
  );

  console.log(
    `\nadaptive difficulty: a bot asking from one /48 (each challenge from another /64) within the hour, beside an honest visitor ` +
      `(its network's first challenge: ${EXPECTED_TRIES.toFixed(0)} tries, ${zero.expectedMs.toFixed(0)} ms for the bot's solver). ` +
      `Tries a proof from each challenge's published difficulty d, (d + 1) / 2 + 1; seconds at the bot's ${zero.perThousand.toFixed(0)} ms per 1000 tries; ` +
      `up to ${SERIES_SOLVES} proofs of each series solved to check the tries counted against that (the rest extrapolated)`,
  );
  console.log(
    `${"challenges/hour".padEnd(16)} ${"tries/proof".padStart(12)} ${"x honest".padStart(9)} ${"s/proof".padStart(8)} ${"last d".padStart(8)} ${"last x".padStart(7)} ${"s in the hour".padStart(14)} ${"x honest's hour".padStart(16)}   solved: tries counted / expected`,
  );
  for (const [n, asked] of [1, 10, 100].entries()) {
    const s = await series(n + 1, asked);
    const last = s.difficulties.at(-1)!;
    console.log(
      `${String(asked).padEnd(16)} ${s.perProof.toFixed(0).padStart(12)} ${(s.perProof / EXPECTED_TRIES).toFixed(2).padStart(9)} ` +
        `${((s.perProof * zero.perThousand) / 1e6).toFixed(2).padStart(8)} ${String(last).padStart(8)} ${(last / DIFFICULTY).toFixed(0).padStart(7)} ` +
        `${((asked * s.perProof * zero.perThousand) / 1e6).toFixed(1).padStart(14)} ${((asked * s.perProof) / EXPECTED_TRIES).toFixed(0).padStart(16)}   ` +
        `${s.solved} solved: ${s.counted} / ${s.expected.toFixed(0)} (${(s.counted / s.expected).toFixed(2)}), ${(s.ms / 1000).toFixed(1)} s`,
    );
  }
  writeRecord("pow", { lines: printed.stop() });
} finally {
  await browser.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
