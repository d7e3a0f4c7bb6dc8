// wrk as the load generator: a Lua script per scenario that reports its summary as one JSON line,
// and the run that reads it back.
import { spawnTracked } from "./lib-processes.ts";

/** What wrk sends: method, headers and body. */
export interface WrkRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
}

export interface WrkResult {
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

export const luaString = (s: string) => JSON.stringify(s); // a JSON string is a valid Lua string literal here

export function wrkScript(req: WrkRequest, extra?: string) {
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

// `timeoutSeconds`: an answer slower than this counts as a timeout, not in the latencies (wrk's 2 s by default).
export async function runWrk(
  url: string,
  script: string,
  seconds: number,
  expectStatus: number,
  pin: boolean,
  connections: number,
  timeoutSeconds?: number,
): Promise<WrkResult> {
  const cmd = [
    "wrk",
    "-t1",
    `-c${connections}`,
    `-d${seconds}s`,
    ...(timeoutSeconds ? [`--timeout`, `${timeoutSeconds}s`] : []),
    "--latency",
    "-s",
    script,
    url,
  ];
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
