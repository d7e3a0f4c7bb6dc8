// All SQL of the health check: a read, and a real write (a 16 KiB row, inserted and deleted) that
// needs new pages and WAL space like any real write. Prepared once.
// Raw SQL: the health check answers the first request after a start (a load balancer's, the
// bench's), and building its statements with Drizzle's query builder, cold, cost ~5 ms of that.
import type { Db } from "../../db/client.ts";

export function createHealthRepository(db: Db) {
  const ping = db.sqlite.prepare<{ ok: number }, []>("select 1 as ok");
  const insertProbe = db.sqlite.prepare<unknown, [number]>("insert into health_probe (checked_at, filler) values (?, zeroblob(16384))");
  const clearProbes = db.sqlite.prepare<unknown, []>("delete from health_probe");
  return {
    canRead: () => ping.get()?.ok === 1,
    writeProbe(now: number) {
      insertProbe.run(now);
      clearProbes.run();
    },
  };
}
