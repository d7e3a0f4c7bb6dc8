// `npm run bench`: measures the built dist/xrp-faucet side by side with bare baselines in one run
// and reports every figure as a ratio to its baseline (absolute numbers on these shared 2-core
// machines drift by ~15% between runs; ratios taken in one run hold). See
// shared/design/quality.md, "Benchmarks".
//
// Servers run pinned to core 0, wrk (one thread, 64 connections) pinned to core 1. Each measured
// run is preceded by a warm-up; scenarios are interleaved over several rounds and medians reported.
// Only loopback addresses are used. Every child process is ended on the way out, even on error.
//
// Environment:
//   BENCH_ROUNDS=3        rounds of all scenarios (interleaved)
//   BENCH_SECONDS=10      measured seconds per run
//   BENCH_WARMUP=3        warm-up seconds before each measured run (0 to skip)
//   BENCH_CONNECTIONS=64  wrk connections
//   BENCH_STARTS=5        starts for the start-time median
//   BENCH_ONLY=a,b        run only scenarios whose name contains one of these words
//   BENCH_BINARY=path     executable to measure instead of dist/xrp-faucet
//   BENCH_OUT=path        JSON output (default bench/results/latest.json)
// Quick run: BENCH_ROUNDS=1 BENCH_SECONDS=2 BENCH_WARMUP=1 bun bench/run.ts

import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Subprocess } from "bun";

const ROOT = resolve(import.meta.dir, "..");
const BINARY = resolve(process.env.BENCH_BINARY ?? join(ROOT, "dist/xrp-faucet"));
const OUT = resolve(process.env.BENCH_OUT ?? join(ROOT, "bench/results/latest.json"));
const HOST = "127.0.0.1";

function intEnv(name: string, fallback: number, min = 0): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  return n;
}

const ROUNDS = intEnv("BENCH_ROUNDS", 3, 1);
const SECONDS = intEnv("BENCH_SECONDS", 10, 1);
const WARMUP = intEnv("BENCH_WARMUP", 3, 0);
const CONNECTIONS = intEnv("BENCH_CONNECTIONS", 64, 1);
const STARTS = intEnv("BENCH_STARTS", 5, 1);
const ONLY = (process.env.BENCH_ONLY ?? "").split(",").map((s) => s.trim()).filter(Boolean);

// ---------------------------------------------------------------------------------------------
// What is measured. A target is a server process; a scenario is one kind of request against one
// target. A scenario with `baselineOf` is the bare counterpart of the named scenario, which is then
// reported as a ratio to it.

interface TargetContext {
  port: number;
  dataDir: string;
}

interface Target {
  name: string;
  /** The command line, without the CPU pinning. */
  command: (ctx: TargetContext) => string[];
  /** Extra environment on top of the harness's own. */
  env?: (ctx: TargetContext) => Record<string, string>;
  /** Runs once before the target is first started (e.g. to compile it). */
  build?: () => Promise<void>;
}

interface ScenarioRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  headers: Record<string, string>;
  body?: string;
}

interface Scenario {
  name: string;
  target: string;
  path: string;
  method?: ScenarioRequest["method"];
  body?: unknown;
  headers?: Record<string, string>;
  /** The status every answer should have; checked once before the load and counted under load. */
  expectStatus: number;
  /** Name of the scenario this one is the bare baseline of. */
  baselineOf?: string;
  /** The baseline answers the very same body as the scenario it is the baseline of (checked once). */
  sameBody?: boolean;
  /**
   * Runs once against the started target before the scenario is first measured, for example to
   * log in and return a session cookie header. Its result is merged into the request.
   */
  prepare?: (baseUrl: string, dataDir: string) => Promise<Partial<ScenarioRequest>>;
  /**
   * Extra wrk Lua, for requests that must differ from one another (define `request = function()`
   * returning `wrk.format(...)`). Costs wrk throughput: only when a static request will not do.
   */
  lua?: string | (() => string);
}

const bun = process.execPath;
let compiledBaseline = ""; // set by the compiled baseline's build step

// Compiles bench/baseline.ts the way build.ts compiles the binary (minified, bytecode, no autoload),
// so the binary's start time and memory can be set against a compiled Bun executable's floor.
async function compileBaseline() {
  const dir = await tempDir("compiled-baseline");
  compiledBaseline = join(dir, "baseline");
  const result = await Bun.build({
    entrypoints: [join(ROOT, "bench/baseline.ts")],
    target: "bun",
    minify: true,
    bytecode: true,
    format: "esm",
    compile: { outfile: compiledBaseline, autoloadBunfig: false, autoloadDotenv: false },
  });
  if (!result.success) throw new Error(`compiling the baseline failed:\n${result.logs.join("\n")}`);
}

const TARGETS: Target[] = [
  {
    name: "binary",
    // --trust-proxy: the faucet scenario gives every request its own client IP in X-Forwarded-For.
    command: ({ port, dataDir }) => [BINARY, "--host", HOST, "--port", String(port), "--data-dir", dataDir, "--trust-proxy"],
    env: ({ port, dataDir }) => ({ HOST, PORT: String(port), DATA_DIR: dataDir }),
  },
  {
    name: "baseline",
    command: ({ port }) => [bun, join(ROOT, "bench/baseline.ts"), "--host", HOST, "--port", String(port)],
  },
  {
    name: "insert baseline",
    command: ({ port, dataDir }) => [bun, join(ROOT, "bench/insert-baseline.ts"), "--host", HOST, "--port", String(port), "--data-dir", dataDir],
  },
  {
    name: "compiled baseline",
    command: ({ port }) => [compiledBaseline, "--host", HOST, "--port", String(port)],
    build: compileBaseline,
  },
];

/** Targets that are only started, for start time and memory, not loaded. */
const PROCESS_ONLY_TARGETS = ["compiled baseline"];

const SCENARIOS: Scenario[] = [
  { name: "binary health", target: "binary", path: "/api/health", expectStatus: 200 },
  { name: "baseline health", target: "baseline", path: "/api/health", expectStatus: 200, baselineOf: "binary health" },
  { name: "binary anonymous user", target: "binary", path: "/api/user", expectStatus: 401 },
  {
    name: "baseline anonymous user",
    target: "baseline",
    path: "/api/user",
    expectStatus: 401,
    baselineOf: "binary anonymous user",
  },
  { name: "binary faucet status", target: "binary", path: "/api/faucet/status", headers: { cookie: `device=${"b".repeat(24)}` }, expectStatus: 200 },
  {
    name: "baseline faucet status",
    target: "baseline",
    path: "/api/faucet/status",
    headers: { cookie: `device=${"b".repeat(24)}` },
    expectStatus: 200,
    baselineOf: "binary faucet status",
  },
  // A first visit's poll: no cookie at all.
  { name: "binary faucet status, no cookie", target: "binary", path: "/api/faucet/status", expectStatus: 200 },
  {
    name: "baseline faucet status, no cookie",
    sameBody: true,
    target: "baseline",
    path: "/api/faucet/status",
    expectStatus: 200,
    baselineOf: "binary faucet status, no cookie",
  },
  // The approved reviews every page shows (ten of them, seeded; the baseline answers the same JSON).
  { name: "binary reviews", target: "binary", path: "/api/reviews", expectStatus: 200, prepare: seedReviews },
  { name: "baseline reviews", target: "baseline", path: "/api/reviews", expectStatus: 200, baselineOf: "binary reviews", sameBody: true },
  { name: "binary anonymous payout stats", target: "binary", path: "/api/stats/payouts", expectStatus: 200 },
  {
    name: "baseline anonymous payout stats",
    sameBody: true,
    target: "baseline",
    path: "/api/stats/payouts",
    expectStatus: 200,
    baselineOf: "binary anonymous payout stats",
  },
  { name: "binary anonymous social bonus", target: "binary", path: "/api/social/bonus", expectStatus: 200 },
  {
    name: "baseline anonymous social bonus",
    sameBody: true,
    target: "baseline",
    path: "/api/social/bonus",
    expectStatus: 200,
    baselineOf: "binary anonymous social bonus",
  },
  // Every request is accepted and written: a new address, client IP and device each time.
  {
    name: "binary faucet request",
    target: "binary",
    path: "/api/faucet/request",
    method: "POST",
    body: { address: "placeholder" },
    expectStatus: 201,
    prepare: openTheTap,
    lua: () => addressLua("binary"),
  },
  {
    name: "insert baseline faucet request",
    target: "insert baseline",
    path: "/api/faucet/request",
    method: "POST",
    body: { address: "placeholder" },
    expectStatus: 201,
    baselineOf: "binary faucet request",
    lua: () => addressLua("insert"),
  },
];

// ---------------------------------------------------------------------------------------------
// Faucet requests: distinct valid addresses from a file, each wrk run continuing where the last
// one stopped (an offset file), so no request meets the per-address limit.

const ADDRESS_FILE = join(tmpdir(), `xrp-faucet-bench-addresses-${process.pid}.txt`);
const BENCH_ADMIN = { username: "benchadmin", password: "bench admin passphrase 1" };

async function writeAddresses() {
  const { encodeAccountID } = await import("ripple-address-codec");
  const count = Math.min(1_500_000, 15_000 * (WARMUP + SECONDS) * ROUNDS + 20_000);
  const lines: string[] = [];
  for (let i = 0; i < count; i++) lines.push(encodeAccountID(crypto.getRandomValues(new Uint8Array(20))));
  await writeFile(ADDRESS_FILE, lines.join("\n") + "\n");
  tempFiles.add(ADDRESS_FILE);
}

// wrk Lua: the next unused address, a client IP and a device id derived from the request number.
function addressLua(stream: string): string {
  const offsetFile = `${ADDRESS_FILE}.${stream}.offset`;
  tempFiles.add(offsetFile);
  return `
local addresses = {}
for line in io.lines(${luaString(ADDRESS_FILE)}) do addresses[#addresses + 1] = line end
local offset_file = ${luaString(offsetFile)}
local f = io.open(offset_file, "r")
local i = f and tonumber(f:read("*a")) or 0
if f then f:close() end
request = function()
  i = i + 1
  local address = addresses[(i - 1) % #addresses + 1]
  local ip = string.format("10.%d.%d.%d", math.floor(i / 65536) % 256, math.floor(i / 256) % 256, i % 256)
  wrk.headers["x-forwarded-for"] = ip
  wrk.headers["cookie"] = string.format("device=benchdevice%016d", i)
  return wrk.format(nil, nil, nil, '{"address":"' .. address .. '"}')
end
local previous_done = done
done = function(summary, latency, requests)
  local f = io.open(offset_file, "r")
  local start = f and tonumber(f:read("*a")) or 0
  if f then f:close() end
  local out = io.open(offset_file, "w")
  out:write(tostring(start + summary.requests + 5000))
  out:close()
  if previous_done then previous_done(summary, latency, requests) end
end
`;
}

// Writes BENCH_REVIEWS into the running binary's database (WAL: the server sees them at once),
// as approved reviews with the ids and times the baseline answers with.
async function seedReviews(_baseUrl: string, dataDir: string): Promise<Partial<ScenarioRequest>> {
  const { Database } = await import("bun:sqlite");
  const { BENCH_REVIEWS } = await import("./fixtures.ts");
  const db = new Database(join(dataDir, "app.db"), { strict: true });
  try {
    db.run("PRAGMA busy_timeout = 5000");
    const insert = db.prepare("insert into reviews (id, rating, content, name, approved, created_at) values (?, ?, ?, ?, 1, ?)");
    db.transaction(() => {
      for (const r of BENCH_REVIEWS) insert.run(r.id, r.rating, r.content, r.name === "Anonymous" ? null : r.name, Date.parse(r.createdAt));
    })();
  } finally {
    db.close();
  }
  // the binary caches its list for up to a second
  await Bun.sleep(1100);
  return {};
}

// Seeds an admin, logs in and sets the faucet so the budget never runs out (1 drop a request), with
// the proof of work off: the bench measures the server's own work, not a solver's.
async function openTheTap(baseUrl: string, dataDir: string): Promise<Partial<ScenarioRequest>> {
  if (!(await Bun.file(ADDRESS_FILE).exists())) await writeAddresses();
  const seed = Bun.spawnSync([BINARY, "--seed-admin", BENCH_ADMIN.username, "--data-dir", dataDir], {
    env: { ...process.env, ADMIN_PASSWORD: BENCH_ADMIN.password },
  });
  if (seed.exitCode !== 0) throw new Error(`seeding the bench admin failed: ${seed.stderr.toString()}`);
  const login = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const cookie = login.headers.get("set-cookie")?.split(";")[0] ?? "";
  const settings = await fetch(`${baseUrl}/api/admin/faucet/settings`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ dailyLimit: "1000000", minAmount: "0.000001", maxAmount: "0.000001", enabled: true, powDifficulty: 0 }),
  });
  if (!settings.ok) throw new Error(`opening the faucet for the bench failed: ${settings.status} ${await settings.text()}`);
  return {};
}

// ---------------------------------------------------------------------------------------------
// Child processes: every one is tracked and ended on the way out.

const children = new Set<Subprocess>();
const tempDirs = new Set<string>();
const tempFiles = new Set<string>();

function spawnTracked(cmd: string[], opts: { cwd?: string; env?: Record<string, string>; log?: string }) {
  const proc = Bun.spawn(cmd, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdin: "ignore",
    stdout: opts.log ? Bun.file(opts.log) : "pipe",
    stderr: opts.log ? Bun.file(opts.log + ".err") : "pipe",
  });
  children.add(proc);
  proc.exited.finally(() => children.delete(proc));
  return proc;
}

async function stop(proc: Subprocess, graceMs = 3000) {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill("SIGTERM");
  const ended = await Promise.race([proc.exited.then(() => true), Bun.sleep(graceMs).then(() => false)]);
  if (!ended) {
    proc.kill("SIGKILL");
    await proc.exited;
  }
}

async function cleanup() {
  await Promise.all([...children].map((p) => stop(p)));
  await Promise.all([...tempDirs].map((d) => rm(d, { recursive: true, force: true })));
  tempDirs.clear();
  await Promise.all([...tempFiles].map((f) => rm(f, { force: true })));
  tempFiles.clear();
}

process.on("exit", () => {
  for (const p of children) {
    try {
      p.kill("SIGKILL");
    } catch {}
  }
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    console.error(`\nbench: ${signal}, stopping children`);
    cleanup().finally(() => process.exit(130));
  });
}

async function tempDir(prefix: string) {
  const dir = await mkdtemp(join(tmpdir(), `xrp-faucet-bench-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

// A free loopback port: bind port 0, read it, let it go.
function freePort(): number {
  const probe = Bun.serve({ hostname: HOST, port: 0, fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

// ---------------------------------------------------------------------------------------------
// Helpers

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function readStatusKb(pid: number, field: "VmRSS" | "VmHWM"): number | null {
  try {
    const text = readFileSync(`/proc/${pid}/status`, "utf8");
    const m = text.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

const mib = (kb: number | null) => (kb === null ? null : Math.round((kb / 1024) * 10) / 10);

async function tail(path: string, lines = 30) {
  const parts: string[] = [];
  for (const p of [path, path + ".err"]) {
    const f = Bun.file(p);
    if (await f.exists()) parts.push((await f.text()).split("\n").slice(-lines).join("\n"));
  }
  return parts.join("\n").trim();
}

// Starts a target pinned to core 0 and waits for its first successful /api/health.
interface Running {
  target: Target;
  proc: Subprocess;
  port: number;
  baseUrl: string;
  dataDir: string;
  log: string;
  startMs: number;
}

// `reuseDir` restarts on the data of an earlier start (its database already made and migrated).
async function startTarget(target: Target, pin: boolean, reuseDir?: string, timeoutMs = 15000): Promise<Running> {
  const dataDir = reuseDir ?? (await tempDir(target.name));
  const port = freePort();
  const ctx = { port, dataDir: join(dataDir, "data") };
  const log = join(dataDir, "server.log");
  const cmd = target.command(ctx);
  const pinned = pin ? ["taskset", "-c", "0", ...cmd] : cmd;
  const baseUrl = `http://${HOST}:${port}`;
  const t0 = performance.now();
  const proc = spawnTracked(pinned, { cwd: dataDir, env: target.env?.(ctx), log });
  const deadline = t0 + timeoutMs;
  while (true) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      throw new Error(
        `${target.name} exited (${proc.exitCode ?? proc.signalCode}) before answering /api/health\n` +
          `command: ${pinned.join(" ")}\n${await tail(log)}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {}
    if (performance.now() > deadline) {
      throw new Error(`${target.name} gave no 200 on /api/health within ${timeoutMs} ms\n${await tail(log)}`);
    }
    await Bun.sleep(1);
  }
  const startMs = performance.now() - t0;
  return { target, proc, port, baseUrl, dataDir, log, startMs };
}

// ---------------------------------------------------------------------------------------------
// wrk

interface WrkResult {
  requests: number;
  durationUs: number;
  rps: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers whose status is not of the expected class (see badStatus below). */
  badStatus: number;
  /** connect + read + write + timeout errors. */
  socketErrors: number;
  raw: string;
}

const luaString = (s: string) => JSON.stringify(s); // a JSON string is a valid Lua string literal here

function wrkScript(req: ScenarioRequest, extra?: string) {
  const lines = [`wrk.method = ${luaString(req.method)}`];
  for (const [k, v] of Object.entries(req.headers)) lines.push(`wrk.headers[${luaString(k)}] = ${luaString(v)}`);
  if (req.body !== undefined) lines.push(`wrk.body = ${luaString(req.body)}`);
  lines.push(`
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%.0f,"duration_us":%.0f,"connect":%.0f,"read":%.0f,"write":%.0f,"status":%.0f,"timeout":%.0f,"p50_us":%.1f,"p90_us":%.1f,"p99_us":%.1f,"max_us":%.1f}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
`);
  // after the reporting `done`, so an extra script can wrap it
  if (extra) lines.push(extra);
  return lines.join("\n") + "\n";
}

async function runWrk(url: string, script: string, seconds: number, expectStatus: number, pin: boolean): Promise<WrkResult> {
  const cmd = ["wrk", "-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "--latency", "-s", script, url];
  const proc = spawnTracked(pin ? ["taskset", "-c", "1", ...cmd] : cmd, {});
  const killer = setTimeout(() => proc.kill("SIGKILL"), (seconds + 30) * 1000);
  const [out, err] = await Promise.all([
    new Response(proc.stdout as ReadableStream).text(),
    new Response(proc.stderr as ReadableStream).text(),
  ]);
  await proc.exited;
  clearTimeout(killer);
  const line = out.split("\n").find((l) => l.startsWith("BENCH_JSON "));
  if (proc.exitCode !== 0 || !line) throw new Error(`wrk failed (exit ${proc.exitCode}):\n${out}\n${err}`);
  const j = JSON.parse(line.slice("BENCH_JSON ".length));
  // wrk counts answers with a status >= 400 as status errors. For a scenario that expects a 4xx,
  // the unexpected ones are therefore the others (2xx/3xx); a 5xx there shows up only in the
  // pre-load check, which looks at the exact status.
  const badStatus = expectStatus >= 400 ? j.requests - j.status : j.status;
  return {
    requests: j.requests,
    durationUs: j.duration_us,
    rps: j.requests / (j.duration_us / 1e6),
    p50Ms: j.p50_us / 1000,
    p90Ms: j.p90_us / 1000,
    p99Ms: j.p99_us / 1000,
    maxMs: j.max_us / 1000,
    badStatus,
    socketErrors: j.connect + j.read + j.write + j.timeout,
    raw: out,
  };
}

// ---------------------------------------------------------------------------------------------
// Formatting

const fmtInt = (n: number) => Math.round(n).toLocaleString("en-US");
const fmtMs = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1)) + " ms";
const fmtRatio = (n: number | null) => (n === null || !Number.isFinite(n) ? "" : n.toFixed(2) + "x");

function table(header: string[], rows: string[][], leftCols = 1) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < leftCols ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ").trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

// ---------------------------------------------------------------------------------------------

async function main() {
  if (!Bun.which("wrk")) {
    console.error("bench: wrk is not installed. Install it with:\n  apt-get update && apt-get install -y wrk");
    process.exit(2);
  }
  const binaryStat = await stat(BINARY).catch(() => null);
  if (!binaryStat?.isFile()) {
    console.error(`bench: ${BINARY} not found. Build it first: bun build.ts (npm run bench does).`);
    process.exit(2);
  }
  const cores = availableParallelism();
  const pin = cores >= 2 && Bun.which("taskset") !== null;
  if (!pin) console.warn(`bench: WARNING: ${cores} core(s) or no taskset: server and wrk are not pinned apart`);

  const scenarios = SCENARIOS.filter((s) => ONLY.length === 0 || ONLY.some((w) => s.name.includes(w)));
  if (scenarios.length === 0) throw new Error(`BENCH_ONLY=${ONLY.join(",")} matches no scenario`);
  const targetNames = [...new Set(scenarios.map((s) => s.target))];
  const targets = targetNames.map((n) => {
    const t = TARGETS.find((x) => x.name === n);
    if (!t) throw new Error(`scenario target "${n}" is not defined`);
    return t;
  });

  const processTargets = [
    ...targets,
    ...TARGETS.filter((t) => PROCESS_ONLY_TARGETS.includes(t.name) && !targetNames.includes(t.name)),
  ];
  for (const t of processTargets) await t.build?.();

  const loadBefore = loadavg()[0];
  if (loadBefore > 0.5) {
    console.warn(
      `bench: WARNING: load average ${loadBefore.toFixed(2)} before the run: other processes compete for the cores, ` +
        "so absolute figures are noisier than usual (ratios taken in one run suffer less)",
    );
  }

  const perRun = WARMUP + SECONDS;
  console.log(
    `bench: ${scenarios.length} scenarios x ${ROUNDS} rounds, ${WARMUP} s warm-up + ${SECONDS} s each, ` +
      `wrk -t1 -c${CONNECTIONS}${pin ? ", servers on core 0, wrk on core 1" : ""} ` +
      `(~${Math.ceil((scenarios.length * ROUNDS * perRun) / 60)} min)`,
  );

  // Start time: exec to first 200 on /api/health, each start with a fresh data dir; then restarts
  // on the data dir of the last of them.
  const startTimes: Record<string, number[]> = {};
  const restartTimes: Record<string, number[]> = {};
  for (const target of processTargets) {
    startTimes[target.name] = [];
    restartTimes[target.name] = [];
    let last: Running | undefined;
    for (let i = 0; i < STARTS; i++) {
      if (last) {
        await rm(last.dataDir, { recursive: true, force: true });
        tempDirs.delete(last.dataDir);
      }
      last = await startTarget(target, pin);
      startTimes[target.name].push(last.startMs);
      await stop(last.proc);
    }
    for (let i = 0; i < STARTS; i++) {
      const r = await startTarget(target, pin, last!.dataDir);
      restartTimes[target.name].push(r.startMs);
      await stop(r.proc);
    }
    await rm(last!.dataDir, { recursive: true, force: true });
    tempDirs.delete(last!.dataDir);
  }

  // The long-running servers that take the load.
  const running = new Map<string, Running>();
  for (const target of processTargets) running.set(target.name, await startTarget(target, pin));
  await Bun.sleep(1000);
  const idleRssKb: Record<string, number | null> = {};
  const startPeakRssKb: Record<string, number | null> = {};
  for (const [name, r] of running) {
    idleRssKb[name] = readStatusKb(r.proc.pid, "VmRSS");
    startPeakRssKb[name] = readStatusKb(r.proc.pid, "VmHWM");
  }
  for (const [name, r] of running) {
    if (!targets.some((t) => t.name === name)) {
      await stop(r.proc);
      running.delete(name);
    }
  }

  // Check each scenario answers as expected, and build its wrk script.
  const scripts = new Map<string, { url: string; script: string }>();
  const checks: Record<string, string> = {};
  const bodies: Record<string, string> = {};
  const scriptDir = await tempDir("wrk");
  for (const [i, s] of scenarios.entries()) {
    const r = running.get(s.target)!;
    const req: ScenarioRequest = {
      method: s.method ?? "GET",
      headers: { ...(s.body !== undefined ? { "content-type": "application/json" } : {}), ...s.headers },
      body: s.body === undefined ? undefined : typeof s.body === "string" ? s.body : JSON.stringify(s.body),
    };
    if (s.prepare) {
      const extra = await s.prepare(r.baseUrl, join(r.dataDir, "data"));
      Object.assign(req, { ...extra, headers: { ...req.headers, ...extra.headers } });
    }
    const url = r.baseUrl + s.path;
    const res = await fetch(url, { method: req.method, headers: req.headers, body: req.body });
    const body = await res.text();
    checks[s.name] = `${res.status} ${body.slice(0, 120)}`;
    bodies[s.name] = body;
    if (res.status !== s.expectStatus) {
      console.warn(`bench: WARNING: ${s.name}: ${req.method} ${s.path} answered ${res.status}, expected ${s.expectStatus}: ${body.slice(0, 200)}`);
    }
    const script = join(scriptDir, `scenario-${i}.lua`);
    await writeFile(script, wrkScript(req, typeof s.lua === "function" ? s.lua() : s.lua));
    scripts.set(s.name, { url, script });
  }

  for (const s of scenarios.filter((x) => x.sameBody && x.baselineOf && x.baselineOf in bodies)) {
    if (bodies[s.name] !== bodies[s.baselineOf!]) {
      console.warn(`bench: WARNING: ${s.name} answers another body than ${s.baselineOf}:\n  ${bodies[s.name].slice(0, 200)}\n  ${bodies[s.baselineOf!].slice(0, 200)}`);
    }
  }

  // Interleaved rounds.
  const runs: Record<string, WrkResult[]> = Object.fromEntries(scenarios.map((s) => [s.name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const s of scenarios) {
      const { url, script } = scripts.get(s.name)!;
      const r = running.get(s.target)!;
      if (r.proc.exitCode !== null || r.proc.signalCode !== null) {
        throw new Error(`${s.target} died during the benchmark\n${await tail(r.log)}`);
      }
      if (WARMUP > 0) await runWrk(url, script, WARMUP, s.expectStatus, pin);
      const res = await runWrk(url, script, SECONDS, s.expectStatus, pin);
      runs[s.name].push(res);
      console.log(
        `  round ${round}/${ROUNDS}  ${s.name.padEnd(28)} ${fmtInt(res.rps).padStart(8)} req/s  ` +
          `p50 ${fmtMs(res.p50Ms)}  p99 ${fmtMs(res.p99Ms)}` +
          (res.badStatus || res.socketErrors ? `  bad status ${res.badStatus}, socket errors ${res.socketErrors}` : ""),
      );
    }
  }

  const loadedRssKb: Record<string, number | null> = {};
  const peakRssKb: Record<string, number | null> = {};
  for (const [name, r] of running) {
    loadedRssKb[name] = readStatusKb(r.proc.pid, "VmRSS");
    peakRssKb[name] = readStatusKb(r.proc.pid, "VmHWM");
  }

  // Medians and ratios.
  const summary = scenarios.map((s) => {
    const rs = runs[s.name];
    return {
      name: s.name,
      target: s.target,
      method: s.method ?? "GET",
      path: s.path,
      expectStatus: s.expectStatus,
      baselineOf: s.baselineOf ?? null,
      check: checks[s.name],
      rps: median(rs.map((r) => r.rps)),
      p50Ms: median(rs.map((r) => r.p50Ms)),
      p99Ms: median(rs.map((r) => r.p99Ms)),
      badStatus: rs.reduce((a, r) => a + r.badStatus, 0),
      socketErrors: rs.reduce((a, r) => a + r.socketErrors, 0),
      requests: rs.reduce((a, r) => a + r.requests, 0),
      rounds: rs.map(({ raw, ...r }) => r),
      vsBaseline: null as null | { baseline: string; rps: number; p50: number; p99: number },
    };
  });
  for (const b of summary.filter((x) => x.baselineOf)) {
    const m = summary.find((x) => x.name === b.baselineOf);
    if (m) m.vsBaseline = { baseline: b.name, rps: m.rps / b.rps, p50: m.p50Ms / b.p50Ms, p99: m.p99Ms / b.p99Ms };
  }

  console.log(`\nMedians of ${ROUNDS} round(s), ${SECONDS} s each (ratios: binary / its baseline; req/s higher is better, latency lower is better)\n`);
  console.log(
    table(
      ["scenario", "req/s", "p50", "p99", "bad status", "socket err", "req/s ratio", "p50 ratio", "p99 ratio"],
      summary.map((x) => [
        x.name,
        fmtInt(x.rps),
        fmtMs(x.p50Ms),
        fmtMs(x.p99Ms),
        fmtInt(x.badStatus),
        fmtInt(x.socketErrors),
        fmtRatio(x.vsBaseline?.rps ?? null),
        fmtRatio(x.vsBaseline?.p50 ?? null),
        fmtRatio(x.vsBaseline?.p99 ?? null),
      ]),
    ),
  );

  const process_ = processTargets.map((t) => ({
    target: t.name,
    startMsMedian: median(startTimes[t.name]),
    startMs: startTimes[t.name],
    restartMsMedian: median(restartTimes[t.name]),
    restartMs: restartTimes[t.name],
    idleRssMiB: mib(idleRssKb[t.name]),
    startPeakRssMiB: mib(startPeakRssKb[t.name]),
    loadedRssMiB: mib(loadedRssKb[t.name] ?? null),
    peakRssMiB: mib(peakRssKb[t.name] ?? startPeakRssKb[t.name]),
  }));
  const binarySizeMiB = Math.round((binaryStat.size / 1024 / 1024) * 10) / 10;
  console.log(`\nbinary ${BINARY}: ${binarySizeMiB} MiB\n`);
  console.log(
    table(
      ["process", `start (median of ${STARTS})`, "restart", "idle RSS", "loaded RSS", "peak RSS at start", "peak RSS"],
      process_.map((p) => [
        p.target,
        fmtMs(p.startMsMedian),
        fmtMs(p.restartMsMedian),
        p.idleRssMiB === null ? "?" : `${p.idleRssMiB} MiB`,
        p.loadedRssMiB === null ? "-" : `${p.loadedRssMiB} MiB`,
        p.startPeakRssMiB === null ? "?" : `${p.startPeakRssMiB} MiB`,
        p.peakRssMiB === null ? "?" : `${p.peakRssMiB} MiB`,
      ]),
    ),
  );
  console.log(
    "(start: exec to first 200 on /api/health with a fresh data dir; restart: the same on an existing one; " +
      "idle: 1 s after start; " +
      "loaded: right after the last load; peak: VmHWM, at start and overall)",
  );

  const git = Bun.spawnSync(["git", "rev-parse", "--short", "HEAD"], { cwd: ROOT, stderr: "ignore" });
  const result = {
    date: new Date().toISOString(),
    commit: git.exitCode === 0 ? git.stdout.toString().trim() : null,
    machine: {
      cores,
      cpu: cpus()[0]?.model ?? null,
      bun: Bun.version,
      wrk: "wrk -t1 -c" + CONNECTIONS,
      pinned: pin,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg()[0],
    },
    config: { rounds: ROUNDS, seconds: SECONDS, warmupSeconds: WARMUP, connections: CONNECTIONS, starts: STARTS },
    binary: { path: BINARY, sizeBytes: binaryStat.size, sizeMiB: binarySizeMiB },
    processes: process_,
    scenarios: summary,
  };
  await mkdir(dirname(OUT), { recursive: true });
  await writeFile(OUT, JSON.stringify(result, null, 2) + "\n");
  console.log(`\nwrote ${OUT}`);
}

let exitCode = 0;
try {
  await main();
} catch (err) {
  console.error(`bench: failed: ${err instanceof Error ? err.message : err}`);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
