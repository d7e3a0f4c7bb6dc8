// A stopped, damaged or failed copy is never a backup and leaves nothing behind; a failure is the last
// failure, and it is tried again sooner than the interval.
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { backupName } from "./model.ts";
import { RETRY_MS, START_DELAY_MS } from "./service.ts";
import { backupsOnFakeClock, HOUR, namesIn, T0 } from "./schedule-testing.ts";

const { setup, tempDir } = backupsOnFakeClock();

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
