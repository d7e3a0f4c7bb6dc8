// `bun bench/worker-writer.ts`: whether the faucet request's flush pays off the event loop (issue
// 28's trial). The app-row baseline (bench/write-baseline.ts --rows app) as it is, its group commit
// on the event loop, against the same with --writer worker: the store, its group commit and its
// fsync in a worker thread, to which each event-loop turn's requests go in one message. Accepted
// requests, each from a new IPv4 /24 (bench/lib-faucet-load.ts), wrk -t1 -c64 on core 1, in rounds that
// alternate which goes first, each server on a fresh database:
//   one core      the server on core 0, worker thread and all (how bench/flood.ts runs every server)
//   second core   the same, but the worker thread moved to core 1 (shared with wrk): what a machine
//                 with a core to spare would give it
// Printed: requests a second and the server's CPU time a request (all its threads, from /proc),
// each as worker / loop, the median of the rounds. Not part of `npm run bench`: the trial's record.
//   bun bench/worker-writer.ts [--rounds 3] [--seconds 6]
import { readdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { freePort } from "../src/testing/binary.ts";
import { flag } from "./lib-args.ts";
import { BROWSER, ensureAddresses, faucetLoadLua, STRANGER_IP_LUA } from "./lib-faucet-load.ts";
import { cleanup, cpuUs, median, spawnTracked, stop, tempDir, untilAnswers } from "./lib-processes.ts";
import { HOST, ROOT } from "./lib-settings.ts";
import { runWrk, wrkScript } from "./lib-wrk.ts";
import { captureOutput, writeRecord } from "./record.ts";

const rounds = Number(flag("--rounds") ?? 3);
const seconds = Number(flag("--seconds") ?? 6);
type Writer = "loop" | "worker";

async function measure(writer: Writer, workerCore: "0" | "1", round: number) {
  const dataDir = await tempDir(`worker-writer-${writer}-${round}`);
  const port = freePort(HOST);
  const url = `http://${HOST}:${port}`;
  const command = [
    "taskset",
    "-c",
    "0",
    process.execPath,
    join(ROOT, "bench/write-baseline.ts"),
    "--rows",
    "app",
    "--writer",
    writer,
    "--host",
    HOST,
    "--port",
    String(port),
    "--data-dir",
    dataDir,
  ];
  const log = join(dataDir, "server.log");
  const proc = spawnTracked(command, { log });
  try {
    await untilAnswers(proc, `${url}/api/health`, { name: `${writer} writer`, command, log, timeoutMs: 30_000 });
    if (workerCore === "1") {
      for (const tid of readdirSync(`/proc/${proc.pid}/task`)) {
        if (readFileSync(`/proc/${proc.pid}/task/${tid}/comm`, "utf8").trim() === "Worker")
          Bun.spawnSync(["taskset", "-p", "-c", "1", tid]);
      }
    }
    const script = join(dataDir, "load.lua");
    await writeFile(
      script,
      wrkScript(
        { method: "POST", headers: { "content-type": "application/json", "user-agent": BROWSER } },
        faucetLoadLua({ stream: `worker-writer-${writer}`, ip: STRANGER_IP_LUA }),
      ),
    );
    await runWrk(`${url}/api/faucet/request`, script, 2, 201, true, 64);
    const before = cpuUs(proc.pid)!;
    const run = await runWrk(`${url}/api/faucet/request`, script, seconds, 201, true, 64);
    return { rps: run.rps, cpuUs: (cpuUs(proc.pid)! - before) / run.requests, bad: run.badStatus + run.socketErrors };
  } finally {
    await stop(proc);
  }
}

await ensureAddresses(200_000);
const printed = captureOutput();
console.log(
  `worker writer trial: the app-row baseline's flush on the event loop against in a worker thread, ${rounds} rounds of ${seconds} s, accepted requests`,
);
try {
  for (const workerCore of ["0", "1"] as const) {
    const rps: number[] = [];
    const cpu: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const order: Writer[] = round % 2 ? ["loop", "worker"] : ["worker", "loop"];
      const got: Partial<Record<Writer, Awaited<ReturnType<typeof measure>>>> = {};
      for (const writer of order) got[writer] = await measure(writer, workerCore, round);
      const [loop, worker] = [got.loop!, got.worker!];
      rps.push(worker.rps / loop.rps);
      cpu.push(worker.cpuUs / loop.cpuUs);
      console.log(
        `  ${workerCore === "0" ? "one core   " : "second core"} round ${round}: loop ${Math.round(loop.rps)}/s ${loop.cpuUs.toFixed(1)} µs, worker ${Math.round(worker.rps)}/s ${worker.cpuUs.toFixed(1)} µs` +
          (loop.bad + worker.bad ? `  (unexpected answers: ${loop.bad + worker.bad})` : ""),
      );
    }
    console.log(
      `${workerCore === "0" ? "one core" : "worker thread on a second core"}: requests a second, worker / loop ${median(rps).toFixed(2)}x; CPU a request ${median(cpu).toFixed(2)}x`,
    );
  }
  writeRecord("worker-writer", { lines: printed.stop() });
} finally {
  await cleanup();
}
