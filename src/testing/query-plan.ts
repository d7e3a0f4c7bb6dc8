// How SQLite runs a repository's statements, for tests that hold a query to its index: the SQL a
// repository prepares while it is built (Drizzle prepares each statement once, at build), and the
// plan of one (EXPLAIN QUERY PLAN's steps, as text).
import type { Db } from "../db/client.ts";

export function statementsPreparedBy(db: Db, build: () => unknown): string[] {
  const seen: string[] = [];
  const prepare = db.sqlite.prepare;
  db.sqlite.prepare = function (this: typeof db.sqlite, sql: string, ...rest: unknown[]) {
    seen.push(sql);
    return (prepare as (...args: unknown[]) => ReturnType<typeof prepare>).call(this, sql, ...rest);
  } as typeof prepare;
  try {
    build();
  } finally {
    db.sqlite.prepare = prepare;
  }
  return seen;
}

export const queryPlan = (db: Db, sql: string): string[] =>
  (db.sqlite.query(`explain query plan ${sql}`).all() as { detail: string }[]).map((step) => step.detail);
