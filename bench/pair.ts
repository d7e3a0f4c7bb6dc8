// Two builds of the binary compared in pairs: what a change costs or saves, to within a few percent.
// Both servers run at once on one core (core 0), each loaded by its own wrk on the other (core 1,
// 32 connections each), and each one's CPU a request is read from /proc. Whatever moves this
// machine's figures (a shared VM drifts within an hour) moves both alike, so their ratio holds
// where runs one after the other scatter (bench/results/2026-11-29-flood-pairs.md has the same
// build against itself). It measures a change, not a goal: the goals are bench/flood.ts's. Not
// part of `npm run bench`.
//
//   bun bench/pair.ts --a <binary> [--b <binary>] [--load address|network|clean|crowd|flood] [--rounds 3] [--seconds 4]
//
// --a: the build to compare against, e.g. one made in a worktree of the commit before the change
// (`git worktree add ../before HEAD~1 && cd ../before && npm ci && bun build.ts`), or `app-row`: the
// flood bench's app-row baseline, for the bench's goals read without the drift between its runs
// (on empty databases: the flood bench's rows are its own); --b: the build under test (default
// dist/xrp-faucet). The loads, as bench/flood.ts sends them:
//   address  one address asked again, from a new IPv4 /24 every request: 429
//   network  new addresses from the /64s of one IPv6 /48 over its limit: 429
//   clean    new addresses from a new IPv6 /32 every request (a network that never asked): 201
//   crowd    new addresses from new IPv4 /24s of 2,880 /16s in turn: each /16 asks again every 2,880
//            requests, which raises (rescores) the ones still waiting from it
//   flood    new addresses from a new IPv6 /48 of one /32 every request (the farm's flood): 201, flagged
import { writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { BINARY, freePort } from "../src/testing/binary.ts";
import { ROOT } from "./lib-settings.ts";
import { flag } from "./lib-args.ts";
import {
  BROWSER,
  CLEAN_IP_LUA,
  CROWD_IP_LUA,
  ensureAddresses,
  farm48sLua,
  faucetLoadLua,
  newAddress,
  ONE_48_LUA,
  openTheTap,
  STRANGER_IP_LUA,
} from "./lib-faucet-load.ts";
import { cleanup, cpuUs, median, spawnTracked, stop, tempDir, untilAnswers } from "./lib-processes.ts";
import { runWrk, wrkScript } from "./lib-wrk.ts";
import { captureOutput, writeRecord } from "./record.ts";

// `--a app-row`: the flood bench's app-row baseline (bench/write-baseline.ts --rows app) in A's place
const APP_ROW = "app-row";
const REPEATED = newAddress();
const LOADS = {
  address: { expect: 429, ip: STRANGER_IP_LUA, address: REPEATED, before: [{ address: REPEATED, ip: "203.0.113.2" }] },
  network: {
    expect: 429,
    ip: ONE_48_LUA,
    address: undefined,
    before: [0, 1, 2].map(() => ({ address: newAddress(), ip: "2a0b:4000:0:ffff::1" })),
  },
  clean: { expect: 201, ip: CLEAN_IP_LUA, address: undefined, before: [] },
  crowd: { expect: 201, ip: CROWD_IP_LUA, address: undefined, before: [] },
  flood: { expect: 201, ip: farm48sLua(0), address: undefined, before: [] },
} as const;
type LoadName = keyof typeof LOADS;

const a = flag("--a");
const b = flag("--b") ?? BINARY;
const loadName = (flag("--load") ?? "address") as LoadName;
const rounds = Number(flag("--rounds") ?? 3);
const seconds = Number(flag("--seconds") ?? 4);
if (!a) throw new Error("--a <binary> is required: the build to compare against");
if (!(loadName in LOADS)) throw new Error(`--load must be one of ${Object.keys(LOADS).join(", ")}, got ${loadName}`);
const load = LOADS[loadName];

async function startServer(binary: string, name: string, round: number) {
  const dataDir = await tempDir(`pair-${name}-${round}`);
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const where = ["--port", String(port), "--host", "127.0.0.1", "--data-dir", dataDir];
  const server =
    binary === APP_ROW
      ? [process.execPath, join(ROOT, "bench/write-baseline.ts"), "--rows", "app"]
      : [resolve(binary), "--trust-proxy"];
  const command = ["taskset", "-c", "0", ...server, ...where];
  const proc = spawnTracked(command, { log: join(dataDir, "server.log") });
  await untilAnswers(proc, `${url}/api/health`, { name, command, log: join(dataDir, "server.log"), timeoutMs: 30_000 });
  if (binary !== APP_ROW) await openTheTap(url, dataDir, binary);
  for (const r of load.before) {
    await fetch(`${url}/api/faucet/request`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": r.ip, "user-agent": BROWSER },
      body: JSON.stringify({ address: r.address }),
    });
  }
  const script = join(dataDir, "load.lua");
  await writeFile(
    script,
    wrkScript(
      { method: "POST", headers: { "content-type": "application/json", "user-agent": BROWSER } },
      faucetLoadLua({ stream: `pair-${name}`, ip: load.ip, address: load.address }),
    ),
  );
  return { proc, url, script };
}

await ensureAddresses(400_000);
const printed = captureOutput();
console.log(
  `pair bench: ${loadName}, A ${a}, B ${b}, ${rounds} rounds of ${seconds} s, both servers on core 0 at once, two wrk -c32 on core 1`,
);
const ratios: number[] = [];
try {
  for (let round = 1; round <= rounds; round++) {
    const servers = [await startServer(a, "A", round), await startServer(b, "B", round)];
    const before = servers.map((s) => cpuUs(s.proc.pid)!);
    const runs = await Promise.all(
      servers.map((s) => runWrk(`${s.url}/api/faucet/request`, s.script, seconds, load.expect, true, 32)),
    );
    const after = servers.map((s) => cpuUs(s.proc.pid)!);
    const us = servers.map((_, i) => (after[i]! - before[i]!) / runs[i]!.requests);
    const bad = runs.map((r) => r.badStatus + r.socketErrors);
    ratios.push(us[1]! / us[0]!);
    console.log(
      `round ${round}: A ${us[0]!.toFixed(1)} µs a request (${Math.round(runs[0]!.rps)}/s), B ${us[1]!.toFixed(1)} µs (${Math.round(runs[1]!.rps)}/s): B/A ${(us[1]! / us[0]!).toFixed(3)}x${bad.some((n) => n > 0) ? `  (unexpected answers: A ${bad[0]}, B ${bad[1]})` : ""}`,
    );
    await Promise.all(servers.map((s) => stop(s.proc)));
  }
  console.log(
    `B's CPU a request against A's: median ${median(ratios).toFixed(3)}x (${ratios.map((r) => r.toFixed(3)).join(", ")})`,
  );
  writeRecord("pair", { lines: printed.stop() });
} finally {
  await cleanup();
}
