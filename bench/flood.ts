// `bun bench/flood.ts` (part of `npm run bench`): whether a farm that piles up flagged requests
// stalls the faucet's write path. At each size (BENCH_FLOOD_SIZES, 1k, 100k and 1M faucet requests)
// the built binary runs on a database seeded like a farm's day: 90% of the rows PENDING in the last
// 23 h and flagged (risk >= 20, with their reasons, as risk.ts scores them), 80% of those from IPv6
// /48s of one /32 (3 requests a /48: the per-network limit; 33k /48s at 100k rows, more /32s past
// 65,536 /48s) and 20% from /24s spread over IPv4 /16s (3 each, 20 /16s in turn); the other 10%
// PROCESSED 2 to 28 days ago; faucet_daily_totals as those rows make it. Seeded straight into the
// file (the app's migrations, src/db/migrate.ts, then bun:sqlite in big transactions), before the
// binary starts on it (--trust-proxy: each request's client IP is its X-Forwarded-For); an admin
// then opens the tap through the admin API (1 drop a request, 1,000,000 XRP a day, no proof of
// work: bench/lib-faucet-load.ts).
//
// Beside it, the two bare baselines of bench/write-baseline.ts, on the same number of rows: the
// app's faucet_requests row and indexes (a copy of the seeded file) and a bare (address, time)
// table, each checking and inserting in the app's own group commit at synchronous = FULL.
//
// Measured against each, one after the other, a phase at a time, in BENCH_FLOOD_ROUNDS rounds whose
// order alternates (binary first, then last: this machine's speed drifts by a third within an hour,
// and runs one after the other carry it), wrk -t1 -c64 with a Lua script per request, pinned to
// core 1, servers to core 0; a warm-up run first, then BENCH_FLOOD_SECONDS:
//   accepted, clean     new addresses, each from an IPv6 /32 of its own (a network that never asked:
//                       bench/pair.ts --load crowd measures /16s that ask again)
//   accepted, flagged   the farm's flood: new addresses, each from a new /48 of the farm's /32
//                       (accepted, and flagged by the /32's velocity)
//   refused, address    one address asked again and again, each time from a new IPv4 /24: 429
//   refused, network    new addresses from a seeded /48 of the farm, over its limit: 429 (not the
//                       bare baseline's: it has no network)
// During the farm's flood and the network refusals, a bystander (bench/lib-bystander.ts, its own
// process on core 1) reads GET /api/faucet/status and asks for XRP, each request from an IPv6 /32
// no other request came from, one request of each in flight: their p50 and p99.
// After each run the server is given up to 60 s to answer /api/health quickly again (what it
// queued drained); a server still busy is restarted on its data, and the report says so.
//
// The report: every rate beside the baselines' (the median of the rounds) and its ratio to each
// (the median of the rounds' ratios, each from runs next to each other), with the goals (accepted >=
// 0.8x the app-row baseline and >= 0.35x the bare one; refused >= 0.8x the app-row baseline's
// refusals; a bystander's p99 under 50 ms; each ratio at the largest size >= 0.9x the same ratio at
// the smallest), and under each rate the servers' CPU time per request (from /proc, Linux) with
// the same ratios (baseline's / binary's): on a machine other work keeps busy the rates move with
// that work, the CPU time per request much less. A bystander's p50 and p99 are its worst round's.
// It exits 0 whatever the figures say: a crash is the only failure. JSON in bench/results/flood.json.
//
// Environment:
//   BENCH_FLOOD_SIZES=1000,100000,1000000   rows seeded, one database each
//   BENCH_FLOOD_SECONDS=6                   measured seconds of each run
//   BENCH_FLOOD_ROUNDS=3                    runs of each server for each load, in alternating order
//   BENCH_WARMUP=3                          warm-up seconds before each run (0 to skip)
//   BENCH_BINARY=path                       the executable (default dist/xrp-faucet)
//   BENCH_FLOOD_PHASES=network,address      only these loads (accepted, flagged, address, network)
// Quick check: BENCH_FLOOD_SIZES=1000,20000 BENCH_FLOOD_SECONDS=3 BENCH_FLOOD_ROUNDS=1 bun bench/flood.ts
import { copyFileSync, mkdirSync, statSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join } from "node:path";
import type { Subprocess } from "bun";
import { openMigratedDatabase } from "../src/db/migrate.ts";
import { ipNetworks } from "../src/lib/ip-group.ts";
import { DAY_MS, HOUR_MS, utcDay } from "../src/lib/time.ts";
import { scoreRisk } from "../src/modules/risk/score.ts";
import { freePort } from "../src/testing/binary.ts";
import {
  BROWSER,
  CLEAN_IP_LUA,
  ensureAddresses,
  farm48sLua,
  faucetLoadLua,
  newAddress,
  ONE_48_LUA,
  openTheTap,
  STRANGER_IP_LUA,
} from "./lib-faucet-load.ts";
import { fmtInt, fmtMs, fmtRatio, table } from "./lib-format.ts";
import {
  cleanup,
  cpuUs,
  median,
  percentile,
  spawnTracked,
  stop,
  tempDir,
  tempDirs,
  untilAnswers,
} from "./lib-processes.ts";
import { BINARY, CONNECTIONS, HOST, intEnv, ROOT, WARMUP } from "./lib-settings.ts";
import { runWrk, type WrkResult, wrkScript } from "./lib-wrk.ts";
import { captureOutput, writeRecord } from "./record.ts";

const SIZES = (process.env.BENCH_FLOOD_SIZES ?? "1000,100000,1000000").split(",").map((s) => Number(s.trim()));
if (SIZES.some((n) => !Number.isInteger(n) || n < 100))
  throw new Error(`BENCH_FLOOD_SIZES must be whole numbers >= 100, got "${process.env.BENCH_FLOOD_SIZES}"`);
const SECONDS = intEnv("BENCH_FLOOD_SECONDS", 6, 1);
const ROUNDS = intEnv("BENCH_FLOOD_ROUNDS", 3, 1);
const SETTLE_MS = 60_000;
const OUT = join(ROOT, "bench/results/flood.json");
const GOAL = { appRow: 0.8, bare: 0.35, refused: 0.8, p99Ms: 50, scaling: 0.9 };

// ---------------------------------------------------------------------------------------------
// The farm: where its requests come from, and the seeded day.

const PENDING_SHARE = 0.9;
const V6_SHARE = 0.8;
// The farm's /64 number `slot` in its k-th /48: the /48s of 2a0b:4000::/32, then of the /32s after it.
const farmV6 = (k: number, slot: number) =>
  `2a0b:${(0x4000 + Math.floor(k / 65536)).toString(16)}:${(k % 65536).toString(16)}:${(slot + 1).toString(16)}::1`;
// An address of the farm's m-th IPv4 /24: 20 /16s in turn (211.0-19.x.x, then 212.0-19.x.x, ...).
const farmV4 = (m: number, slot: number) =>
  `${211 + Math.floor(m / 5120)}.${m % 20}.${Math.floor(m / 20) % 256}.${slot + 2}`;

interface Seeded {
  rows: number;
  flagged: number;
  farm48s: number;
  seconds: number;
  megabytes: number;
}

// Seeds `size` faucet requests (see the header) into a new, migrated app database at `path`.
function seedDatabase(path: string, size: number, now: number): Seeded {
  const started = performance.now();
  const db = openMigratedDatabase(path);
  db.run("PRAGMA synchronous = OFF");
  db.run("PRAGMA cache_size = -262144");
  const flagged = Math.max(3, Math.round(size * PENDING_SHARE));
  const v6Rows = Math.floor((flagged * V6_SHARE) / 3) * 3;
  const ipOf = (j: number) =>
    j < v6Rows ? farmV6(Math.floor(j / 3), j % 3) : farmV4(Math.floor((j - v6Rows) / 3), (j - v6Rows) % 3);
  // the farm's requests in each wide network (its velocity, as the risk score counts it)
  const perWide = new Map<string, number>();
  for (let j = 0; j < flagged; j++) {
    const wide = ipNetworks(ipOf(j), "subnet").wide;
    perWide.set(wide, (perWide.get(wide) ?? 0) + 1);
  }
  const insert = db.prepare(
    `insert into faucet_requests (address, amount_drops, status, risk_score, risk_reasons, requester_ip, ip_group, ip_network, ip_wide,
       device_id, user_agent, budget_day, processed_at, tx_hash, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const days = new Map<string, { drops: number; requests: number }>();
  const count = (day: string, drops: number) => {
    const d = days.get(day) ?? { drops: 0, requests: 0 };
    d.drops += drops;
    d.requests++;
    days.set(day, d);
  };
  const drops = () => 5_000_000 + Math.floor(Math.random() * 15_000_001);
  const row = (i: number) => {
    const device = `farm${String(i).padStart(20, "0")}`;
    if (i < flagged) {
      // the newest first: the farm's first /48 (the one over its limit in the refusal phase) asked a minute ago
      const at = now - 60_000 - Math.floor((i * 23 * HOUR_MS) / flagged);
      const ip = ipOf(i);
      const nets = ipNetworks(ip, "subnet");
      const slot = i < v6Rows ? i % 3 : (i - v6Rows) % 3;
      const wide = perWide.get(nets.wide)!;
      const risk = scoreRisk({
        addressesFromIp: slot,
        addressesFromDevice: 0,
        rejectedFromIpOrDevice: 0,
        requestsFromIpLast10Min: slot,
        devicesForAddress: 0,
        devicesFromIp: slot,
        requestsFromWideLastHour: Math.ceil(wide / 23),
        requestsFromWideToday: wide - 1,
        paidToWideToday: 0,
        wideName: i < v6Rows ? "/32" : "/16",
        newDevice: false,
        userAgent: BROWSER,
      });
      count(utcDay(at), 0); // flagged: holds no budget
      insert.run(
        newAddress(),
        drops(),
        "PENDING",
        risk.score,
        JSON.stringify(risk.reasons),
        ip,
        nets.group,
        nets.network,
        nets.wide,
        device,
        BROWSER,
        null,
        null,
        null,
        at,
      );
    } else {
      const p = i - flagged;
      const at = now - 2 * DAY_MS - Math.floor((p * 26 * DAY_MS) / Math.max(1, size - flagged));
      const ip = `10.${(p >> 16) & 255}.${(p >> 8) & 255}.${p & 255}`;
      const nets = ipNetworks(ip, "subnet");
      const amount = drops();
      count(utcDay(at), amount);
      const tx = p.toString(16).toUpperCase().padStart(64, "0");
      insert.run(
        newAddress(),
        amount,
        "PROCESSED",
        0,
        "[]",
        ip,
        nets.group,
        nets.network,
        nets.wide,
        device,
        BROWSER,
        utcDay(at),
        at + 600_000,
        tx,
        at,
      );
    }
  };
  const BATCH = 50_000;
  for (let start = 0; start < size; start += BATCH) {
    db.transaction(() => {
      for (let i = start; i < Math.min(size, start + BATCH); i++) row(i);
    })();
  }
  const total = db.prepare("insert into faucet_daily_totals (day, amount_drops, requests) values (?, ?, ?)");
  db.transaction(() => {
    for (const [day, d] of days) total.run(day, d.drops, d.requests);
  })();
  db.run("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
  return {
    rows: size,
    flagged,
    farm48s: v6Rows / 3,
    seconds: (performance.now() - started) / 1000,
    megabytes: statSync(path).size / 1e6,
  };
}

// ---------------------------------------------------------------------------------------------
// The servers: the binary and its two baselines, each on its own copy of the rows.

type Kind = "binary" | "app-row" | "bare";
const KINDS: Kind[] = ["binary", "app-row", "bare"];
const TITLES: Record<Kind, string> = { binary: "binary", "app-row": "app-row baseline", bare: "bare baseline" };

interface Server {
  kind: Kind;
  url: string;
  command: string[];
  log: string;
  proc: Subprocess;
  dataDir: string;
  restarts: number;
}

let pin = false;

async function launch(s: Omit<Server, "proc" | "restarts">): Promise<Subprocess> {
  const proc = spawnTracked(s.command, { cwd: dirname(s.log), log: s.log });
  await untilAnswers(proc, `${s.url}/api/health`, {
    name: TITLES[s.kind],
    command: s.command,
    log: s.log,
    timeoutMs: 300_000,
  });
  return proc;
}

async function startServer(kind: Kind, dir: string, size: number): Promise<Server> {
  const port = freePort(HOST);
  const dataDir = join(dir, kind);
  mkdirSync(dataDir, { recursive: true });
  const where = ["--host", HOST, "--port", String(port), "--data-dir", dataDir];
  const bun = process.execPath;
  const baseline = join(ROOT, "bench/write-baseline.ts");
  const cmd = {
    binary: [BINARY, ...where, "--trust-proxy"],
    "app-row": [bun, baseline, "--rows", "app", ...where],
    bare: [bun, baseline, "--rows", "bare", "--seed", String(size), ...where],
  }[kind];
  const s = {
    kind,
    url: `http://${HOST}:${port}`,
    command: pin ? ["taskset", "-c", "0", ...cmd] : cmd,
    log: join(dir, `${kind}.log`),
    dataDir,
  };
  const proc = await launch(s);
  // (once started: the bare baseline seeds its own rows at its start)
  if (kind === "binary") await openTheTap(s.url, dataDir);
  return { ...s, proc, restarts: 0 };
}

// After a load: waits until the server answers /api/health within 100 ms five times in a row, 200
// ms apart (what it had queued is done: a batch of it would hold one of them up), for SETTLE_MS at
// most; a server still busy then is restarted on its data (what it had queued is dropped).
async function settle(s: Server) {
  const deadline = performance.now() + SETTLE_MS;
  let quick = 0;
  while (performance.now() < deadline) {
    const sent = performance.now();
    try {
      const res = await fetch(`${s.url}/api/health`, { signal: AbortSignal.timeout(Math.max(1, deadline - sent)) });
      await res.arrayBuffer();
      quick = res.ok && performance.now() - sent < 100 ? quick + 1 : 0;
    } catch {
      quick = 0;
    }
    if (quick === 5) return;
    await Bun.sleep(200);
  }
  console.warn(`  ${TITLES[s.kind]} still busy ${SETTLE_MS / 1000} s after the load: restarted on its data`);
  await stop(s.proc);
  s.proc = await launch(s);
  s.restarts++;
}

// ---------------------------------------------------------------------------------------------
// The phases: what wrk sends (a Lua expression of the request number `i` for the client IP), what
// every answer should be, whether a bystander is measured meanwhile, and the one request checked
// before the load.

interface Phase {
  key: "accepted" | "flagged" | "address" | "network";
  title: string;
  expect: 201 | 429;
  kinds: Kind[];
  bystander: boolean;
  ip: (farm: Seeded) => string;
  // a request like the load's, checked for `expect` before it (after any request it needs first)
  check: (farm: Seeded) => { address: string; ip: string; before?: { address: string; ip: string } };
  address?: string;
}

const REPEATED = newAddress();
const ALL_PHASES: Phase[] = [
  {
    key: "accepted",
    title: "accepted, clean networks",
    expect: 201,
    kinds: KINDS,
    bystander: false,
    ip: () => CLEAN_IP_LUA,
    check: () => ({ address: newAddress(), ip: "203.0.113.1" }),
  },
  {
    key: "flagged",
    title: "accepted, the farm's flood (flagged)",
    expect: 201,
    kinds: KINDS,
    bystander: true,
    // the /48s after the seeded ones (farmV6 in Lua)
    ip: (farm) => farm48sLua(farm.farm48s),
    check: (farm) => ({ address: newAddress(), ip: farmV6(farm.farm48s, 0) }),
  },
  {
    key: "address",
    title: "refused, an address asked again",
    expect: 429,
    kinds: KINDS,
    bystander: false,
    ip: () => STRANGER_IP_LUA,
    address: REPEATED,
    check: () => ({ address: REPEATED, ip: "203.0.113.3", before: { address: REPEATED, ip: "203.0.113.2" } }),
  },
  {
    key: "network",
    title: "refused, a network over its limit",
    expect: 429,
    kinds: ["binary", "app-row"],
    bystander: true,
    // the /64s of the farm's first /48, which asked 3 times in the last minutes
    ip: () => ONE_48_LUA,
    check: () => ({ address: newAddress(), ip: farmV6(0, 5) }),
  },
];
// BENCH_FLOOD_PHASES=accepted,flagged,address,network: only these loads (default: all four)
const CHOSEN = (process.env.BENCH_FLOOD_PHASES ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
const PHASES = CHOSEN.length ? ALL_PHASES.filter((p) => CHOSEN.includes(p.key)) : ALL_PHASES;
if (PHASES.length === 0)
  throw new Error(
    `BENCH_FLOOD_PHASES names none of ${ALL_PHASES.map((p) => p.key).join(", ")}: "${process.env.BENCH_FLOOD_PHASES}"`,
  );

// One request as a browser sends it; no answer within SETTLE_MS is status 0.
async function ask(url: string, address: string, ip: string) {
  const device = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64url");
  try {
    const res = await fetch(`${url}/api/faucet/request`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": ip,
        "user-agent": BROWSER,
        cookie: `device=${device}`,
      },
      body: JSON.stringify({ address }),
      signal: AbortSignal.timeout(SETTLE_MS),
    });
    return { status: res.status, text: await res.text() };
  } catch (error) {
    return { status: 0, text: `no answer: ${error instanceof Error ? error.message : error}` };
  }
}

// ---------------------------------------------------------------------------------------------
// A run: wrk's load, with a bystander beside it.

interface Latencies {
  p50: number;
  p99: number;
  answered: number;
  // answers of another status than expected (200 / 201), or none
  failed: number;
}
interface Run {
  perSecond: number;
  wrk: Omit<WrkResult, "raw">;
  unexpected: number;
  check: string;
  read?: Latencies;
  write?: Latencies;
  // the server's CPU time (user + system) per request wrk sent, in µs (null off Linux)
  cpuUs: number | null;
}

// A bystander is an honest visitor: each of its requests from an IPv6 /32 that no load and no other
// bystander run used (lib-bystander.ts's fresh networks, BYSTANDER_VISITORS apart). From IPv4 /24s
// it had shared the /16s of the clean load before it, and each round had sent its first visitors
// again: a crowd the binary raised, one request a millisecond, counted in the flood's CPU.
const BYSTANDER_VISITORS = 100_000;
let bystanderRuns = 0;
function startBystander(url: string) {
  const cmd = [process.execPath, join(ROOT, "bench/lib-bystander.ts")];
  const first = BYSTANDER_VISITORS * bystanderRuns++;
  return spawnTracked(pin ? ["taskset", "-c", "1", ...cmd] : cmd, {
    env: {
      BENCH_URL: url,
      BENCH_CLIENT_IP_HEADER: "x-forwarded-for",
      BENCH_CLIENT_NETWORKS: "fresh",
      BENCH_CLIENT_FIRST_IP: String(first),
      BENCH_CLIENT_HEADERS: JSON.stringify({ "user-agent": BROWSER }),
    },
  });
}

async function bystanderTimes(proc: Subprocess, from: number, to: number) {
  proc.kill("SIGTERM");
  const samples = JSON.parse(await new Response(proc.stdout as ReadableStream).text()) as [
    string,
    number,
    number,
    number,
  ][];
  const of = (kind: string, ok: number): Latencies => {
    // every request that was waiting at some moment of the window (one sent before it may still be)
    const mine = samples.filter(([k, sent, ms]) => k === kind && sent < to && sent + ms > from);
    const times = mine.map(([, , ms]) => ms);
    return {
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      answered: mine.filter(([, , , s]) => s > 0).length,
      failed: mine.filter(([, , , s]) => s !== ok).length,
    };
  };
  return { read: of("read", 200), write: of("write", 201) };
}

async function measure(s: Server, phase: Phase, farm: Seeded, scriptDir: string): Promise<Run> {
  const c = phase.check(farm);
  if (c.before) await ask(s.url, c.before.address, c.before.ip);
  const checked = await ask(s.url, c.address, c.ip);
  if (checked.status !== phase.expect)
    console.warn(
      `  WARNING: ${TITLES[s.kind]}, ${phase.title}: answered ${checked.status}, expected ${phase.expect}: ${checked.text.slice(0, 200)}`,
    );
  const script = join(scriptDir, `${farm.rows}-${s.kind}-${phase.key}.lua`);
  const lua = faucetLoadLua({ stream: `${farm.rows}-${s.kind}`, ip: phase.ip(farm), address: phase.address });
  await writeFile(
    script,
    wrkScript({ method: "POST", headers: { "content-type": "application/json", "user-agent": BROWSER } }, lua),
  );
  const bystander = phase.bystander ? startBystander(s.url) : null;
  // an answer may take the whole run: counted, with its latency, rather than as wrk's timeout
  const load = (seconds: number) =>
    runWrk(`${s.url}/api/faucet/request`, script, seconds, phase.expect, pin, CONNECTIONS, SECONDS + 30);
  if (WARMUP > 0) {
    await load(WARMUP);
    await settle(s);
  }
  const started = Date.now();
  const cpuBefore = cpuUs(s.proc.pid);
  const { raw, ...wrk } = await load(SECONDS);
  const cpuAfter = cpuUs(s.proc.pid);
  // (the bystander's requests once wrk has read its script and opened its connections)
  const times = bystander
    ? await bystanderTimes(bystander, started + Math.min(1000, SECONDS * 250), started + SECONDS * 1000)
    : {};
  await settle(s);
  const good = wrk.requests - wrk.badStatus;
  const cpu =
    cpuBefore !== null && cpuAfter !== null && wrk.requests > 0 ? (cpuAfter - cpuBefore) / wrk.requests : null;
  return {
    perSecond: good / (wrk.durationUs / 1e6),
    wrk,
    unexpected: wrk.badStatus + wrk.socketErrors,
    check: `${checked.status} ${checked.text.slice(0, 120)}`,
    cpuUs: cpu,
    ...times,
  };
}

// ---------------------------------------------------------------------------------------------
// The report.

// (each load's runs of a server, one a round, in the order of the rounds)
type SizeResult = {
  seeded: Seeded;
  runs: Partial<Record<Kind, Partial<Record<Phase["key"], Run[]>>>>;
  restarts: Partial<Record<Kind, number>>;
};

const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? "-" : fmtMs(n));
const met = (ok: boolean[]) => (ok.length === 0 ? "" : ok.every(Boolean) ? "yes" : "NO");
const roundsOf = (size: SizeResult, kind: Kind, key: Phase["key"]) => size.runs[kind]?.[key] ?? [];
// The median of a server's rounds of a load (undefined without one).
const medianOf = (size: SizeResult, kind: Kind, key: Phase["key"], of: (r: Run) => number | null) => {
  const xs = roundsOf(size, kind, key)
    .map(of)
    .filter((x): x is number => x !== null);
  return xs.length ? median(xs) : undefined;
};
// The median of the rounds' ratios `of(top) / of(bottom)`, each of two runs of the same round.
function roundRatio(
  size: SizeResult,
  key: Phase["key"],
  top: Kind,
  bottom: Kind,
  of: (r: Run) => number | null,
): number | null {
  const under = roundsOf(size, bottom, key);
  const ratios = roundsOf(size, top, key).flatMap((run, i) => {
    const [x, y] = [of(run), under[i] ? of(under[i]!) : null];
    return x !== null && y ? [x / y] : [];
  });
  return ratios.length ? median(ratios) : null;
}

function reportRows(size: SizeResult): string[][] {
  const rows: string[][] = [];
  const label = `${fmtInt(size.seeded.rows)} rows`;
  const rate = (title: string, key: Phase["key"], appGoal: number, bareGoal: number | null) => {
    const [b, a, r] = KINDS.map((k) => medianOf(size, k, key, (run) => run.perSecond));
    const vsApp = roundRatio(size, key, "binary", "app-row", (run) => run.perSecond);
    const vsBare = roundRatio(size, key, "binary", "bare", (run) => run.perSecond);
    const ok = [
      vsApp !== null && vsApp >= appGoal,
      ...(bareGoal === null || vsBare === null ? [] : [vsBare >= bareGoal]),
    ];
    const cell = (n: number | undefined) => (n === undefined ? "-" : `${fmtInt(n)}/s`);
    rows.push([
      label,
      title,
      cell(b),
      cell(a),
      cell(r),
      fmtRatio(vsApp),
      `>= ${appGoal}x`,
      fmtRatio(vsBare),
      bareGoal === null ? "" : `>= ${bareGoal}x`,
      met(ok),
    ]);
    // the same comparison from the servers' CPU time per request (baseline's / binary's)
    const [cb, ca, cr] = KINDS.map((k) => medianOf(size, k, key, (run) => run.cpuUs));
    const us = (n: number | undefined) => (n === undefined ? "-" : `${fmtInt(n)} µs`);
    const cpu = (base: Kind) => fmtRatio(roundRatio(size, key, base, "binary", (run) => run.cpuUs));
    rows.push([
      label,
      `${title}: server CPU per request`,
      us(cb),
      us(ca),
      us(cr),
      cpu("app-row"),
      "",
      cpu("bare"),
      "",
      "",
    ]);
  };
  rate("accepted, clean networks", "accepted", GOAL.appRow, GOAL.bare);
  rate("accepted, the farm's flood (flagged)", "flagged", GOAL.appRow, GOAL.bare);
  rate("refused, an address asked again", "address", GOAL.refused, null);
  rate("refused, a network over its limit", "network", GOAL.refused, null);
  for (const key of ["flagged", "network"] as const) {
    for (const which of ["read", "write"] as const) {
      // (each server's worst round)
      const lat = KINDS.map((k) =>
        roundsOf(size, k, key)
          .map((run) => run[which])
          .reduce<Latencies | undefined>(
            (worst, l) => (l && (!worst || l.p99 > worst.p99 || Number.isNaN(l.p99)) ? l : worst),
            undefined,
          ),
      );
      const cell = (l: Latencies | undefined) => (l ? `${ms(l.p50)} / ${ms(l.p99)}` : "-");
      const ratio = (l: Latencies | undefined) => (lat[0] && l ? fmtRatio(lat[0].p99 / l.p99) : "");
      const title = `bystander's ${which === "read" ? "status read" : "accepted request"} p50 / p99, during ${key === "flagged" ? "the farm's flood" : "the refusals"}`;
      const b = lat[0];
      const failed = roundsOf(size, "binary", key).reduce((n, run) => n + (run[which]?.failed ?? 0), 0);
      rows.push([
        label,
        title,
        cell(b),
        cell(lat[1]),
        cell(lat[2]),
        ratio(lat[1]),
        `p99 < ${GOAL.p99Ms} ms`,
        ratio(lat[2]),
        "",
        met(b ? [b.p99 < GOAL.p99Ms && failed === 0] : []),
      ]);
    }
  }
  return rows;
}

// Each rate's ratio at the largest size against the same ratio at the smallest.
function scalingRows(first: SizeResult, last: SizeResult): string[][] {
  const ratio = (size: SizeResult, key: Phase["key"], base: Kind) =>
    roundRatio(size, key, "binary", base, (run) => run.perSecond);
  return PHASES.map((p) => {
    const cells = (["app-row", "bare"] as const).map((base) => {
      const [a, z] = [ratio(first, p.key, base), ratio(last, p.key, base)];
      return a && z !== null ? z / a : null;
    });
    const ok = cells.filter((c): c is number => c !== null).map((c) => c >= GOAL.scaling);
    return [
      `${fmtInt(last.seeded.rows)} / ${fmtInt(first.seeded.rows)} rows`,
      `${p.title}: ratio / ratio`,
      "",
      "",
      "",
      fmtRatio(cells[0]),
      `>= ${GOAL.scaling}x`,
      fmtRatio(cells[1]),
      cells[1] === null ? "" : `>= ${GOAL.scaling}x`,
      met(ok),
    ];
  });
}

function notes(results: SizeResult[]): string[] {
  const lines: string[] = [];
  for (const size of results) {
    for (const kind of KINDS) {
      if (size.restarts[kind])
        lines.push(
          `${fmtInt(size.seeded.rows)} rows, ${TITLES[kind]}: restarted ${size.restarts[kind]} time(s), still busy ${SETTLE_MS / 1000} s after a load`,
        );
      for (const phase of PHASES) {
        roundsOf(size, kind, phase.key).forEach((r, i) => {
          const bad = [
            r.unexpected ? `${fmtInt(r.unexpected)} answers not ${phase.expect} or failed` : "",
            ...(["read", "write"] as const).map((w) =>
              r[w]?.failed ? `${r[w]!.failed} bystander ${w}s not answered as expected` : "",
            ),
          ].filter(Boolean);
          if (bad.length)
            lines.push(
              `${fmtInt(size.seeded.rows)} rows, ${TITLES[kind]}, ${phase.title}, round ${i + 1}: ${bad.join(", ")}`,
            );
        });
      }
    }
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  if (!Bun.which("wrk")) {
    console.error("flood bench: wrk is not installed. Install it with:\n  apt-get update && apt-get install -y wrk");
    process.exit(2);
  }
  if (!(await Bun.file(BINARY).exists())) {
    console.error(`flood bench: ${BINARY} not found. Build it first: bun build.ts (npm run bench does).`);
    process.exit(2);
  }
  pin = availableParallelism() >= 2 && Bun.which("taskset") !== null;
  if (!pin)
    console.warn("flood bench: WARNING: fewer than 2 cores or no taskset: servers and load are not pinned apart");
  if (loadavg()[0] > 0.5)
    console.warn(
      `flood bench: WARNING: load average ${loadavg()[0].toFixed(2)} before the run: absolute figures are noisier (ratios suffer less)`,
    );
  console.log(
    `flood bench: ${SIZES.map(fmtInt).join(", ")} rows; at each, ${PHASES.length} loads against the binary and its baselines, ` +
      `${ROUNDS} round(s) of ${WARMUP} s warm-up + ${SECONDS} s each, wrk -t1 -c${CONNECTIONS}${pin ? ", servers on core 0, load on core 1" : ""}`,
  );
  // fresh addresses for the accepted and the network-refused loads of each server at each size
  await ensureAddresses(Math.min(3_000_000, 15_000 * (WARMUP + SECONDS) * 3 * ROUNDS + 20_000));

  const results: SizeResult[] = [];
  for (const rows of SIZES) {
    const dir = await tempDir(`flood-${rows}`);
    const servers: Server[] = [];
    try {
      mkdirSync(join(dir, "binary"));
      const seeded = seedDatabase(join(dir, "binary/app.db"), rows, Date.now());
      mkdirSync(join(dir, "app-row"));
      copyFileSync(join(dir, "binary/app.db"), join(dir, "app-row/app.db"));
      console.log(
        `\n${fmtInt(rows)} rows (${fmtInt(seeded.flagged)} flagged and waiting, ${fmtInt(seeded.farm48s)} /48s of the farm) seeded in ` +
          `${seeded.seconds.toFixed(1)} s, ${seeded.megabytes.toFixed(0)} MB`,
      );
      for (const kind of KINDS) servers.push(await startServer(kind, dir, rows));
      const result: SizeResult = { seeded, runs: {}, restarts: {} };
      results.push(result);
      for (const phase of PHASES) {
        const measured = servers.filter((x) => phase.kinds.includes(x.kind));
        for (let round = 1; round <= ROUNDS; round++) {
          // (the binary first in odd rounds, last in even ones)
          for (const s of round % 2 ? measured : [...measured].reverse()) {
            const r = await measure(s, phase, seeded, dir);
            ((result.runs[s.kind] ??= {})[phase.key] ??= []).push(r);
            const by = r.read && r.write ? `  bystander p99: read ${ms(r.read.p99)}, request ${ms(r.write.p99)}` : "";
            console.log(
              `  ${ROUNDS > 1 ? `${round}  ` : ""}${TITLES[s.kind].padEnd(16)} ${phase.title.padEnd(36)} ${fmtInt(r.perSecond).padStart(7)}/s  p50 ${ms(r.wrk.p50Ms)}  p99 ${ms(r.wrk.p99Ms)}` +
                (r.unexpected ? `  (${fmtInt(r.unexpected)} not ${phase.expect} or failed)` : "") +
                by,
            );
          }
        }
      }
      for (const s of servers) result.restarts[s.kind] = s.restarts;
    } finally {
      for (const s of servers) await stop(s.proc);
      await rm(dir, { recursive: true, force: true });
      tempDirs.delete(dir);
    }
  }

  const printed = captureOutput();
  console.log(
    `\nFaucet requests on a farm's day (${SECONDS} s a run; ratios: binary / baseline; bystander: p50 / p99 of one request in flight)\n`,
  );
  const rows = results.flatMap(reportRows);
  if (results.length > 1) rows.push(...scalingRows(results[0]!, results.at(-1)!));
  console.log(
    table(
      [
        "rows",
        "measure",
        "binary",
        "app-row baseline",
        "bare baseline",
        "binary / app-row",
        "goal",
        "binary / bare",
        "goal",
        "met?",
      ],
      rows,
      2,
    ),
  );
  const remarks = notes(results);
  if (remarks.length) console.log(`\n${remarks.join("\n")}`);
  writeRecord("flood", { lines: printed.stop() });
  await mkdir(dirname(OUT), { recursive: true });
  await writeFile(
    OUT,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        seconds: SECONDS,
        rounds: ROUNDS,
        warmupSeconds: WARMUP,
        connections: CONNECTIONS,
        pinned: pin,
        loadAverageAfter: loadavg()[0],
        sizes: results,
      },
      null,
      2,
    ) + "\n",
  );
  console.log(`\nwrote ${OUT}`);
}

let exitCode = 0;
try {
  await main();
} catch (err) {
  console.error(`flood bench: failed: ${err instanceof Error ? (err.stack ?? err.message) : err}`);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
