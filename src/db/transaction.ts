// The one way a service opens a transaction: BEGIN IMMEDIATE, so its checks and writes happen under
// the write lock and concurrent requests cannot slip between them. The callback must be synchronous
// (bun:sqlite commits when it returns; an await inside would commit half of it).
import type { Db } from "./client.ts";

export function immediate<T>(db: Pick<Db, "sqlite">, fn: () => T): T {
  return db.sqlite.transaction(fn).immediate();
}

// Joins the caller's transaction when there is one (a service called from inside another's, or the
// group commit's savepoint), else starts its own with `immediate`.
export function inTransaction<T>(db: Pick<Db, "sqlite">, fn: () => T): T {
  return db.sqlite.inTransaction ? fn() : immediate(db, fn);
}

// Several reads that must agree with each other (one snapshot of the database), without taking the
// write lock: a deferred transaction that only reads.
export function readSnapshot<T>(db: Pick<Db, "sqlite">, fn: () => T): T {
  return db.sqlite.transaction(fn).deferred();
}
