// Sign-in nobody can take away: the slowest of three bystander logins while one IPv6 /48 floods
// the login with wrong passwords from 1, 6, 12 and 64 of its /64s, while one /56 floods it from
// its 256 /64s for half a minute with wrk (2 threads: the flood takes both cores, as a real
// attacker's would), and while one reset link is used 300 times at once. Against the built
// binary (production password cost, --trust-proxy, the client addresses in X-Forwarded-For). Goal:
// every bystander login answered 200 within 1 s.
// Run: `bun build.ts && bun bench/logins.ts` (part of `npm run bench`; needs wrk). It takes about
// 45 s: the sustained flood's BENCH_LOGIN_FLOOD_SECONDS (default 30; 5 for a short run) and about
// 3 s for each other row. BENCH_LOGIN_ATTACKERS: the attackers of the first four rows (default 60),
// BENCH_LOGIN_CONNECTIONS: wrk's connections (default 128).
import { join } from "node:path";
import type { Subprocess } from "bun";
import { runBinary, startBinary } from "../src/testing/binary.ts";
import { table } from "./lib-format.ts";
import { children, cleanup, spawnTracked, tempDir } from "./lib-processes.ts";
import { BINARY, intEnv } from "./lib-settings.ts";
import { captureOutput, writeRecord } from "./record.ts";

const ATTACKERS = intEnv("BENCH_LOGIN_ATTACKERS", 60, 1);
const FLOOD_SECONDS = intEnv("BENCH_LOGIN_FLOOD_SECONDS", 30, 1);
const CONNECTIONS = intEnv("BENCH_LOGIN_CONNECTIONS", 128, 1);
const BYSTANDERS = 3;
const BOSS = { username: "boss", password: "a long and unguessed passphrase 7" };
const RESET = { username: "resetme", password: "another long passphrase 9" };

async function site() {
  const dir = await tempDir("logins");
  const data = join(dir, "data");
  for (const who of [BOSS, RESET]) {
    const seeded = await runBinary(["--seed-admin", who.username, "--data-dir", data], {
      binary: BINARY,
      cwd: dir,
      env: { ADMIN_PASSWORD: who.password },
    });
    if (seeded.code !== 0) throw new Error(`--seed-admin: ${seeded.stderr}`);
  }
  const server = await startBinary({ binary: BINARY, cwd: dir, args: ["--trust-proxy", "--data-dir", data] });
  children.add(server.proc as Subprocess);
  return server;
}

const post = (url: string, path: string, body: unknown, ip: string, cookie?: string) =>
  fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

// Three people log in from their own networks, 300 ms apart, while `flood` runs.
async function bystanders(url: string): Promise<{ slowestMs: number; statuses: number[] }> {
  const times = await Promise.all(
    Array.from({ length: BYSTANDERS }, async (_, i) => {
      await Bun.sleep(300 + 300 * i);
      const started = performance.now();
      const res = await post(url, "/api/login", BOSS, `203.0.${113 + i}.${10 + i}`);
      await res.arrayBuffer();
      return { ms: performance.now() - started, status: res.status };
    }),
  );
  return { slowestMs: Math.max(...times.map((t) => t.ms)), statuses: times.map((t) => t.status) };
}

async function loginFlood(url: string, networks: number) {
  let flooding = true;
  const answers: Record<number, number> = {};
  let n = 0;
  const attacker = async (i: number) => {
    while (flooding) {
      const k = n++;
      const ip = `2001:db8:77:${(k % networks).toString(16)}::${(k % 65000).toString(16) || "1"}`;
      const res = await post(url, "/api/login", { username: `ghost${i}`, password: "x" }, ip);
      await res.arrayBuffer();
      answers[res.status] = (answers[res.status] ?? 0) + 1;
    }
  };
  const flood = Promise.all(Array.from({ length: ATTACKERS }, (_, i) => attacker(i)));
  await Bun.sleep(100); // the flood is on before the first bystander comes
  const seen = await bystanders(url);
  flooding = false;
  await flood;
  return { ...seen, answers };
}

// wrk, as fast as it is answered on every connection, for FLOOD_SECONDS before the bystanders and
// through them: wrong passwords for 60 names from the 256 /64s of 2001:db8:56:ff00::/56 in turn.
const FLOOD_LUA = `
wrk.method = "POST"
wrk.headers["content-type"] = "application/json"
local n = 0
request = function()
  n = n + 1
  wrk.headers["x-forwarded-for"] = string.format("2001:db8:56:ff%02x::%x", n % 256, (n % 65000) + 1)
  return wrk.format(nil, "/api/login", nil, string.format('{"username":"ghost%d","password":"x"}', n % 60))
end
done = function(summary, latency, requests)
  io.write(string.format('FLOOD {"requests":%d,"errors":%d}\\n', summary.requests, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
`;

async function sustainedFlood(url: string) {
  const script = join(await tempDir("logins-wrk"), "flood.lua");
  await Bun.write(script, FLOOD_LUA);
  const wrk = spawnTracked(
    ["wrk", "-t2", `-c${CONNECTIONS}`, `-d${FLOOD_SECONDS + 5}s`, "--timeout", "10s", "-s", script, url],
    {},
  );
  const out = new Response(wrk.stdout as ReadableStream).text();
  await Bun.sleep(FLOOD_SECONDS * 1000);
  const seen = await bystanders(url);
  await wrk.exited;
  const line = (await out).split("\n").find((l) => l.startsWith("FLOOD "));
  if (!line) throw new Error(`wrk failed (exit ${wrk.exitCode})`);
  const { requests, errors } = JSON.parse(line.slice("FLOOD ".length)) as { requests: number; errors: number };
  return { ...seen, requests, errors };
}

async function resetFlood(url: string) {
  const login = await post(url, "/api/login", BOSS, "198.18.0.1");
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("session="))!
    .split(";")[0]!;
  const users = await (
    await fetch(`${url}/api/admin/users?search=resetme`, { headers: { cookie, "x-forwarded-for": "198.18.0.1" } })
  ).json();
  const id = users.users[0].id;
  // a reset link hands the account over: the admin (no two-factor sign-in here) enters the password again first
  await (await post(url, "/api/user/step-up", { password: BOSS.password }, "198.18.0.1", cookie)).arrayBuffer();
  const link = await (await post(url, `/api/admin/users/${id}/reset-link`, {}, "198.18.0.1", cookie)).json();
  const token = new URL(link.url).searchParams.get("token");
  const started = performance.now();
  const uses = Promise.all(
    Array.from({ length: 300 }, async (_, i) => {
      const res = await post(
        url,
        "/api/password-reset",
        { token, newPassword: `new password number ${i}` },
        `2001:db8:88:${(i % 64).toString(16)}::1`,
      );
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const seen = await bystanders(url);
  const statuses = await uses;
  const answers: Record<number, number> = {};
  for (const s of statuses) answers[s] = (answers[s] ?? 0) + 1;
  return { ...seen, answers, usesMs: performance.now() - started };
}

try {
  console.log(
    `logins bench: the built binary (${BINARY}), production password cost, --trust-proxy; ${ATTACKERS} attackers sending wrong passwords as fast as answered; ${BYSTANDERS} bystander logins 300 ms apart from other networks`,
  );
  const rows: string[][] = [];
  for (const networks of [1, 6, 12, 64]) {
    const server = await site();
    try {
      const r = await loginFlood(server.url, networks);
      const ok = r.statuses.every((s) => s === 200) && r.slowestMs < 1000;
      rows.push([
        `login flood from ${networks} /64s of one /48`,
        `${r.slowestMs.toFixed(0)} ms`,
        r.statuses.join(" "),
        JSON.stringify(r.answers),
        "< 1000 ms, all 200",
        ok ? "yes" : "NO",
      ]);
    } finally {
      await server.stop();
    }
  }
  const flooded = await site();
  try {
    const r = await sustainedFlood(flooded.url);
    const ok = r.statuses.every((s) => s === 200) && r.slowestMs < 1000;
    rows.push([
      `${FLOOD_SECONDS} s of wrk from 256 /64s of one /56, then through the bystanders`,
      `${r.slowestMs.toFixed(0)} ms`,
      r.statuses.join(" "),
      `${r.requests} logins, ${r.errors} socket errors`,
      "< 1000 ms, all 200",
      ok ? "yes" : "NO",
    ]);
  } finally {
    await flooded.stop();
  }
  const server = await site();
  try {
    const r = await resetFlood(server.url);
    const ok = r.statuses.every((s) => s === 200) && r.slowestMs < 1000;
    rows.push([
      `300 uses of one reset link at once (${r.usesMs.toFixed(0)} ms for all)`,
      `${r.slowestMs.toFixed(0)} ms`,
      r.statuses.join(" "),
      JSON.stringify(r.answers),
      "< 1000 ms, all 200; one use 200",
      ok && r.answers[200] === 1 ? "yes" : "NO",
    ]);
  } finally {
    await server.stop();
  }
  const printed = captureOutput();
  console.log(
    table(["flood", "slowest bystander login", "bystanders' answers", "the flood's answers", "goal", "met?"], rows),
  );
  writeRecord("logins", { lines: printed.stop() });
} finally {
  await cleanup();
}
