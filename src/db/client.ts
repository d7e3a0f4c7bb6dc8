import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import * as schema from "./schema.ts";

export type Db = ReturnType<typeof openDatabase>;

// Opens the database with the pragmas the app relies on, in this order (see architecture.md).
export function openDatabase(path: string) {
  const sqlite = new Database(path, { create: true, strict: true });
  sqlite.run("PRAGMA busy_timeout = 5000");
  sqlite.run("PRAGMA journal_mode = WAL");
  // FULL: every commit is on disk before it is acknowledged, so a power cut cannot take back a
  // stored payout attempt (which could lead to a second payment) or an accepted request. The group
  // commit shares one sync among the requests of an event-loop turn (docs/decisions.md).
  sqlite.run("PRAGMA synchronous = FULL");
  sqlite.run("PRAGMA foreign_keys = ON");
  sqlite.run("PRAGMA temp_store = MEMORY");
  const db = drizzle({ client: sqlite, schema });
  return Object.assign(db, { sqlite });
}
