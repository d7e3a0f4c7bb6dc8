// The database a start opens: a new one is built beside its place and renamed in whole, an existing
// one is migrated in one transaction; either way a failure leaves nothing half-migrated.
import type { Database } from "bun:sqlite";
import { afterEach, expect, test } from "bun:test";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "./client.ts";
import { applyMigrations, migrationsFolder, openMigratedDatabase } from "./migrate.ts";

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), "xrp-faucet-migrate-"));
  dirs.push(dir);
  return dir;
}

// A copy of the migrations: the first `keep` of them, then `extra` (SQL) as a newer one.
function migrationsCopy({ keep, extra }: { keep?: number; extra?: string }) {
  const folder = join(tempDir(), "migrations");
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journal = JSON.parse(readFileSync(join(folder, "meta/_journal.json"), "utf8")) as Journal;
  journal.entries = journal.entries.slice(0, keep);
  if (extra !== undefined) {
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: "9999_extra" });
    writeFileSync(join(folder, "9999_extra.sql"), extra);
  }
  writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify(journal));
  return folder;
}

const schema = (db: Database) =>
  db.query("select type, name, tbl_name, sql from sqlite_master order by type, name").all();
const bookkeeping = (db: Database) => db.query("select hash, created_at from __drizzle_migrations order by id").all();

test("a new database is built whole and renamed in: the schema and bookkeeping of one migrated in place, WAL, FULL after", () => {
  const dir = tempDir();
  const built = openMigratedDatabase(join(dir, "app.db"));
  const inPlace = openDatabase(join(dir, "in-place.db"));
  try {
    applyMigrations(inPlace);
    expect(schema(built)).toEqual(schema(inPlace.sqlite));
    expect(bookkeeping(built)).toEqual(bookkeeping(inPlace.sqlite));
    expect(built.query("pragma journal_mode").get()).toEqual({ journal_mode: "wal" });
    expect(built.query("pragma synchronous").get()).toEqual({ synchronous: 2 });
    expect(built.query("pragma foreign_keys").get()).toEqual({ foreign_keys: 1 });
    expect(built.query("pragma integrity_check").get()).toEqual({ integrity_check: "ok" });
    expect(readdirSync(dir).filter((name) => name.includes(".new"))).toEqual([]);
  } finally {
    built.close();
    inPlace.sqlite.close();
  }
  // and the next start opens it with nothing to apply
  const again = openMigratedDatabase(join(dir, "app.db"));
  expect(bookkeeping(again)).toHaveLength(
    (JSON.parse(readFileSync(join(migrationsFolder(), "meta/_journal.json"), "utf8")) as Journal).entries.length,
  );
  again.close();
});

test("a build that fails leaves no database (the next start builds it again); a leftover of one is replaced", () => {
  const dir = tempDir();
  const path = join(dir, "app.db");
  expect(() => openMigratedDatabase(path, migrationsCopy({ extra: "CREATE TABLE broken (" }))).toThrow();
  expect(existsSync(path)).toBe(false);
  expect(existsSync(`${path}.new`)).toBe(false);

  // an interrupted build's file (a crash before the rename) is not taken for the database
  writeFileSync(`${path}.new`, "half a database");
  const db = openMigratedDatabase(path);
  expect(db.query("select count(*) as n from users").get()).toEqual({ n: 0 });
  expect(existsSync(`${path}.new`)).toBe(false);
  db.close();
});

test("an existing database that a new migration fails on is left as it was: no table, no bookkeeping row of it", () => {
  const dir = tempDir();
  const path = join(dir, "app.db");
  const older = migrationsCopy({ keep: 3 });
  openMigratedDatabase(path, older).close();
  const before = openMigratedDatabase(path, older);
  const [schemaBefore, rowsBefore] = [schema(before), bookkeeping(before)];
  before.close();

  // the rest of the migrations, then one that fails halfway (its first statement works)
  const failing = migrationsCopy({
    extra: "CREATE TABLE half (id integer);\n--> statement-breakpoint\nCREATE TABLE broken (",
  });
  expect(() => openMigratedDatabase(path, failing)).toThrow();
  const after = openMigratedDatabase(path, older);
  expect(schema(after)).toEqual(schemaBefore);
  expect(bookkeeping(after)).toEqual(rowsBefore);
  expect(after.query("pragma synchronous").get()).toEqual({ synchronous: 2 });
  after.close();

  // the good ones apply on the next start
  const now = openMigratedDatabase(path);
  expect(bookkeeping(now)).toHaveLength(
    (JSON.parse(readFileSync(join(migrationsFolder(), "meta/_journal.json"), "utf8")) as Journal).entries.length,
  );
  now.close();
});
