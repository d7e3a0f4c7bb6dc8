// The one way a service opens a transaction: BEGIN IMMEDIATE, so its checks and writes happen under
// the write lock and concurrent requests cannot slip between them. The callback must be synchronous
// (bun:sqlite commits when it returns; an await inside would commit half of it).
import type { Db } from "./client.ts";

export function immediate<T>(db: Pick<Db, "sqlite">, fn: () => T): T {
  return db.sqlite.transaction(fn).immediate();
}

// Several reads that must agree with each other (one snapshot of the database), without taking the
// write lock: a deferred transaction that only reads.
export function readSnapshot<T>(db: Pick<Db, "sqlite">, fn: () => T): T {
  return db.sqlite.transaction(fn).deferred();
}
