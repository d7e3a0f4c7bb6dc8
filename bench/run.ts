// `npm run bench`: measures the built dist/xrp-faucet side by side with bare baselines in one run
// and reports every figure as a ratio to its baseline (absolute numbers on these shared 2-core
// machines drift by ~15% between runs; ratios taken in one run hold).
// What is measured is in bench/read-scenarios.ts; the helpers in bench/lib-*.ts.
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
//   BENCH_START_ONLY=1    only the start times of the binary and the compiled baseline (no load)
//   BENCH_ONLY=a,b        run only scenarios whose name contains one of these words
//   BENCH_BINARY=path     executable to measure instead of dist/xrp-faucet
//   BENCH_OUT=path        JSON output (default bench/results/latest.json)
// Quick run: BENCH_ROUNDS=1 BENCH_SECONDS=2 BENCH_WARMUP=1 bun bench/run.ts
//
// A start is measured twice: the first answer (exec to the first 200 of /api/health) and the first
// full-app answer (exec to the answer of a /api/faucet/status sent right after that first answer).

import { availableParallelism, cpus, loadavg } from "node:os";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Subprocess } from "bun";
import { fmtInt, fmtMs, fmtRatio, table } from "./lib-format.ts";
import { freePort } from "../src/testing/binary.ts";
import {
  cleanup,
  median,
  mib,
  readStatusKb,
  spawnTracked,
  stop,
  tail,
  tempDir,
  tempDirs,
  untilAnswers,
} from "./lib-processes.ts";
import {
  BINARY,
  CONNECTIONS,
  HOST,
  ONLY,
  OUT,
  ROOT,
  ROUNDS,
  SECONDS,
  START_ONLY,
  STARTS,
  WARMUP,
} from "./lib-settings.ts";
import { runWrk, type WrkResult, wrkScript } from "./lib-wrk.ts";
import { PROCESS_ONLY_TARGETS, SCENARIOS, type ScenarioRequest, TARGETS, type Target } from "./read-scenarios.ts";
import { captureOutput, writeRecord } from "./record.ts";

// Starts a target pinned to core 0 and waits for its first successful /api/health, then for the
// answer of one request to its fullAppPath (the binary's app answers it once built).
interface Running {
  target: Target;
  proc: Subprocess;
  port: number;
  baseUrl: string;
  dataDir: string;
  log: string;
  startMs: number;
  fullStartMs: number;
}

// `reuseDir` restarts on the data of an earlier start (its database already made and migrated).
async function startTarget(target: Target, pin: boolean, reuseDir?: string, timeoutMs = 15000): Promise<Running> {
  const dataDir = reuseDir ?? (await tempDir(target.name));
  const port = freePort(HOST);
  const ctx = { port, dataDir: join(dataDir, "data") };
  const log = join(dataDir, "server.log");
  const cmd = target.command(ctx);
  const pinned = pin ? ["taskset", "-c", "0", ...cmd] : cmd;
  const baseUrl = `http://${HOST}:${port}`;
  const t0 = performance.now();
  const proc = spawnTracked(pinned, { cwd: dataDir, env: target.env?.(ctx), log });
  await untilAnswers(proc, `${baseUrl}/api/health`, { name: target.name, command: pinned, log, timeoutMs });
  const startMs = performance.now() - t0;
  let fullStartMs = Number.NaN;
  if (target.fullAppPath) {
    const full = await fetch(baseUrl + target.fullAppPath);
    await full.arrayBuffer();
    if (!full.ok)
      throw new Error(
        `${target.name} answered ${full.status} to ${target.fullAppPath} after its start\n${await tail(log)}`,
      );
    fullStartMs = performance.now() - t0;
  }
  return { target, proc, port, baseUrl, dataDir, log, startMs, fullStartMs };
}

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

  const processTargets = START_ONLY
    ? TARGETS.filter((t) => t.name === "binary" || PROCESS_ONLY_TARGETS.includes(t.name))
    : [...targets, ...TARGETS.filter((t) => PROCESS_ONLY_TARGETS.includes(t.name) && !targetNames.includes(t.name))];
  for (const t of processTargets) await t.build?.();

  const loadBefore = loadavg()[0];
  if (loadBefore > 0.5) {
    console.warn(
      `bench: WARNING: load average ${loadBefore.toFixed(2)} before the run: other processes compete for the cores, ` +
        "so absolute figures are noisier than usual (ratios taken in one run suffer less)",
    );
  }

  const perRun = WARMUP + SECONDS;
  if (!START_ONLY)
    console.log(
      `bench: ${scenarios.length} scenarios x ${ROUNDS} rounds, ${WARMUP} s warm-up + ${SECONDS} s each, ` +
        `wrk -t1 -c${CONNECTIONS}${pin ? ", servers on core 0, wrk on core 1" : ""} ` +
        `(~${Math.ceil((scenarios.length * ROUNDS * perRun) / 60)} min)`,
    );

  // Start time: exec to first 200 on /api/health, each start with a fresh data dir; then restarts
  // on the data dir of the last of them.
  const startTimes: Record<string, number[]> = {};
  const restartTimes: Record<string, number[]> = {};
  const fullStartTimes: Record<string, number[]> = {};
  const fullRestartTimes: Record<string, number[]> = {};
  for (const target of processTargets) {
    startTimes[target.name] = [];
    restartTimes[target.name] = [];
    fullStartTimes[target.name] = [];
    fullRestartTimes[target.name] = [];
    let last: Running | undefined;
    for (let i = 0; i < STARTS; i++) {
      if (last) {
        await rm(last.dataDir, { recursive: true, force: true });
        tempDirs.delete(last.dataDir);
      }
      last = await startTarget(target, pin);
      startTimes[target.name].push(last.startMs);
      if (target.fullAppPath) fullStartTimes[target.name].push(last.fullStartMs);
      await stop(last.proc);
    }
    for (let i = 0; i < STARTS; i++) {
      const r = await startTarget(target, pin, last!.dataDir);
      restartTimes[target.name].push(r.startMs);
      if (target.fullAppPath) fullRestartTimes[target.name].push(r.fullStartMs);
      await stop(r.proc);
    }
    await rm(last!.dataDir, { recursive: true, force: true });
    tempDirs.delete(last!.dataDir);
  }

  // Start times: the first answer and the first full-app answer, each set against the compiled
  // baseline (a bare Bun.serve compiled as the binary is).
  const medianOrNull = (xs: number[]) => (xs.length ? median(xs) : null);
  const starts = processTargets.map((t) => ({
    target: t.name,
    startMsMedian: median(startTimes[t.name]),
    startMs: startTimes[t.name],
    fullStartMsMedian: medianOrNull(fullStartTimes[t.name]),
    fullStartMs: fullStartTimes[t.name],
    restartMsMedian: median(restartTimes[t.name]),
    restartMs: restartTimes[t.name],
    fullRestartMsMedian: medianOrNull(fullRestartTimes[t.name]),
    fullRestartMs: fullRestartTimes[t.name],
  }));
  const floor = starts.find((x) => x.target === "compiled baseline");
  const ratio = (a: number | null, b: number | null) => (a === null || b === null ? null : a / b);
  const startRatios = starts
    .filter((x) => floor && x !== floor)
    .map((x) => ({
      target: x.target,
      baseline: floor!.target,
      start: x.startMsMedian / floor!.startMsMedian,
      fullStart: ratio(x.fullStartMsMedian, floor!.fullStartMsMedian),
      restart: x.restartMsMedian / floor!.restartMsMedian,
      fullRestart: ratio(x.fullRestartMsMedian, floor!.fullRestartMsMedian),
    }));
  const startReport = captureOutput();
  console.log(
    `\nStart, median of ${STARTS} (fresh: a new data dir each start; restart: on the data dir of the last one)\n`,
  );
  console.log(
    table(
      ["process", "first answer", "first full-app answer", "restart: first answer", "restart: first full-app answer"],
      [
        ...starts.map((x) => [
          x.target,
          fmtMs(x.startMsMedian),
          x.fullStartMsMedian === null ? "-" : fmtMs(x.fullStartMsMedian),
          fmtMs(x.restartMsMedian),
          x.fullRestartMsMedian === null ? "-" : fmtMs(x.fullRestartMsMedian),
        ]),
        ...startRatios.map((r) => [
          `${r.target} / ${r.baseline}`,
          fmtRatio(r.start),
          fmtRatio(r.fullStart),
          fmtRatio(r.restart),
          fmtRatio(r.fullRestart),
        ]),
      ],
    ),
  );
  console.log(
    "(first answer: exec to the first 200 of /api/health; first full-app answer: exec to the answer of a " +
      "/api/faucet/status sent right after it, which the binary's app gives once built)",
  );
  const startLines = startReport.stop();
  const git = Bun.spawnSync(["git", "rev-parse", "--short", "HEAD"], { cwd: ROOT, stderr: "ignore" });
  const header = () => ({
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
    config: {
      rounds: ROUNDS,
      seconds: SECONDS,
      warmupSeconds: WARMUP,
      connections: CONNECTIONS,
      starts: STARTS,
      startOnly: START_ONLY,
    },
  });
  if (START_ONLY) {
    await mkdir(dirname(OUT), { recursive: true });
    await writeFile(OUT, JSON.stringify({ ...header(), starts, startRatios }, null, 2) + "\n");
    console.log(`\nwrote ${OUT}`);
    writeRecord("start", { lines: startLines });
    return;
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
      console.warn(
        `bench: WARNING: ${s.name}: ${req.method} ${s.path} answered ${res.status}, expected ${s.expectStatus}: ${body.slice(0, 200)}`,
      );
    }
    const script = join(scriptDir, `scenario-${i}.lua`);
    await writeFile(script, wrkScript(req, typeof s.lua === "function" ? s.lua() : s.lua));
    scripts.set(s.name, { url, script });
  }

  for (const s of scenarios.filter((x) => x.sameBody && x.baselineOf && x.baselineOf in bodies)) {
    if (bodies[s.name] !== bodies[s.baselineOf!]) {
      console.warn(
        `bench: WARNING: ${s.name} answers another body than ${s.baselineOf}:\n  ${bodies[s.name].slice(0, 200)}\n  ${bodies[s.baselineOf!].slice(0, 200)}`,
      );
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
      if (WARMUP > 0) await runWrk(url, script, WARMUP, s.expectStatus, pin, CONNECTIONS);
      const res = await runWrk(url, script, SECONDS, s.expectStatus, pin, CONNECTIONS);
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
      // one per baseline of this scenario (the faucet request has two: bench/write-baseline.ts)
      vsBaselines: [] as { baseline: string; rps: number; p50: number; p99: number }[],
    };
  });
  for (const b of summary.filter((x) => x.baselineOf)) {
    const m = summary.find((x) => x.name === b.baselineOf);
    if (m) m.vsBaselines.push({ baseline: b.name, rps: m.rps / b.rps, p50: m.p50Ms / b.p50Ms, p99: m.p99Ms / b.p99Ms });
  }
  const ratioCells = (r: { rps: number; p50: number; p99: number } | undefined) => [
    fmtRatio(r?.rps ?? null),
    fmtRatio(r?.p50 ?? null),
    fmtRatio(r?.p99 ?? null),
  ];

  const loadReport = captureOutput();
  console.log(
    `\nMedians of ${ROUNDS} round(s), ${SECONDS} s each (ratios: binary / its baseline; req/s higher is better, latency lower is better)\n`,
  );
  console.log(
    table(
      ["scenario", "req/s", "p50", "p99", "bad status", "socket err", "req/s ratio", "p50 ratio", "p99 ratio"],
      // a scenario with several baselines: its ratio to each on a row of its own below it
      summary.flatMap((x) => [
        [
          x.name,
          fmtInt(x.rps),
          fmtMs(x.p50Ms),
          fmtMs(x.p99Ms),
          fmtInt(x.badStatus),
          fmtInt(x.socketErrors),
          ...ratioCells(x.vsBaselines.length === 1 ? x.vsBaselines[0] : undefined),
        ],
        ...(x.vsBaselines.length > 1
          ? x.vsBaselines.map((b) => [`  / ${b.baseline}`, "", "", "", "", "", ...ratioCells(b)])
          : []),
      ]),
    ),
  );

  const process_ = processTargets.map((t) => ({
    target: t.name,
    idleRssMiB: mib(idleRssKb[t.name]),
    startPeakRssMiB: mib(startPeakRssKb[t.name]),
    loadedRssMiB: mib(loadedRssKb[t.name] ?? null),
    peakRssMiB: mib(peakRssKb[t.name] ?? startPeakRssKb[t.name]),
  }));
  const binarySizeMiB = Math.round((binaryStat.size / 1024 / 1024) * 10) / 10;
  console.log(`\nbinary ${BINARY}: ${binarySizeMiB} MiB\n`);
  console.log(
    table(
      ["process", "idle RSS", "loaded RSS", "peak RSS at start", "peak RSS"],
      process_.map((p) => [
        p.target,
        p.idleRssMiB === null ? "?" : `${p.idleRssMiB} MiB`,
        p.loadedRssMiB === null ? "-" : `${p.loadedRssMiB} MiB`,
        p.startPeakRssMiB === null ? "?" : `${p.startPeakRssMiB} MiB`,
        p.peakRssMiB === null ? "?" : `${p.peakRssMiB} MiB`,
      ]),
    ),
  );
  console.log("(idle: 1 s after start; " + "loaded: right after the last load; peak: VmHWM, at start and overall)");
  writeRecord("run", { lines: [...startLines, ...loadReport.stop()] });

  const result = {
    ...header(),
    binary: { path: BINARY, sizeBytes: binaryStat.size, sizeMiB: binarySizeMiB },
    starts,
    startRatios,
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
