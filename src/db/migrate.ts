// Applies the migrations drizzle-kit generated (src/db/migrations), with Drizzle's own bookkeeping:
// the table __drizzle_migrations, one row per migration (the SHA-256 of its file, its journal time),
// and a migration runs when its time is after the newest row's. Done here rather than with
// drizzle-orm's migrator because that one reads and hashes every file at each start and imports
// node:crypto, about 15 ms of a compiled binary's start; here a start with nothing to apply reads the
// journal and one row.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "./client.ts";

const BREAKPOINT = "--> statement-breakpoint";
// Drizzle's statement to the character, so the schema of a database is the same whichever made it.
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "__drizzle_migrations" (
\t\t\t\tid SERIAL PRIMARY KEY,
\t\t\t\thash text NOT NULL,
\t\t\t\tcreated_at numeric
\t\t\t)`;

interface Journal {
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

export function applyMigrations(db: Db) {
  const folder = migrationsFolder();
  const journal = JSON.parse(readFileSync(join(folder, "meta/_journal.json"), "utf8")) as Journal;
  const sqlite = db.sqlite;
  sqlite.run(CREATE_TABLE);
  const last = sqlite.query<{ created_at: number | string }, []>("SELECT created_at FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1").get();
  const pending = journal.entries.filter((entry) => !last || Number(last.created_at) < entry.when);
  if (pending.length === 0) return;
  const record = sqlite.prepare<unknown, [string, number]>('INSERT INTO __drizzle_migrations ("hash", "created_at") VALUES (?, ?)');
  // One transaction, committed without its own fsync: a crash or power cut loses it whole (the
  // bookkeeping rows included), so the next start applies it again; and the first write that
  // matters (synchronous = FULL again) syncs the WAL up to and including it.
  const synchronous = sqlite.query<{ synchronous: number }, []>("PRAGMA synchronous").get()?.synchronous ?? 2;
  sqlite.run("PRAGMA synchronous = NORMAL");
  try {
    sqlite.transaction(() => {
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
