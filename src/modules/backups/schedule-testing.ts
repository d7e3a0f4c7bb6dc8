// What the backup schedule's tests share (schedule-*.test.ts): a backup service over real files and a
// test app's database, its clock and timers faked.
import { afterAll } from "bun:test";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FakeClock, fakeClock, testApp } from "../../testing/harness.ts";
import { createBackupService, type Timers } from "./service.ts";

export const HOUR = 3_600_000;
export const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);

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

// Temporary directories and the test apps and services over them, all removed after the file's tests.
export function backupsOnFakeClock() {
  const cleanup: (() => unknown)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

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

  return { tempDir, setup };
}

export const namesIn = (dir: string) => readdirSync(dir).sort();
