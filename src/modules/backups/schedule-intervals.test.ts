// Backups come one interval apart and the newest N stay; a restart picks up one interval after the
// newest backup; two backups asked for at once make one.
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { backupName, parseBackupName } from "./model.ts";
import { START_DELAY_MS } from "./service.ts";
import { backupsOnFakeClock, HOUR, namesIn, T0 } from "./schedule-testing.ts";

const { setup } = backupsOnFakeClock();

const usernames = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return (db.query("select username from users order by id").all() as { username: string }[]).map((r) => r.username);
  } finally {
    db.close();
  }
};

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
