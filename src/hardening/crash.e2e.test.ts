// The binary under a load of faucet requests: killed with SIGKILL it loses no acknowledged request;
// SIGTERM drains and closes cleanly; a backup taken under load holds every row acknowledged before it.
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { randomAddress } from "../testing/harness.ts";
import { binaryInEmptyDir, runBinary, startBinary, type RunningServer } from "../testing/binary.ts";
import { httpClient } from "../testing/client.ts";
import { waitFor } from "../testing/wait.ts";

const dirs: string[] = [];
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop("SIGKILL");
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}, 60_000);

// Workers posting distinct addresses (each from its own client IP and device) until stopped. (Plain
// fetch: a request counts as acknowledged on its 201, before its body is read.)
function load(url: string, workers = 8) {
  const acknowledged: string[] = [];
  let counter = 0;
  let running = true;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const n = counter++;
      const address = randomAddress();
      try {
        const res = await fetch(`${url}/api/faucet/request`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            cookie: `device=loaddevice${String(n).padStart(16, "0")}`,
          },
          body: JSON.stringify({ address }),
        });
        if (res.status === 201) acknowledged.push(address);
        await res.arrayBuffer();
      } catch {
        await Bun.sleep(5); // the server is gone or restarting: a short pause before the next try
      }
    }
  });
  return {
    acknowledged,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

// Seeds an admin and lets the faucet give 1 drop a request all day, so every request can be accepted;
// the proof of work is off so that the load is the server's, not the solver's.
async function openTheTap(server: RunningServer, dir: string, binary: string) {
  const admin = { username: "loadadmin", password: "load admin passphrase 9" };
  expect(
    (await runBinary(["--seed-admin", admin.username], { cwd: dir, binary, env: { ADMIN_PASSWORD: admin.password } }))
      .code,
  ).toBe(0);
  const client = httpClient(server.url);
  expect((await client.post("/api/login", admin)).status).toBe(200);
  const res = await client.post("/api/admin/faucet/settings", {
    dailyLimit: "1000000",
    minAmount: "0.000001",
    maxAmount: "0.000001",
    powDifficulty: 0,
  });
  expect(res.status).toBe(200);
}

const storedAddresses = (dir: string) => {
  const db = new Database(join(dir, "data/app.db"), { readonly: true });
  try {
    const integrity = (db.query("pragma integrity_check").get() as { integrity_check: string }).integrity_check;
    const rows = db.query("select address from faucet_requests").all() as { address: string }[];
    return { integrity, addresses: rows.map((r) => r.address) };
  } finally {
    db.close();
  }
};

test("SIGKILL in the middle of a load: every acknowledged request is stored once, and the database is intact", async () => {
  const { dir, binary } = binaryInEmptyDir();
  dirs.push(dir);
  const server = await startBinary({ binary, cwd: dir, args: ["--trust-proxy"] });
  servers.push(server);
  await openTheTap(server, dir, binary);
  const traffic = load(server.url);
  // killed once the WAL has reached SQLite's automatic checkpoint (1,000 pages of 4 KiB), so that the
  // kill may land in or after one (as 1.5 s of this load did on an idle machine)
  const walPages = () => statSync(join(dir, "data/app.db-wal")).size / (4096 + 24);
  await waitFor(() => traffic.acknowledged.length >= 100 && walPages() >= 1_000, {
    what: "a WAL of 1,000 pages under load",
    timeout: 30_000,
  });
  server.proc.kill("SIGKILL");
  await server.proc.exited;
  await traffic.stop();
  expect(traffic.acknowledged.length).toBeGreaterThan(50);

  const restarted = await startBinary({ binary, cwd: dir });
  servers.push(restarted);
  expect((await httpClient(restarted.url).get("/api/health")).status).toBe(200);
  await restarted.stop();
  const { integrity, addresses } = storedAddresses(dir);
  expect(integrity).toBe("ok");
  const stored = new Set(addresses);
  expect(stored.size).toBe(addresses.length);
  expect(traffic.acknowledged.filter((a) => !stored.has(a))).toEqual([]);
}, 60_000);

test("SIGTERM under load: in-flight requests finish, the process exits 0, nothing acknowledged is lost", async () => {
  const { dir, binary } = binaryInEmptyDir();
  dirs.push(dir);
  const server = await startBinary({ binary, cwd: dir, args: ["--trust-proxy"] });
  servers.push(server);
  await openTheTap(server, dir, binary);
  const traffic = load(server.url);
  await waitFor(() => traffic.acknowledged.length >= 100, { what: "100 acknowledged requests", timeout: 20_000 });
  server.proc.kill("SIGTERM");
  expect(await server.proc.exited).toBe(0);
  await traffic.stop();
  expect(server.output()).toContain("SIGTERM: finishing in-flight requests");
  const { integrity, addresses } = storedAddresses(dir);
  expect(integrity).toBe("ok");
  const stored = new Set(addresses);
  expect(traffic.acknowledged.filter((a) => !stored.has(a))).toEqual([]);
}, 60_000);

test("a backup taken under load opens cleanly and holds every request acknowledged before it began", async () => {
  const { dir, binary } = binaryInEmptyDir();
  dirs.push(dir);
  const server = await startBinary({ binary, cwd: dir, args: ["--trust-proxy"] });
  servers.push(server);
  await openTheTap(server, dir, binary);
  const traffic = load(server.url);
  await waitFor(() => traffic.acknowledged.length >= 200, { what: "200 acknowledged requests", timeout: 20_000 });
  const before = [...traffic.acknowledged];
  const backup = await runBinary(["--backup", "under-load.db"], { cwd: dir, binary });
  await traffic.stop();
  await server.stop();
  expect(backup.code).toBe(0);
  const copy = new Database(join(dir, "under-load.db"), { readonly: true });
  try {
    expect((copy.query("pragma integrity_check").get() as { integrity_check: string }).integrity_check).toBe("ok");
    const stored = new Set(
      (copy.query("select address from faucet_requests").all() as { address: string }[]).map((r) => r.address),
    );
    expect(before.length).toBeGreaterThan(20);
    expect(before.filter((a) => !stored.has(a))).toEqual([]);
  } finally {
    copy.close();
  }
}, 60_000);
