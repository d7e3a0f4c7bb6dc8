import type { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { openSqlite } from "./open.ts";

export type Db = ReturnType<typeof withDrizzle>;

// Opens the database with the pragmas the app relies on (open.ts), with Drizzle on top.
export function openDatabase(path: string) {
  return withDrizzle(openSqlite(path));
}

// Drizzle over an opened database (main.ts opens it before the app's code is loaded).
export function withDrizzle(sqlite: Database) {
  // No `schema` here: the app uses the query builder, not Drizzle's relational queries (db.query.*),
  // and building their table map from the schema cost about a tenth of the start.
  const db = drizzle({ client: sqlite });
  return Object.assign(db, { sqlite });
}
