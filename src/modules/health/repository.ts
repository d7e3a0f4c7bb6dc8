// All SQL of the health check: a read, and a real write (a 16 KiB row, inserted and deleted) that
// needs new pages and WAL space like any real write. Prepared once.
// Raw SQL: the health check answers the first request after a start (a load balancer's, the
// bench's), and building its statements with Drizzle's query builder, cold, would be most of it.
import type { Db } from "../../db/client.ts";

export function createHealthRepository(db: Pick<Db, "sqlite">) {
  const ping = db.sqlite.prepare<{ ok: number }, []>("select 1 as ok");
  const insertProbe = db.sqlite.prepare<unknown, [number]>(
    "insert into health_probe (checked_at, filler) values (?, zeroblob(16384))",
  );
  const clearProbes = db.sqlite.prepare<unknown, []>("delete from health_probe");
  return {
    canRead: () => ping.get()?.ok === 1,
    // Runs the probe's transaction without the fsync that synchronous = FULL puts on every commit:
    // a full disk already fails the write into the WAL (SQLITE_FULL), and the probe's row is deleted
    // in the same transaction, so there is nothing to keep. The fsync would be most of the first
    // health answer after a start, and far more on a busy disk. bun:sqlite is
    // synchronous, so no other transaction can commit while the setting is relaxed.
    withoutSync<T>(run: () => T): T {
      db.sqlite.run("PRAGMA synchronous = NORMAL");
      try {
        return run();
      } finally {
        db.sqlite.run("PRAGMA synchronous = FULL");
      }
    },
    writeProbe(now: number) {
      insertProbe.run(now);
      clearProbes.run();
    },
  };
}
