// The soak: BENCH_SOAK seconds (e.g. 600) of mixed traffic against the built binary paying through
// its sandbox ledger: visitors reading pages and asking for XRP, users registering and reading their
// dashboards, an admin approving and paying. Reports memory over time and any answer that was not
// intended. Skipped unless BENCH_SOAK is set: `BENCH_SOAK=600 npm run bench`.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeAccountID } from "ripple-address-codec";
import { runBinary, startBinary } from "../src/testing/binary.ts";
import { captureOutput, writeRecord } from "./record.ts";

const SECONDS = Number(process.env.BENCH_SOAK ?? 0);
if (!SECONDS) {
  console.log("soak: skipped (set BENCH_SOAK=600 for a 10-minute soak)");
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), "xrp-faucet-soak-"));
const admin = { username: "soakadmin", password: "soak admin passphrase 1" };
await runBinary(["--seed-admin", admin.username], { cwd: dir, env: { ADMIN_PASSWORD: admin.password } });
const server = await startBinary({ cwd: dir, args: ["--trust-proxy", "--xrpl", "sandbox", "--sandbox-port", "0"] });
const json = { "content-type": "application/json" };
// Resident memory, split: anonymous (the JS heap and the allocator: where a leak would show) and
// file-backed or shared (SQLite's WAL index and pages read from the file, which follow the data).
const memory = () => {
  const status = readFileSync(`/proc/${server.proc.pid}/status`, "utf8");
  const mib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: mib("VmRSS"), anon: mib("RssAnon"), mapped: mib("RssFile") + mib("RssShmem") };
};
const dbMiB = () =>
  ["app.db", "app.db-wal"].reduce(
    (sum, f) => sum + (existsSync(join(dir, "data", f)) ? statSync(join(dir, "data", f)).size : 0),
    0,
  ) /
  2 ** 20;
const address = () => encodeAccountID(crypto.getRandomValues(new Uint8Array(20)));
const statuses = new Map<string, number>();
const unexpected: string[] = [];
let n = 0;

async function call(path: string, init: RequestInit = {}, ok: number[] = [200, 201, 202]) {
  const res = await fetch(`${server.url}${path}`, init);
  const text = await res.text();
  const key = `${init.method ?? "GET"} ${path.split("?")[0]!.replace(/\d+/g, ":id")} ${res.status}`;
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
  if (!ok.includes(res.status) && unexpected.length < 20) unexpected.push(`${key}: ${text.slice(0, 120)}`);
  return { res, text };
}
const login = async (username: string, password: string) =>
  (
    await call("/api/login", { method: "POST", headers: json, body: JSON.stringify({ username, password }) })
  ).res.headers
    .getSetCookie()
    .find((c) => c.startsWith("session="))!
    .split(";")[0]!;

const adminCookie = await login(admin.username, admin.password);
await call("/api/admin/faucet/settings", {
  method: "POST",
  headers: { ...json, cookie: adminCookie },
  body: JSON.stringify({ dailyLimit: "1000000", minAmount: "1", maxAmount: "2", powDifficulty: 0 }),
});

const deadline = Date.now() + SECONDS * 1000;
type Sample = { t: number; db: number } & ReturnType<typeof memory>;
const samples: Sample[] = [{ t: 0, db: dbMiB(), ...memory() }];
const started = Date.now();
const visitor = async () => {
  while (Date.now() < deadline) {
    const i = n++;
    const headers = {
      ...json,
      "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      cookie: `device=soakdevice${String(i).padStart(16, "0")}`,
    };
    await call("/");
    await call("/api/faucet/status", { headers });
    await call(
      "/api/faucet/request",
      { method: "POST", headers, body: JSON.stringify({ address: address() }) },
      [201, 429],
    );
  }
};
const member = async () => {
  while (Date.now() < deadline) {
    const i = n++;
    const name = `soak${i}`;
    // each member from its own network: new accounts are limited per IP network
    const from = { ...json, "x-forwarded-for": `10.200.${(i >> 8) & 255}.${i & 255}` };
    await call("/api/register", {
      method: "POST",
      headers: from,
      body: JSON.stringify({ username: name, email: `${name}@example.com`, password: "correct horse battery" }),
    });
    const cookie = await login(name, "correct horse battery");
    for (const path of ["/api/user", "/api/user/faucet-requests", "/api/user/rewards-history", "/api/social/bonus"])
      await call(path, { headers: { cookie } });
    await call(
      "/api/social/share",
      { method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ platform: "Twitter" }) },
      [201],
    );
    await call(
      "/api/social/bonus-request",
      {
        method: "POST",
        headers: { ...json, cookie },
        body: JSON.stringify({ address: address(), platform: "Twitter" }),
      },
      [201],
    );
  }
};
const operator = async () => {
  while (Date.now() < deadline) {
    const list = JSON.parse((await call("/api/admin/faucet/requests", { headers: { cookie: adminCookie } })).text) as {
      id: number;
      status: string;
    }[];
    for (const r of list.filter((r) => r.status === "PENDING").slice(0, 5)) {
      await call(`/api/admin/faucet/requests/${r.id}`, {
        method: "POST",
        headers: { ...json, cookie: adminCookie },
        body: JSON.stringify({ action: "APPROVED" }),
      });
    }
    await call("/api/admin/users", { headers: { cookie: adminCookie } });
    await Bun.sleep(2000);
  }
};
const sampler = async () => {
  while (Date.now() < deadline) {
    await Bun.sleep(10_000);
    samples.push({ t: Math.round((Date.now() - started) / 1000), db: dbMiB(), ...memory() });
  }
};
await Promise.all([visitor(), visitor(), member(), operator(), sampler()]);
const paid = JSON.parse((await call("/api/stats/payouts")).text).totalPayouts;
await server.stop();
rmSync(dir, { recursive: true, force: true });

const total = [...statuses.values()].reduce((a, b) => a + b, 0);
const printed = captureOutput();
console.log(`soak: ${SECONDS} s, ${total} requests, ${paid} XRP paid through the sandbox ledger`);
console.log("  time    RSS MiB  anonymous  file/shared  database MiB");
const minutes = samples.filter((s, i) => i === 0 || i === samples.length - 1 || s.t % 60 < 10);
for (const s of minutes) {
  console.log(
    `  ${String(s.t).padStart(4)} s  ${s.rss.toFixed(1).padStart(7)}  ${s.anon.toFixed(1).padStart(9)}  ${s.mapped.toFixed(1).padStart(11)}  ${s.db.toFixed(1).padStart(12)}`,
  );
}
const half = samples.filter((s) => s.t >= SECONDS / 2);
console.log(
  `  anonymous memory over the second half: ${half[0]!.anon.toFixed(1)} -> ${half.at(-1)!.anon.toFixed(1)} MiB (max ${Math.max(...samples.map((s) => s.anon)).toFixed(1)})`,
);
console.log(`  unexpected answers: ${unexpected.length ? unexpected.join("\n    ") : "none"}`);
for (const [k, v] of [...statuses].sort()) console.log(`  ${k.padEnd(48)} ${v}`);
writeRecord("soak", { lines: printed.stop() });
if (unexpected.length) process.exit(1);
