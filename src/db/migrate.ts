// Applies the migrations drizzle-kit generated (src/db/migrations), with Drizzle's own bookkeeping:
// the table __drizzle_migrations, one row per migration (the SHA-256 of its file, its journal time),
// and a migration runs when its time is after the newest row's. Done here rather than with
// drizzle-orm's migrator because that one reads and hashes every file at each start and imports
// node:crypto, which slows every start; here a start with nothing to apply reads the journal and one
// row.
//
// A new database is built whole beside its place and moved in (openMigratedDatabase): a fresh start
// then costs one fsync instead of the seven that switching an empty file to WAL and migrating it in
// place took, and a crash leaves either no database or a complete one.
import { Database } from "bun:sqlite";
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Db } from "./client.ts";
import { openSqlite } from "./open.ts";

const BREAKPOINT = "--> statement-breakpoint";
// Drizzle's statement to the character, so the schema of a database is the same whichever made it.
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "__drizzle_migrations" (
\t\t\t\tid SERIAL PRIMARY KEY,
\t\t\t\thash text NOT NULL,
\t\t\t\tcreated_at numeric
\t\t\t)`;

export interface Journal {
  entries: { when: number; tag: string }[];
}

// From source the migrations sit next to this file; inside the binary they are embedded
// (build.ts `compile.assets`) under the bundle root as db/migrations.
export function migrationsFolder(): string {
  const candidates = [join(import.meta.dir, "migrations"), join(import.meta.dir, "db/migrations")];
  const found = candidates.find((dir) => existsSync(join(dir, "meta/_journal.json")));
  if (!found) throw new Error("embedded migrations not found");
  return found;
}

// Opens the database at `path` (open.ts's pragmas) with every migration applied. When there is no
// database yet, it is built first in `path.new` with its journal in memory and no syncs (nothing there is worth
// keeping until it is whole), synced once and renamed into place: a crash before the rename leaves
// no database (the next start builds it again), after it a complete one.
export function openMigratedDatabase(path: string, folder = migrationsFolder()): Database {
  if (!existsSync(path)) buildDatabase(path, folder);
  const sqlite = openSqlite(path);
  try {
    applyMigrations({ sqlite }, folder);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  return sqlite;
}

function buildDatabase(path: string, folder: string) {
  const building = `${path}.new`;
  for (const leftover of [building, `${building}-journal`, `${building}-wal`, `${building}-shm`])
    rmSync(leftover, { force: true });
  const sqlite = new Database(building, { create: true, strict: true });
  try {
    sqlite.run("PRAGMA synchronous = OFF");
    sqlite.run("PRAGMA journal_mode = MEMORY");
    applyMigrations({ sqlite }, folder);
    // WAL is written in the file's header: the database opens in WAL mode from its first start on
    sqlite.run("PRAGMA journal_mode = WAL");
  } catch (error) {
    sqlite.close();
    rmSync(building, { force: true });
    throw error;
  }
  sqlite.close();
  syncPath(building);
  renameSync(building, path);
  syncPath(dirname(path));
}

// fsync of a file or a directory (a rename is durable once its directory is synced).
export function syncPath(path: string) {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

// The migrations this binary knows, oldest first (their `when` is what a database records).
export function readJournal(folder = migrationsFolder()): Journal {
  return JSON.parse(readFileSync(join(folder, "meta/_journal.json"), "utf8")) as Journal;
}

// Whether a database has Drizzle's bookkeeping table, and the time of its newest migration (null: none
// applied). Reads only, so it works on a read-only connection (--restore checks a backup with it).
export function hasMigrationsTable(sqlite: Database): boolean {
  return (
    sqlite.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get() !== null
  );
}
export function newestAppliedMigration(sqlite: Database): number | null {
  const row = sqlite
    .query<{ created_at: number | string }, []>(
      "SELECT created_at FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1",
    )
    .get();
  return row ? Number(row.created_at) : null;
}

export function applyMigrations(db: Pick<Db, "sqlite">, folder = migrationsFolder()) {
  const journal = readJournal(folder);
  const sqlite = db.sqlite;
  // (read without writing: a start with nothing to apply does not create the table, which would cost a commit's fsyncs)
  const last = hasMigrationsTable(sqlite) ? newestAppliedMigration(sqlite) : null;
  const pending = journal.entries.filter((entry) => last === null || last < entry.when);
  if (pending.length === 0) return;
  // One transaction (the bookkeeping table's creation included), committed without its own fsync: a
  // crash or power cut loses it whole (the bookkeeping rows included), so the next start applies it
  // again; and the first write that matters (synchronous = FULL again) syncs the WAL up to and
  // including it.
  const synchronous = sqlite.query<{ synchronous: number }, []>("PRAGMA synchronous").get()?.synchronous ?? 2;
  sqlite.run(`PRAGMA synchronous = ${Math.min(synchronous, 1)}`); // NORMAL, or OFF where it was
  try {
    sqlite.transaction(() => {
      sqlite.run(CREATE_TABLE);
      const record = sqlite.prepare<unknown, [string, number]>(
        'INSERT INTO __drizzle_migrations ("hash", "created_at") VALUES (?, ?)',
      );
      for (const entry of pending) {
        const text = readFileSync(join(folder, `${entry.tag}.sql`), "utf8");
        for (const statement of text.split(BREAKPOINT)) if (statement.trim()) sqlite.run(statement);
        record.run(new Bun.CryptoHasher("sha256").update(text).digest("hex"), entry.when);
      }
    })();
  } finally {
    sqlite.run(`PRAGMA synchronous = ${synchronous}`);
  }
}
