import { Database } from "bun:sqlite";
import { chmodSync, existsSync, lstatSync } from "node:fs";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/bun-sqlite";

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
  // No `schema` here: the app uses the query builder, not Drizzle's relational queries (db.query.*),
  // and building their table map from the schema cost about a tenth of the start.
  const db = drizzle({ client: sqlite });
  return Object.assign(db, { sqlite });
}

// What the server keeps in its data directory. The database (and its backups) hold password
// hashes and addresses, the sandbox wallet a secret: readable by the server's user only.
export const DATA_FILES = ["app.db", "app.db-wal", "app.db-shm", "app.db-journal", "sandbox-wallet.json", "sandbox-ledger.json", "sandbox-ledger.json.tmp"];
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

// Tightens a data directory (0700) and the files above (0600) that an earlier version, a restore
// or an operator left readable by others. Other files in the directory are not touched (it may be
// shared). Returns what it could not change, for the caller to report.
export function restrictDataDir(dir: string): string[] {
  const problems: string[] = [];
  const tighten = (path: string, mode: number) => {
    try {
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) return;
      if ((stat.mode & 0o777 & ~mode) !== 0) chmodSync(path, stat.mode & 0o777 & mode);
    } catch (error) {
      problems.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  tighten(dir, PRIVATE_DIR_MODE);
  for (const name of DATA_FILES) {
    const path = join(dir, name);
    if (existsSync(path)) tighten(path, PRIVATE_FILE_MODE);
  }
  return problems;
}
