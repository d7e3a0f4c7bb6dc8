import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGroupCommit } from "./group-commit.ts";

function database() {
  const dir = mkdtempSync(join(tmpdir(), "group-commit-"));
  const db = new Database(join(dir, "t.db"), { create: true, strict: true });
  db.run("pragma journal_mode = WAL");
  db.run("create table t (id integer primary key, v text unique)");
  return { db, dispose: () => (db.close(), rmSync(dir, { recursive: true, force: true })) };
}

test("jobs of one turn share a transaction; a failing job rolls back only its own writes", async () => {
  const { db, dispose } = database();
  const commit = createGroupCommit(db);
  const insert = (v: string) => () => db.run("insert into t (v) values (?)", [v]).lastInsertRowid;
  const failing = () => {
    db.run("insert into t (v) values ('half-written')");
    throw new Error("refused");
  };
  const results = await Promise.allSettled([
    commit(insert("a")),
    commit(failing),
    commit(insert("a")),
    commit(insert("b")),
  ]);
  expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
  expect((results[1] as PromiseRejectedResult).reason.message).toBe("refused");
  expect(String((results[2] as PromiseRejectedResult).reason)).toContain("UNIQUE");
  expect(db.query("select v from t order by id").all()).toEqual([{ v: "a" }, { v: "b" }]);
  dispose();
});

test("a job sees the writes of the jobs before it in the same batch", async () => {
  const { db, dispose } = database();
  const commit = createGroupCommit(db);
  const countThenInsert = (v: string) => () => {
    const n = (db.query("select count(*) as n from t").get() as { n: number }).n;
    db.run("insert into t (v) values (?)", [v]);
    return n;
  };
  expect(
    await Promise.all([commit(countThenInsert("x")), commit(countThenInsert("y")), commit(countThenInsert("z"))]),
  ).toEqual([0, 1, 2]);
  dispose();
});

test("a promise settles only after the commit: another connection already sees the row", async () => {
  const { db, dispose } = database();
  const reader = new Database(db.filename, { readonly: true });
  const commit = createGroupCommit(db);
  await commit(() => db.run("insert into t (v) values ('seen')"));
  expect(reader.query("select v from t").all()).toEqual([{ v: "seen" }]);
  reader.close();
  dispose();
});

test("more jobs than one batch holds all complete, in order", async () => {
  const { db, dispose } = database();
  const commit = createGroupCommit(db, 10);
  const ids = await Promise.all(
    Array.from({ length: 95 }, (_, i) =>
      commit(() => Number(db.run("insert into t (v) values (?)", [`v${i}`]).lastInsertRowid)),
    ),
  );
  expect(ids).toEqual(Array.from({ length: 95 }, (_, i) => i + 1));
  dispose();
});
