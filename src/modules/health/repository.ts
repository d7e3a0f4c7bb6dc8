// All SQL of the health check: a read, and a real write (a 16 KiB row, inserted and deleted) that
// needs new pages and WAL space like any real write. Prepared once.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { healthProbe } from "../../db/schema.ts";

export function createHealthRepository(db: Db) {
  // no table to read: Drizzle's select needs a `from`
  const ping = db.sqlite.prepare<{ ok: number }, []>("select 1 as ok");
  const insertProbe = db.insert(healthProbe).values({ checkedAt: sql.placeholder("now"), filler: sql`zeroblob(16384)` }).prepare();
  const clearProbes = db.delete(healthProbe).prepare();
  return {
    canRead: () => ping.get()?.ok === 1,
    writeProbe(now: number) {
      insertProbe.run({ now });
      clearProbes.run();
    },
  };
}
