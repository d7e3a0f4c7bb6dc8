// The bench run's settings, from its environment (see bench/run.ts for the list).
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dir, "..");
export const BINARY = resolve(process.env.BENCH_BINARY ?? join(ROOT, "dist/xrp-faucet"));
export const OUT = resolve(process.env.BENCH_OUT ?? join(ROOT, "bench/results/latest.json"));
export const HOST = "127.0.0.1";

export function intEnv(name: string, fallback: number, min = 0): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  return n;
}

export const ROUNDS = intEnv("BENCH_ROUNDS", 3, 1);
export const SECONDS = intEnv("BENCH_SECONDS", 10, 1);
export const WARMUP = intEnv("BENCH_WARMUP", 3, 0);
export const CONNECTIONS = intEnv("BENCH_CONNECTIONS", 64, 1);
export const STARTS = intEnv("BENCH_STARTS", 5, 1);
// only the start times (and memory at start) of the binary and the compiled baseline, no load
export const START_ONLY = process.env.BENCH_START_ONLY === "1";
export const ONLY = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
