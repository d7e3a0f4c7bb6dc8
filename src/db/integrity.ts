// SQLite's own check of a database file: [] when it is whole, else its first problems. An error
// opening or reading the file (not a database at all, say) is thrown as SQLite gives it.
import type { Database } from "bun:sqlite";

export function integrityProblems(db: Database): string[] {
  const rows = db
    .query<{ integrity_check: string }, []>("PRAGMA integrity_check")
    .all()
    .map((r) => r.integrity_check);
  return rows.length === 1 && rows[0] === "ok" ? [] : rows.slice(0, 3);
}
