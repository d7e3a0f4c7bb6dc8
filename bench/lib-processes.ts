// Child processes of a bench run: every one is tracked and ended on the way out, with the
// temporary folders and files it made; and the small readings taken of them.
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";

export const children = new Set<Subprocess>();
export const tempDirs = new Set<string>();
export const tempFiles = new Set<string>();

export function spawnTracked(cmd: string[], opts: { cwd?: string; env?: Record<string, string>; log?: string }) {
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

export async function stop(proc: Subprocess, graceMs = 3000) {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill("SIGTERM");
  const ended = await Promise.race([proc.exited.then(() => true), Bun.sleep(graceMs).then(() => false)]);
  if (!ended) {
    proc.kill("SIGKILL");
    await proc.exited;
  }
}

export async function cleanup() {
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

export async function tempDir(prefix: string) {
  const dir = await mkdtemp(join(tmpdir(), `xrp-faucet-bench-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export function readStatusKb(pid: number, field: "VmRSS" | "VmHWM"): number | null {
  try {
    const text = readFileSync(`/proc/${pid}/status`, "utf8");
    const m = text.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

// The CPU time a process has used, all its threads, user and system, in µs (/proc/<pid>/stat: Linux;
// null elsewhere). Per request it says what a run's rate says on a quiet machine, and other
// processes' load disturbs it far less.
const CLOCK_TICKS = Number(Bun.spawnSync(["getconf", "CLK_TCK"]).stdout.toString().trim()) || 100;
export function cpuUs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

// The q-th percentile (0-100) of some numbers, the nearest rank; NaN for none.
export const percentile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((q / 100) * s.length) - 1))]! : Number.NaN;
};

// Waits for the first 200 of `url` from a process just started (polled every ms); throws when the
// process exits first or `timeoutMs` passes, with the end of its log.
export async function untilAnswers(
  proc: Subprocess,
  url: string,
  what: { name: string; command: string[]; log: string; timeoutMs: number },
) {
  const deadline = performance.now() + what.timeoutMs;
  while (true) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      throw new Error(
        `${what.name} exited (${proc.exitCode ?? proc.signalCode}) before answering ${url}\ncommand: ${what.command.join(" ")}\n${await tail(what.log)}`,
      );
    }
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {}
    if (performance.now() > deadline)
      throw new Error(`${what.name} gave no 200 on ${url} within ${what.timeoutMs} ms\n${await tail(what.log)}`);
    await Bun.sleep(1);
  }
}

export const mib = (kb: number | null) => (kb === null ? null : Math.round((kb / 1024) * 10) / 10);

export async function tail(path: string, lines = 30) {
  const parts: string[] = [];
  for (const p of [path, path + ".err"]) {
    const f = Bun.file(p);
    if (await f.exists()) parts.push((await f.text()).split("\n").slice(-lines).join("\n"));
  }
  return parts.join("\n").trim();
}
