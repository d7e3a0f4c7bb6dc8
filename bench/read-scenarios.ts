// What `npm run bench` (bench/run.ts) measures: the targets (the binary and the bare baselines it is
// set against) and the scenarios, one kind of request against one target each, with the seeding a
// scenario needs first.
import { join } from "node:path";
import { ensureAddresses, faucetLoadLua, openTheTap, STRANGER_IP_LUA } from "./lib-faucet-load.ts";
import { tempDir } from "./lib-processes.ts";
import { BINARY, HOST, ROOT, ROUNDS, SECONDS, WARMUP } from "./lib-settings.ts";

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
    command: ({ port, dataDir }) => [
      BINARY,
      "--host",
      HOST,
      "--port",
      String(port),
      "--data-dir",
      dataDir,
      "--trust-proxy",
    ],
    env: ({ port, dataDir }) => ({ HOST, PORT: String(port), DATA_DIR: dataDir }),
    fullAppPath: "/api/faucet/status",
  },
  {
    name: "baseline",
    command: ({ port }) => [bun, join(ROOT, "bench/baseline.ts"), "--host", HOST, "--port", String(port)],
    fullAppPath: "/api/faucet/status",
  },
  // The faucet request's write with nothing else in the way (bench/write-baseline.ts): the app's
  // faucet_requests row and indexes, and a bare table of address and time.
  {
    name: "app-row write baseline",
    command: ({ port, dataDir }) => [
      bun,
      join(ROOT, "bench/write-baseline.ts"),
      "--rows",
      "app",
      "--host",
      HOST,
      "--port",
      String(port),
      "--data-dir",
      dataDir,
    ],
  },
  {
    name: "bare write baseline",
    command: ({ port, dataDir }) => [
      bun,
      join(ROOT, "bench/write-baseline.ts"),
      "--rows",
      "bare",
      "--host",
      HOST,
      "--port",
      String(port),
      "--data-dir",
      dataDir,
    ],
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
  {
    name: "binary faucet status",
    target: "binary",
    path: "/api/faucet/status",
    headers: { cookie: `device=${"b".repeat(24)}` },
    expectStatus: 200,
  },
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
  {
    name: "baseline reviews",
    target: "baseline",
    path: "/api/reviews",
    expectStatus: 200,
    baselineOf: "binary reviews",
    sameBody: true,
  },
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
    prepare: openTheTapForLoad,
    lua: () => addressLua("binary"),
  },
  ...(["app-row", "bare"] as const).map((rows) => ({
    name: `${rows} write baseline faucet request`,
    target: `${rows} write baseline`,
    path: "/api/faucet/request",
    method: "POST" as const,
    // (the one request checked before the load; wrk sends a new address each time)
    body: { address: CHECK_ADDRESS },
    expectStatus: 201,
    baselineOf: "binary faucet request",
    prepare: async () => {
      await ensureAddresses(ADDRESS_COUNT);
      return {};
    },
    lua: () => addressLua(rows),
  })),
];

// ---------------------------------------------------------------------------------------------
// Faucet requests: distinct valid addresses (bench/lib-faucet-load.ts), each target's wrk runs
// continuing where its last one stopped, so no request meets the per-address limit.

const ADDRESS_COUNT = Math.min(1_500_000, 15_000 * (WARMUP + SECONDS) * ROUNDS + 20_000);
const addressLua = (stream: string) => faucetLoadLua({ stream, ip: STRANGER_IP_LUA });

async function openTheTapForLoad(baseUrl: string, dataDir: string): Promise<Partial<ScenarioRequest>> {
  await ensureAddresses(ADDRESS_COUNT);
  await openTheTap(baseUrl, dataDir);
  return {};
}

// Writes BENCH_REVIEWS into the running binary's database (WAL: the server sees them at once),
// as approved reviews with the ids and times the baseline answers with.
async function seedReviews(_baseUrl: string, dataDir: string): Promise<Partial<ScenarioRequest>> {
  const { Database } = await import("bun:sqlite");
  const { BENCH_REVIEWS } = await import("./fixtures.ts");
  const db = new Database(join(dataDir, "app.db"), { strict: true });
  try {
    db.run("PRAGMA busy_timeout = 5000");
    const insert = db.prepare(
      "insert into reviews (id, rating, content, name, approved, created_at) values (?, ?, ?, ?, 1, ?)",
    );
    db.transaction(() => {
      for (const r of BENCH_REVIEWS)
        insert.run(r.id, r.rating, r.content, r.name === "Anonymous" ? null : r.name, Date.parse(r.createdAt));
    })();
  } finally {
    db.close();
  }
  // the binary caches its list for up to a second
  await Bun.sleep(1100);
  return {};
}
