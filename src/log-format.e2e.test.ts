// --log-format, on the built executable: json prints every line as a JSON object and one access line
// per request (its id sent back as x-request-id); text, the default, prints what it always did.
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { rmSync } from "node:fs";
import { binaryInEmptyDir, type RunningServer, startBinary } from "./testing/binary.ts";
import { randomAddress } from "./testing/harness.ts";
import { proofFor } from "./testing/pow.ts";

setDefaultTimeout(30_000);

const TOKEN = "log-format-test-token-0123456789";
const dirs: string[] = [];
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop("SIGKILL");
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}, 60_000);

async function start(args: string[], env: Record<string, string> = {}) {
  const { dir, binary } = binaryInEmptyDir();
  dirs.push(dir);
  const server = await startBinary({ binary, cwd: dir, args, env });
  servers.push(server);
  // the app is built once a call other than /api/health is answered
  await (await fetch(`${server.url}/api/faucet/status`)).text();
  return server;
}

// One of each kind: a public read, a form, an admin call without a session, an unknown page and
// call, and /metrics from this machine.
async function requests(url: string) {
  const sent = [
    { method: "GET", path: "/api/health", status: 200, route: "/api/health" },
    { method: "GET", path: "/api/faucet/status?mine=1", status: 200, route: "/api/faucet/status" },
    // (with the proof of work a fresh install asks for)
    {
      method: "POST",
      path: "/api/faucet/request",
      body: { address: randomAddress() },
      status: 201,
      route: "/api/faucet/request",
      proof: true,
    },
    {
      method: "POST",
      path: "/api/admin/faucet/requests/42",
      body: { action: "APPROVED" },
      status: 401,
      route: "/api/admin/faucet/requests/:id",
    },
    { method: "GET", path: "/no-such-page", status: 404, route: "/*" },
    { method: "GET", path: "/api/no-such-call", status: 404, route: "unmatched" },
    { method: "GET", path: "/metrics", status: 200, route: "/metrics" },
  ];
  const answers = [];
  for (const r of sent) {
    const res = await fetch(url + r.path, {
      method: r.method,
      headers: {
        "content-type": "application/json",
        "user-agent": "Mozilla/5.0",
        ...(r.proof ? await proofFor(url, "faucet") : {}),
      },
      body: r.body ? JSON.stringify(r.body) : undefined,
    });
    await res.arrayBuffer();
    expect({ path: r.path, status: res.status }).toEqual({ path: r.path, status: r.status });
    answers.push({ ...r, requestId: res.headers.get("x-request-id") });
  }
  return answers;
}

// The process's output, split into its lines (stdout and stderr together, as collected).
const lines = (server: RunningServer) =>
  server
    .output()
    .split("\n")
    .filter((line) => line !== "");

describe("--log-format", () => {
  test("json: every line the server prints is a JSON object (time, level, message), with one access line per request", async () => {
    const server = await start(["--log-format", "json"], { METRICS_TOKEN: TOKEN });
    const answers = await requests(server.url);
    expect(await server.stop("SIGTERM")).toBe(0);

    const printed = lines(server).map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON line: ${line}`);
      }
    });
    for (const entry of printed) {
      expect(typeof entry.time).toBe("string");
      expect(new Date(entry.time as string).toISOString()).toBe(entry.time as string);
      expect(["info", "warn", "error"]).toContain(entry.level as string);
      expect(typeof entry.message).toBe("string");
    }
    const messages = printed.map((e) => e.message as string);
    expect(messages.some((m) => /^xrp-faucet \S+ listening on http:\/\/127\.0\.0\.1:\d+ \(data: /.test(m))).toBe(true);
    expect(messages.some((m) => /^app ready \d+ ms after the start/.test(m))).toBe(true);
    expect(messages.at(-1)).toBe("SIGTERM: finishing in-flight requests, then closing the database");

    // each request: one access line, whose id is the answer's x-request-id
    const access = printed.filter((e) => "requestId" in e);
    for (const answer of answers) {
      expect(answer.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      const line = access.filter((e) => e.requestId === answer.requestId);
      expect(line).toHaveLength(1);
      expect(line[0]).toMatchObject({
        level: "info",
        method: answer.method,
        route: answer.route,
        status: answer.status,
      });
      expect(line[0]!.durationMs).toBeGreaterThanOrEqual(0);
      expect(line[0]!.durationMs).toBeLessThan(5_000);
      expect(line[0]!.message).toBe(`${answer.method} ${answer.route} ${answer.status} ${line[0]!.durationMs} ms`);
    }
    // the route, never the URL (a query or an id), and never the metrics token
    const all = lines(server).join("\n");
    for (const secretOrUrl of [TOKEN, "no-such-page", "mine=1", "/42"]) expect(all).not.toContain(secretOrUrl);
  });

  test("text (the default): the same lines as ever, nothing per request, no x-request-id", async () => {
    const server = await start([]);
    const before = lines(server);
    const answers = await requests(server.url);
    // (a moment for a line that would come)
    await Bun.sleep(100);
    expect(lines(server)).toEqual(before);
    expect(answers.map((a) => a.requestId)).toEqual(answers.map(() => null));
    expect(await server.stop("SIGTERM")).toBe(0);

    const printed = lines(server);
    expect(printed.filter((line) => line.startsWith("{"))).toEqual([]);
    expect(printed.some((line) => /^xrp-faucet \S+ listening on http:\/\/127\.0\.0\.1:\d+ \(data: /.test(line))).toBe(
      true,
    );
    expect(printed.some((line) => /^app ready \d+ ms after the start/.test(line))).toBe(true);
    expect(printed).toContain(
      "mail: not configured; 'Forgot password?' asks users to contact the site's admin (set --smtp-url and --mail-from)",
    );
    expect(printed.at(-1)).toBe("SIGTERM: finishing in-flight requests, then closing the database");
  });
});
