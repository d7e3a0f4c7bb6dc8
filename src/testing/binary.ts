// Starts the built executable as an operator would, for end-to-end tests.
import { copyFileSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const BINARY = resolve(import.meta.dir, "../../dist/xrp-faucet");

export function assertBuilt() {
  if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing: run 'npm run build' (npm test does it first)`);
}

// An empty directory holding only a copy of the binary.
export function binaryInEmptyDir(): { dir: string; binary: string } {
  assertBuilt();
  const dir = mkdtempSync(join(tmpdir(), "xrp-faucet-bin-"));
  const binary = join(dir, "xrp-faucet");
  copyFileSync(BINARY, binary);
  return { dir, binary };
}

export interface RunningServer {
  url: string;
  port: number;
  proc: ReturnType<typeof Bun.spawn>;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number>;
}

// A port nobody listens on now (for a test that must know the port before the server says it).
export function freePort(host = "127.0.0.1"): number {
  const probe = Bun.serve({ hostname: host, port: 0, fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

// Reads a child's output stream to its end, handing each piece of text on as it comes.
export async function collectText(stream: ReadableStream<Uint8Array>, onText: (text: string) => void) {
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    onText(decoder.decode(value, { stream: true }));
  }
}

// Starts the binary without waiting for anything: its output is collected as it comes.
export function spawnBinary(options: {
  binary?: string;
  cwd: string;
  args?: string[];
  env?: Record<string, string>;
  port?: number;
}) {
  const proc = Bun.spawn(
    [options.binary ?? BINARY, "--host", "127.0.0.1", "--port", String(options.port ?? 0), ...(options.args ?? [])],
    {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? "", ...options.env },
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  let out = "";
  for (const stream of [proc.stdout, proc.stderr])
    void collectText(stream as ReadableStream<Uint8Array>, (text) => (out += text));
  return {
    proc,
    output: () => out,
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      if (proc.exitCode === null) proc.kill(signal);
      return await proc.exited;
    },
  };
}

export async function startBinary(options: {
  binary?: string;
  cwd: string;
  args?: string[];
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const { proc, output, stop } = spawnBinary(options);
  const deadline = Date.now() + 15_000;
  let port = 0;
  while (!port) {
    const match = /listening on http:\/\/[^:]+:(\d+)/.exec(output());
    if (match) port = Number(match[1]);
    else if (proc.exitCode !== null || Date.now() > deadline)
      throw new Error(`server did not start (exit ${proc.exitCode}):\n${output()}`);
    else await Bun.sleep(20);
  }
  return { url: `http://127.0.0.1:${port}`, port, proc, output, stop };
}

export async function runBinary(
  args: string[],
  options: { cwd: string; env?: Record<string, string>; stdin?: string; binary?: string },
) {
  const proc = Bun.spawn([options.binary ?? BINARY, ...args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "", ...options.env },
    stdin: options.stdin === undefined ? "ignore" : new TextEncoder().encode(options.stdin),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, stdout, stderr };
}
