// What `npm run bench` (bench/run.ts) measures: the targets (the binary and the bare baselines it is
// set against) and the scenarios, one kind of request against one target each, with the seeding a
// scenario needs first.
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tempDir, tempFiles } from "./lib-processes.ts";
import { BINARY, HOST, ROOT, ROUNDS, SECONDS, WARMUP } from "./lib-settings.ts";
import { luaString } from "./lib-wrk.ts";

// What is measured. A target is a server process; a scenario is one kind of request against one
// target. A scenario with `baselineOf` is the bare counterpart of the named scenario, which is then
// reported as a ratio to it.

export interface TargetContext {
  port: number;
  dataDir: string;
}

export interface Target {
  name: string;
  /** The command line, without the CPU pinning. */
  command: (ctx: TargetContext) => string[];
  /** Extra environment on top of the harness's own. */
  env?: (ctx: TargetContext) => Record<string, string>;
  /** Runs once before the target is first started (e.g. to compile it). */
  build?: () => Promise<void>;
  /** Asked right after the first /api/health answer at a start: the first full-app answer. */
  fullAppPath?: string;
}

export interface ScenarioRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  headers: Record<string, string>;
  body?: string;
}

export interface Scenario {
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

// A valid classic address nobody asks for in the load (the address file is random).
const CHECK_ADDRESS = "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe";

export const bun = process.execPath;
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

export const TARGETS: Target[] = [
  {
    name: "binary",
    // --trust-proxy: the faucet scenario gives every request its own client IP in X-Forwarded-For.
    command: ({ port, dataDir }) => [BINARY, "--host", HOST, "--port", String(port), "--data-dir", dataDir, "--trust-proxy"],
    env: ({ port, dataDir }) => ({ HOST, PORT: String(port), DATA_DIR: dataDir }),
    fullAppPath: "/api/faucet/status",
  },
  {
    name: "baseline",
    command: ({ port }) => [bun, join(ROOT, "bench/baseline.ts"), "--host", HOST, "--port", String(port)],
    fullAppPath: "/api/faucet/status",
  },
  {
    name: "insert baseline",
    command: ({ port, dataDir }) => [bun, join(ROOT, "bench/insert-baseline.ts"), "--host", HOST, "--port", String(port), "--data-dir", dataDir],
  },
  {
    name: "compiled baseline",
    command: ({ port }) => [compiledBaseline, "--host", HOST, "--port", String(port)],
    build: compileBaseline,
    fullAppPath: "/api/faucet/status",
  },
];

/** Targets that are only started, for start time and memory, not loaded. */
export const PROCESS_ONLY_TARGETS = ["compiled baseline"];

export const SCENARIOS: Scenario[] = [
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
  // Every request is accepted and written: a new address, client network and device each time.
  {
    name: "binary faucet request",
    target: "binary",
    path: "/api/faucet/request",
    method: "POST",
    // (the one request checked before the load; wrk sends a new address each time)
    body: { address: CHECK_ADDRESS },
    expectStatus: 201,
    prepare: openTheTap,
    lua: () => addressLua("binary"),
  },
  {
    name: "insert baseline faucet request",
    target: "insert baseline",
    path: "/api/faucet/request",
    method: "POST",
    // (the one request checked before the load; wrk sends a new address each time)
    body: { address: CHECK_ADDRESS },
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
  -- strangers: a /24 of its own each time (the faucet takes 3 addresses a day from one /24), and
  -- consecutive ones in different /16s (many /24s of one /16 is a farm, which the risk score reads)
  local ip = string.format("%d.%d.%d.1", 11 + i % 180, math.floor(i / 180) % 256, math.floor(i / 46080) % 256)
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
  // (a login also sets the device cookie: the session is the one by that name)
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith("session="))?.split(";")[0] ?? "";
  const settings = await fetch(`${baseUrl}/api/admin/faucet/settings`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ dailyLimit: "1000000", minAmount: "0.000001", maxAmount: "0.000001", enabled: true, powDifficulty: 0 }),
  });
  if (!settings.ok) throw new Error(`opening the faucet for the bench failed: ${settings.status} ${await settings.text()}`);
  return {};
}
