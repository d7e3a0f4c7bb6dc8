// The backup schedule over real files and a real database (a test app's), the clock and the timers
// faked: backups come one interval apart, the newest N stay, a restart picks up from the newest one,
// and a failed or damaged copy is the last failure, never a backup, and leaves nothing behind.
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type FakeClock, fakeClock, testApp } from "../../testing/harness.ts";
import { backupName, parseBackupName } from "./model.ts";
import { createBackupService, RETRY_MS, START_DELAY_MS, type Timers } from "./service.ts";

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);

const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

// Timers on the fake clock: advance() moves it, firing each timer due on the way at its moment.
function fakeTimers(clock: FakeClock) {
  const pending = new Map<number, { at: number; fn: () => void }>();
  let ids = 0;
  const timers: Timers & { advance(ms: number): void } = {
    set(fn, ms) {
      pending.set(++ids, { at: clock() + ms, fn });
      return ids;
    },
    clear: (handle) => void pending.delete(handle as number),
    advance(ms) {
      const end = clock() + ms;
      for (;;) {
        const due = [...pending].filter(([, p]) => p.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        clock.set(Math.max(clock(), due[1].at));
        due[1].fn();
      }
      clock.set(end);
    },
  };
  return timers;
}

function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), `xrp-faucet-${prefix}-`));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// A test app's database with a few users, a data directory holding a secret.key, a backup directory,
// and a backup service over them on a fake clock.
async function setup(
  options: { everyMs?: number; keep?: number; dir?: string; afterCopy?: (tmp: string) => void; at?: number } = {},
) {
  const clock = fakeClock(options.at ?? T0);
  const t = testApp({ clock });
  cleanup.push(() => t.close());
  for (const name of ["ann", "bob"]) await t.register(name);
  const dataDir = tempDir("data");
  const key = crypto.getRandomValues(new Uint8Array(32));
  writeFileSync(join(dataDir, "secret.key"), key, { mode: 0o600 });
  const dir = options.dir ?? join(tempDir("backups"), "faucet");
  const timers = fakeTimers(clock);
  const logs: string[] = [];
  const make = () =>
    createBackupService({
      db: t.db,
      dbPath: t.db.sqlite.filename,
      dataDir,
      settings: { dir, everyMs: options.everyMs ?? 6 * HOUR, keep: options.keep ?? 3 },
      clock,
      timers,
      log: (line) => logs.push(line),
      afterCopy: options.afterCopy,
    });
  const service = make();
  cleanup.push(() => service.stop());
  return { t, clock, timers, dataDir, dir, key, service, make, logs };
}

const usernames = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return (db.query("select username from users order by id").all() as { username: string }[]).map((r) => r.username);
  } finally {
    db.close();
  }
};
const namesIn = (dir: string) => readdirSync(dir).sort();

describe("the schedule", () => {
  test("the first backup comes soon after start when there is none; then one every interval; the 3 newest stay, nothing else is touched", async () => {
    const { t, timers, dir, dataDir, key, service, logs } = await setup({ keep: 3 });
    // files that are not backups, one of them named almost like one
    const { mkdirSync } = await import("node:fs");
    mkdirSync(dir, { recursive: true });
    for (const other of ["notes.txt", "xrp-faucet-old.db", "xrp-faucet-20200101-000000.db.bak"])
      writeFileSync(join(dir, other), "keep me");

    service.start();
    expect(service.status()).toMatchObject({
      enabled: true,
      dir,
      everyMs: 6 * HOUR,
      keep: 3,
      nextAt: T0 + START_DELAY_MS,
      running: false,
      lastSuccessAt: null,
      lastFailure: null,
      backups: [],
    });
    // nothing before its time
    timers.advance(START_DELAY_MS - 1);
    expect(service.status().running).toBe(false);
    timers.advance(1);
    expect(service.status().running).toBe(true);
    await service.settled();

    const first = backupName(T0 + START_DELAY_MS);
    expect(first).toBe("xrp-faucet-20260115-120005.db");
    const status = service.status();
    expect(status).toMatchObject({
      running: false,
      lastSuccessAt: T0 + START_DELAY_MS,
      lastFailure: null,
      nextAt: T0 + START_DELAY_MS + 6 * HOUR,
      secretKeyCopied: true,
    });
    expect(status.backups).toEqual([
      {
        name: first,
        sizeBytes: statSync(join(dir, first)).size,
        createdAt: T0 + START_DELAY_MS,
        uploads: { files: 0, sizeBytes: 0 },
      },
    ]);
    // a whole database, owner-only, with the rows of that moment; the key beside it, owner-only
    expect(usernames(join(dir, first))).toEqual(["ann", "bob"]);
    expect(statSync(join(dir, first)).mode & 0o777).toBe(0o600);
    expect(new Uint8Array(readFileSync(join(dir, "secret.key")))).toEqual(key);
    expect(statSync(join(dir, "secret.key")).mode & 0o777).toBe(0o600);
    expect(logs.some((line) => line.startsWith(`backup: ${join(dir, first)} (`))).toBe(true);

    // four more, one interval apart; a user registered in between is in the later ones only
    const made = [first];
    for (let i = 1; i <= 4; i++) {
      if (i === 3) await t.register("cyd");
      timers.advance(6 * HOUR);
      await service.settled();
      made.push(backupName(T0 + START_DELAY_MS + i * 6 * HOUR));
    }
    const kept = made.slice(-3).reverse();
    expect(service.status().backups.map((b) => b.name)).toEqual(kept);
    expect(namesIn(dir)).toEqual(
      [...kept, "notes.txt", "secret.key", "xrp-faucet-20200101-000000.db.bak", "xrp-faucet-old.db"].sort(),
    );
    expect(usernames(join(dir, kept[0]!))).toEqual(["ann", "bob", "cyd"]);
    expect(usernames(join(dir, kept[2]!))).toEqual(["ann", "bob"]);
    expect(logs.filter((line) => line.includes("; removed ")).length).toBe(2);
    // the key was copied once
    expect(logs.filter((line) => line.includes("copied secret.key")).length).toBe(1);
    expect(dataDir).not.toBe(dir);
  });

  test("after a restart: one interval after the newest backup, or soon when it is older than the interval; unfinished copies are removed", async () => {
    const { clock, timers, dir, service, make, logs } = await setup({ everyMs: 6 * HOUR });
    await service.runNow();
    expect(service.status().backups.map((b) => b.name)).toEqual([backupName(T0)]);
    await service.stop();

    // two hours later: the next one is due four hours from now, not six
    clock.set(T0 + 2 * HOUR);
    writeFileSync(join(dir, `${backupName(T0 + HOUR)}.tmp`), "a copy a crash left");
    writeFileSync(join(dir, `${backupName(T0 + HOUR)}.tmp-journal`), "and its journal");
    writeFileSync(join(dir, "other.tmp"), "not ours");
    const restarted = make();
    restarted.start();
    expect(restarted.status()).toMatchObject({ nextAt: T0 + 6 * HOUR, lastSuccessAt: T0 });
    expect(namesIn(dir)).toEqual(["other.tmp", "secret.key", backupName(T0)]);
    expect(logs).toContain(`backup: removed ${backupName(T0 + HOUR)}.tmp, a copy left unfinished`);
    expect(logs).toContain(`backup: removed ${backupName(T0 + HOUR)}.tmp-journal, a copy left unfinished`);
    timers.advance(4 * HOUR);
    await restarted.settled();
    expect(restarted.status().backups.map((b) => b.name)).toEqual([backupName(T0 + 6 * HOUR), backupName(T0)]);
    await restarted.stop();

    // seven hours after the newest: soon after start
    clock.set(T0 + 13 * HOUR);
    const late = make();
    late.start();
    expect(late.status().nextAt).toBe(T0 + 13 * HOUR + START_DELAY_MS);
    await late.stop();
  });

  test("a second 'now' while one runs joins it: one backup; one begun in the same second gets the next name", async () => {
    const { dir, service } = await setup();
    const [a, b] = await Promise.all([service.runNow(), service.runNow()]);
    expect(b).toEqual(a);
    expect(service.status().backups).toHaveLength(1);
    const c = await service.runNow();
    expect(c.name).toBe(backupName(T0, 2));
    expect(parseBackupName(c.name)).toEqual({ createdAt: T0, n: 2 });
    expect(service.status().backups.map((x) => x.name)).toEqual([backupName(T0, 2), backupName(T0)]);
    expect(namesIn(dir)).toEqual(["secret.key", backupName(T0, 2), backupName(T0)]);
  });
});

describe("uploaded images", () => {
  test("each is copied once into uploads/; a backup lists its own; an image no kept backup lists goes with the oldest; leftovers of a crash are removed at start", async () => {
    const { clock, dir, dataDir, service, make, logs } = await setup({ keep: 2 });
    const { mkdirSync } = await import("node:fs");
    const images = join(dataDir, "uploads");
    mkdirSync(images);
    const image = (name: string, text: string) => writeFileSync(join(images, name), `\x89PNG ${text}`);
    const a = `${"a".repeat(32)}.png`;
    const b = `${"b".repeat(32)}.jpg`;
    image(a, "first");
    // (not an upload's name: never copied)
    writeFileSync(join(images, "notes.txt"), "mine");
    const first = await service.runNow();
    expect(first.uploads).toEqual({ files: 1, sizeBytes: 11 });
    expect(readFileSync(join(dir, `${first.name}.uploads`), "utf8")).toBe(`${a} 11\n`);
    expect(namesIn(join(dir, "uploads"))).toEqual([a]);
    expect(statSync(join(dir, "uploads", a)).mode & 0o777).toBe(0o600);
    expect(logs.at(-1)).toContain("; 1 uploaded image, 1 new)");

    // the image is gone from the data directory (removed by hand); another one is uploaded
    rmSync(join(images, a));
    image(b, "second one");
    clock.advance(HOUR);
    const second = await service.runNow();
    expect(second.uploads).toEqual({ files: 1, sizeBytes: 16 });
    expect(namesIn(join(dir, "uploads"))).toEqual([a, b]);
    clock.advance(HOUR);
    const third = await service.runNow();
    expect(logs.at(-1)).toContain("; 1 uploaded image, 0 new)");
    // the first backup went, and with it the only list of the first image
    expect(service.status().backups.map((x) => [x.name, x.uploads])).toEqual([
      [third.name, { files: 1, sizeBytes: 16 }],
      [second.name, { files: 1, sizeBytes: 16 }],
    ]);
    expect(namesIn(join(dir, "uploads"))).toEqual([b]);
    expect(existsSync(join(dir, `${first.name}.uploads`))).toBe(false);
    await service.stop();

    // a crash left a list without its backup and an image's copy half made
    writeFileSync(join(dir, `${backupName(T0 + 5 * HOUR)}.uploads`), `${b} 16\n`);
    writeFileSync(join(dir, `${backupName(T0 + 5 * HOUR)}.uploads.tmp`), "");
    writeFileSync(join(dir, "uploads", `${"c".repeat(32)}.png.tmp`), "half");
    const restarted = make();
    restarted.start();
    expect(namesIn(dir)).toEqual(
      ["secret.key", "uploads", second.name, `${second.name}.uploads`, third.name, `${third.name}.uploads`].sort(),
    );
    expect(namesIn(join(dir, "uploads"))).toEqual([b]);
    await restarted.stop();
  });
});

describe("failures", () => {
  test("stopping in the middle of a copy abandons it: no backup, no .tmp, and no failure (nothing failed)", async () => {
    const { dir, service } = await setup();
    const outcome = service.runNow().then(
      () => "made",
      (error: Error) => error.message,
    );
    expect(service.status().running).toBe(true);
    await service.stop();
    expect(await outcome).toBe("the server is stopping");
    expect(service.status()).toMatchObject({ running: false, backups: [], lastFailure: null, nextAt: null });
    expect(namesIn(dir)).toEqual(["secret.key"]);
  });

  test("a copy that fails its integrity check is the last failure, is not a backup, and leaves no .tmp; the next try succeeds", async () => {
    let damage = true;
    const { dir, service, timers, clock } = await setup({
      // the copy is damaged on disk after VACUUM INTO wrote it (a page of its tables overwritten)
      afterCopy: (tmp) => {
        if (!damage) return;
        const bytes = readFileSync(tmp);
        bytes.fill(0xa5, 4096 * 2, 4096 * 6);
        writeFileSync(tmp, bytes);
      },
    });
    service.start();
    timers.advance(START_DELAY_MS);
    await service.settled();
    const failed = service.status();
    expect(failed.backups).toEqual([]);
    expect(failed.lastSuccessAt).toBeNull();
    expect(failed.lastFailure?.at).toBe(T0 + START_DELAY_MS);
    expect(failed.lastFailure?.message).toMatch(/^the copy failed its integrity check: /);
    expect(namesIn(dir)).toEqual(["secret.key"]);
    // tried again within the hour
    expect(failed.nextAt).toBe(T0 + START_DELAY_MS + RETRY_MS);
    damage = false;
    timers.advance(RETRY_MS);
    await service.settled();
    const ok = service.status();
    expect(ok.backups.map((b) => b.name)).toEqual([backupName(clock())]);
    expect(ok.lastSuccessAt).toBe(clock());
    // the failure stays known, older than the success (what the alerts compare)
    expect(ok.lastFailure?.at).toBe(T0 + START_DELAY_MS);
    expect(ok.nextAt).toBe(clock() + 6 * HOUR);
  });

  test("a backup directory that cannot be made (a file is in its place) is the last failure; the interval's retry is the shorter one", async () => {
    const base = tempDir("backups");
    const dir = join(base, "faucet");
    writeFileSync(dir, "a file where the directory should be");
    const { service, timers } = await setup({ dir, everyMs: 30 * 60_000 });
    service.start();
    timers.advance(START_DELAY_MS);
    await service.settled();
    expect(service.status()).toMatchObject({
      backups: [],
      lastSuccessAt: null,
      nextAt: T0 + START_DELAY_MS + 30 * 60_000,
    });
    expect(service.status().lastFailure).toEqual({ at: T0 + START_DELAY_MS, message: expect.stringContaining(dir) });
    await expect(service.runNow()).rejects.toThrow(dir);
    expect(readdirSync(base)).toEqual(["faucet"]);
  });

  test("a full disk in the middle of the copy (a file-size limit: writes past it fail) is the last failure and leaves no .tmp", async () => {
    // A database of about 4 MB and a process whose files may not grow past 1 MB (SIGXFSZ ignored, so
    // a write past it fails with EFBIG, as a full disk fails with ENOSPC): the copy fails midway.
    const { t, dir, dataDir } = await setup();
    t.db.sqlite.run("create table filler (x text)");
    const insert = t.db.sqlite.prepare("insert into filler values (?)");
    t.db.sqlite.transaction(() => {
      for (let i = 0; i < 4000; i++) insert.run("x".repeat(1000));
    })();
    t.db.sqlite.run("PRAGMA wal_checkpoint(TRUNCATE)");
    const script = join(tempDir("script"), "limited.ts");
    const here = import.meta.dir;
    writeFileSync(
      script,
      `import { openDatabase } from ${JSON.stringify(resolve(here, "../../db/client.ts"))};
import { createBackupService } from ${JSON.stringify(join(here, "service.ts"))};
const [dbPath, dataDir, dir] = process.argv.slice(2);
const db = openDatabase(dbPath);
const service = createBackupService({ db, dbPath, dataDir, settings: { dir, everyMs: 3600000, keep: 3 }, log: () => {} });
const outcome = await service.runNow().then(() => "made", (error) => "failed: " + error.message);
console.log(JSON.stringify({ outcome, status: service.status() }));
db.sqlite.close();
`,
    );
    const run = Bun.spawn(
      [
        "sh",
        "-c",
        `trap '' XFSZ; ulimit -f 1024; exec "$0" "$@"`,
        process.execPath,
        script,
        t.db.sqlite.filename,
        dataDir,
        dir,
      ],
      {
        stdout: "pipe",
        stderr: "pipe",
      },
    );
    const [out, err, code] = await Promise.all([
      new Response(run.stdout).text(),
      new Response(run.stderr).text(),
      run.exited,
    ]);
    expect({ code, err }).toEqual({ code: 0, err: "" });
    const { outcome, status } = JSON.parse(out);
    expect(outcome).toMatch(/^failed: /);
    expect(status.lastFailure.message).toBe(outcome.slice("failed: ".length));
    expect(status.lastSuccessAt).toBeNull();
    expect(status.backups).toEqual([]);
    // the key (32 bytes) fitted; no part of the copy is left
    expect(namesIn(dir)).toEqual(["secret.key"]);
    expect(existsSync(join(dir, `${backupName(Date.now())}.tmp`))).toBe(false);
  }, 20_000);
});
