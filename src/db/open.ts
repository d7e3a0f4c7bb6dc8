// Opens the SQLite file with the pragmas the app relies on, and keeps the data directory private.
// No Drizzle here: the executable opens and migrates the database with this alone, and loads the
// app's code (Elysia, Drizzle) only to serve (src/main.ts).
import { Database } from "bun:sqlite";
import { chmodSync, existsSync, lstatSync } from "node:fs";
import { join } from "node:path";

// The pragmas, in this order (see architecture.md).
export function openSqlite(path: string): Database {
  const sqlite = new Database(path, { create: true, strict: true });
  sqlite.run("PRAGMA busy_timeout = 5000");
  sqlite.run("PRAGMA journal_mode = WAL");
  // FULL: every commit is on disk before it is acknowledged, so a power cut cannot take back a
  // stored payout attempt (which could lead to a second payment) or an accepted request. The group
  // commit shares one sync among the requests of an event-loop turn (docs/decisions.md).
  sqlite.run("PRAGMA synchronous = FULL");
  sqlite.run("PRAGMA foreign_keys = ON");
  sqlite.run("PRAGMA temp_store = MEMORY");
  return sqlite;
}

// What the server keeps in its data directory. The database (and its backups) hold password
// hashes and addresses, the sandbox wallet a secret: readable by the server's user only.
export const DATA_FILES = [
  "app.db",
  "app.db-wal",
  "app.db-shm",
  "app.db-journal",
  "app.db.new",
  "sandbox-wallet.json",
  "sandbox-ledger.json",
  "sandbox-ledger.json.tmp",
];
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

// Keeps the query planner's statistics fresh (SQLite's advice for a long-lived connection: at
// start, then now and then): the request path's plans are chosen for the table as it grows.
// `analysis_limit` bounds each table's look to a sample, so a 1M-row table costs milliseconds.
export const OPTIMIZE_EVERY_MS = 60 * 60_000;
export function optimizeQueryPlanner(sqlite: Database, atStart = false): void {
  sqlite.run("PRAGMA analysis_limit = 1000");
  sqlite.run(atStart ? "PRAGMA optimize = 0x10002" : "PRAGMA optimize");
}
