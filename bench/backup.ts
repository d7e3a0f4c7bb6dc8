// `bun bench/backup.ts`: how long a backup of a realistically sized database stalls the requests
// the server answers meanwhile. The app (testApp, real HTTP) holds 50,000 faucet requests, 5,000
// users and 5,000 rewards; a client in another process reads (GET /api/faucet/status) and writes
// (POST /api/faucet/request) without pause, one request of each in flight. Each round takes a backup
// two ways, a second apart:
//   main thread: VACUUM INTO on the app's own connection, then PRAGMA integrity_check of the copy
//                opened read-only, then fsync (what a backup without a worker would do)
//   worker:      the backups service (src/modules/backups/service.ts): the same steps on a worker
//                thread with its own read-only connection
// and reports, for each way, the backup's time, the slowest read and write that overlapped it, and
// the longest the server's event loop went without turning (a 1 ms timer's largest gap), next to
// the same figures outside any backup.
//
// Environment: BENCH_BACKUP_REQUESTS=50000, BENCH_BACKUP_ROUNDS=3, BENCH_BACKUP_WRITES=0 (reads only:
// each write's commit syncs the WAL on the event loop, which the reads wait for as well).
import { Database } from "bun:sqlite";
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBackupService } from "../src/modules/backups/service.ts";
import { randomAddress, testApp } from "../src/testing/harness.ts";
import { fmtMs, table } from "./lib-format.ts";
import { captureOutput, writeRecord } from "./record.ts";

const REQUESTS = Number(process.env.BENCH_BACKUP_REQUESTS ?? 50_000);
const USERS = Math.max(1, Math.round(REQUESTS / 10));
const ROUNDS = Number(process.env.BENCH_BACKUP_ROUNDS ?? 3);
const now = () => performance.timeOrigin + performance.now();

const t = testApp({ clock: Date.now });
const dir = mkdtempSync(join(tmpdir(), "xrp-faucet-bench-backup-"));
let client: ReturnType<typeof Bun.spawn> | undefined;
try {
  // ---- a big faucet, as bench/admin.ts seeds it; the faucet open to the writes (1 drop a request)
  const seedStarted = performance.now();
  const at = Date.now();
  t.db.sqlite.transaction(() => {
    const user = t.db.sqlite.prepare(
      "insert into users (username, email, password_hash, xrp_address, total_claimed_drops, daily_streak, created_at) values (?, ?, 'x', ?, ?, ?, ?)",
    );
    for (let i = 0; i < USERS; i++)
      user.run(
        `user${i}`,
        `user${i}@example.com`,
        i % 2 ? randomAddress() : null,
        i % 3 ? 0 : 5_000_000,
        i % 4,
        at - i * 1000,
      );
    const request = t.db.sqlite.prepare(
      "insert into faucet_requests (user_id, address, amount_drops, status, risk_score, risk_reasons, requester_ip, ip_group, device_id, user_agent, created_at) values (?, ?, ?, ?, ?, '[]', ?, ?, ?, ?, ?)",
    );
    const statuses = ["PROCESSED", "REJECTED", "PENDING", "PROCESSED"];
    for (let i = 0; i < REQUESTS; i++) {
      const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      const agent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
      request.run(
        i % 5 ? null : (i % USERS) + 1,
        randomAddress(),
        5_000_000,
        statuses[i % 4]!,
        i % 100,
        ip,
        ip,
        `device${i}`,
        agent,
        at - 86_400_000 - i * 500,
      );
    }
    const reward = t.db.sqlite.prepare(
      "insert into rewards (user_id, type, amount_drops, status, platform, created_at) values (?, 'SOCIAL_SHARE', 5000000, ?, 'Twitter', ?)",
    );
    for (let i = 0; i < USERS; i++) reward.run(i + 1, i % 10 ? "APPROVED" : "PENDING", at - i * 1000);
  })();
  t.db.sqlite.run(
    "update faucet_settings set daily_limit_drops = 1000000000000, min_amount_drops = 1, max_amount_drops = 1",
  );
  t.db.sqlite.run("analyze");
  t.db.sqlite.run("PRAGMA wal_checkpoint(TRUNCATE)");
  const dbPath = t.db.sqlite.filename;
  console.log(
    `backup bench: ${REQUESTS} faucet requests, ${USERS} users, ${USERS} rewards (${(statSync(dbPath).size / 1e6).toFixed(1)} MB) seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const service = createBackupService({
    db: t.db,
    dbPath,
    settings: { dir, everyMs: 86_400_000, keep: 1000 },
    log: () => {},
  });
  const url = t.listen();

  // ---- the event loop's largest gap, per moment
  const gaps: [number, number][] = [];
  let last = now();
  const ticker = setInterval(() => {
    const at = now();
    gaps.push([last, at - last]);
    last = at;
  }, 1);

  client = Bun.spawn([process.execPath, join(import.meta.dir, "lib-bystander.ts")], {
    env: { ...process.env, BENCH_URL: url },
    stdout: "pipe",
    stderr: "pipe",
  });
  const output = new Response(client.stdout as ReadableStream).text();
  await Bun.sleep(1500); // the client's start and a first second of traffic

  const windows: { mode: "main thread" | "worker"; start: number; end: number }[] = [];
  const mainThread = (i: number) => {
    const copy = join(dir, `main-${i}.db`);
    t.db.sqlite.run("VACUUM INTO ?", [copy]);
    const ro = new Database(copy, { readonly: true });
    const ok = ro.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all();
    ro.close();
    if (ok.length !== 1 || ok[0]!.integrity_check !== "ok") throw new Error("integrity check failed");
    const fd = openSync(copy, "r");
    fsyncSync(fd);
    closeSync(fd);
    rmSync(copy);
  };
  for (let round = 0; round < ROUNDS; round++) {
    let start = now();
    mainThread(round);
    windows.push({ mode: "main thread", start, end: now() });
    await Bun.sleep(1000);
    start = now();
    await service.runNow();
    windows.push({ mode: "worker", start, end: now() });
    await Bun.sleep(1000);
  }
  clearInterval(ticker);
  client.kill("SIGTERM");
  const samples = JSON.parse(await output) as [string, number, number, number][];

  // ---- the figures
  const overlaps = (sent: number, ms: number, w: { start: number; end: number }) => sent < w.end && sent + ms > w.start;
  const inAny = (sent: number, ms: number) => windows.some((w) => overlaps(sent, ms, w));
  const max = (xs: number[]) => (xs.length ? Math.max(...xs) : Number.NaN);
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? s[Math.floor(s.length / 2)]! : Number.NaN;
  };
  const p99 = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * 0.99))]! : Number.NaN;
  };
  const of = (kind: string, keep: (sent: number, ms: number) => boolean) =>
    samples.filter(([k, sent, ms]) => k === kind && keep(sent, ms)).map(([, , ms]) => ms);
  const gapIn = (keep: (at: number, ms: number) => boolean) =>
    max(gaps.filter(([at, ms]) => keep(at, ms)).map(([, ms]) => ms));
  const outside = (sent: number, ms: number) => !inAny(sent, ms);
  const rows: string[][] = [];
  // median / p99 / max of some requests' times ("-" for none)
  const spread = (xs: number[]) => (xs.length ? `${fmtMs(median(xs))} / ${fmtMs(p99(xs))} / ${fmtMs(max(xs))}` : "-");
  rows.push(["no backup", "", spread(of("read", outside)), spread(of("write", outside)), fmtMs(gapIn(outside))]);
  for (const mode of ["main thread", "worker"] as const) {
    const ws = windows.filter((w) => w.mode === mode);
    const within = (sent: number, ms: number) => ws.some((w) => overlaps(sent, ms, w));
    rows.push([
      mode,
      fmtMs(median(ws.map((w) => w.end - w.start))),
      spread(of("read", within)),
      spread(of("write", within)),
      fmtMs(gapIn(within)),
    ]);
  }
  const statuses = new Map<string, number>();
  for (const [kind, , , status] of samples)
    statuses.set(`${kind} ${status}`, (statuses.get(`${kind} ${status}`) ?? 0) + 1);
  const printed = captureOutput();
  console.log(`${ROUNDS} rounds; requests: ${[...statuses].map(([k, n]) => `${n} ${k}`).join(", ")}`);
  console.log(
    table(
      [
        "backup",
        "backup time (median)",
        "reads during it: median / p99 / max",
        "writes during it: median / p99 / max",
        "event loop's longest gap",
      ],
      rows,
    ),
  );
  writeRecord("backup", { lines: printed.stop() });
} finally {
  if (client && client.exitCode === null) client.kill("SIGKILL");
  await t.close();
  rmSync(dir, { recursive: true, force: true });
}
