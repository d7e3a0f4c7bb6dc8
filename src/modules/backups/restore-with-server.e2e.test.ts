// A restore is refused while a server has the database open; once stopped, the backup is put in place
// with the database and key it replaces kept, a stray WAL is never replayed, and the next start serves
// the restored data, applying the migrations it lacks.
import { Database } from "bun:sqlite";
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { migrationsFolder, openMigratedDatabase, readJournal } from "../../db/migrate.ts";
import { runBinary, startBinary } from "../../testing/binary.ts";
import { httpClient } from "../../testing/client.ts";
import { waitFor } from "../../testing/wait.ts";
import { addReview, backUp, binaryDirs, dataDirIn, listing, reviewsIn, served } from "./restore-testing.ts";

// each test starts the binary at least once
setDefaultTimeout(30_000);

const { servers, emptyDir } = binaryDirs();

describe("--restore with a server", () => {
  test("refused while the server runs; once it is stopped, restored with the old database and key kept; the next start serves the restored data", async () => {
    const { dir, binary } = emptyDir();
    const data = dataDirIn(dir, "in the backup");
    // the backup, with the key of the server it came from beside it
    const backups = join(dir, "backups");
    mkdirSync(backups);
    backUp(join(data, "app.db"), join(backups, "xrp-faucet-20260115-120000.db"));
    const backupKey = crypto.getRandomValues(new Uint8Array(32));
    writeFileSync(join(backups, "secret.key"), backupKey, { mode: 0o600 });
    // after it: a review only the live database has
    addReview(join(data, "app.db"), "after the backup");

    const server = await startBinary({ binary, cwd: dir });
    servers.push(server);
    // (the key is made when the app is built, just after the listen)
    const liveKey = await waitFor(
      () => existsSync(join(data, "secret.key")) && readFileSync(join(data, "secret.key")),
      { what: "the server's secret.key" },
    );
    expect(await served(server)).toEqual(["after the backup", "in the backup"]);
    const refused = await runBinary(["--restore", join(backups, "xrp-faucet-20260115-120000.db")], {
      cwd: dir,
      binary,
    });
    expect(refused).toEqual({
      code: 1,
      stdout: "",
      stderr: `xrp-faucet: restore refused, nothing changed: ${join(data, "app.db")} is in use: stop the server (or the program that has the database open) first, then restore\n`,
    });
    // the server never noticed
    expect((await httpClient(server.url).get("/api/health")).status).toBe(200);
    expect(await served(server)).toEqual(["after the backup", "in the backup"]);
    expect(listing(data)).toEqual(["app.db", "app.db-shm", "app.db-wal", "secret.key"]);
    expect(await server.stop()).toBe(0);

    const restored = await runBinary(["--restore", join(backups, "xrp-faucet-20260115-120000.db")], {
      cwd: dir,
      binary,
    });
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    const tag = readJournal().entries.at(-1)!.tag;
    expect(restored.stdout.split("\n")).toEqual([
      `Restored ${join(backups, "xrp-faucet-20260115-120000.db")} into ${join(data, "app.db")} (schema ${tag}).`,
      `The database it replaces is kept as ${join(data, "app.db.before-restore")}.`,
      `Copied ${join(backups, "secret.key")} to ${join(data, "secret.key")} (the key it replaces is kept as ${join(data, "secret.key.before-restore")}).`,
      "Start the server to serve the restored data.",
      "",
    ]);
    expect(listing(data)).toEqual(["app.db", "app.db.before-restore", "secret.key", "secret.key.before-restore"]);
    for (const file of listing(data))
      expect({ file, mode: statSync(join(data, file)).mode & 0o777 }).toEqual({ file, mode: 0o600 });
    expect(new Uint8Array(readFileSync(join(data, "secret.key")))).toEqual(backupKey);
    expect(readFileSync(join(data, "secret.key.before-restore")).equals(liveKey)).toBe(true);
    // the replaced database is whole on its own (its WAL was checkpointed into it)
    expect(reviewsIn(join(data, "app.db.before-restore"))).toEqual(["in the backup", "after the backup"]);

    // a second restore would replace what the first one kept: refused
    const again = await runBinary(["--restore", join(backups, "xrp-faucet-20260115-120000.db")], { cwd: dir, binary });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      `${join(data, "app.db.before-restore")} is there from an earlier restore: move it elsewhere first`,
    );

    const next = await startBinary({ binary, cwd: dir });
    servers.push(next);
    expect(await served(next)).toEqual(["in the backup"]);
    await next.stop();
  });

  test("a WAL left without its database is moved aside, never replayed into the restored one", async () => {
    const { dir, binary } = emptyDir();
    // another database's WAL, full of its pages, in a data directory whose app.db is gone
    const data = dataDirIn(dir, "in the lost database");
    const lost = new Database(join(data, "app.db"));
    lost.run("PRAGMA wal_autocheckpoint = 0");
    for (let i = 0; i < 20; i++)
      lost.run("insert into reviews (rating, content, name, approved, created_at) values (1, ?, 'Lost', 1, 0)", [
        `lost ${i}`,
      ]);
    copyFileSync(join(data, "app.db-wal"), join(dir, "stray-wal"));
    lost.close();
    rmSync(join(data, "app.db"));
    copyFileSync(join(dir, "stray-wal"), join(data, "app.db-wal"));
    // the backup: another database altogether
    const other = join(dir, "other");
    mkdirSync(other);
    const source = dataDirIn(other, "in the backup");
    backUp(join(source, "app.db"), join(dir, "xrp-faucet-20260115-120000.db"));

    const restored = await runBinary(["--restore", "xrp-faucet-20260115-120000.db"], { cwd: dir, binary });
    expect(restored.code).toBe(0);
    expect(listing(data)).toEqual(["app.db", "app.db.before-restore-wal"]);
    expect(readFileSync(join(data, "app.db.before-restore-wal")).equals(readFileSync(join(dir, "stray-wal")))).toBe(
      true,
    );
    const server = await startBinary({ binary, cwd: dir });
    servers.push(server);
    expect(await served(server)).toEqual(["in the backup"]);
    await server.stop();
  });

  test("an older backup into a new data directory: the next start applies the migrations it lacks", async () => {
    const { dir, binary } = emptyDir();
    // a database of an earlier version: only the first three migrations
    const folder = join(dir, "old-migrations");
    cpSync(migrationsFolder(), folder, { recursive: true });
    const journal = readJournal(folder);
    writeFileSync(
      join(folder, "meta/_journal.json"),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, 3) }),
    );
    const old = openMigratedDatabase(join(dir, "old.db"), folder);
    old.close();
    addReview(join(dir, "old.db"), "from an earlier version");
    backUp(join(dir, "old.db"), join(dir, "xrp-faucet-20250101-000000.db"));

    const restored = await runBinary(["--restore", "xrp-faucet-20250101-000000.db", "--data-dir", "fresh"], {
      cwd: dir,
      binary,
    });
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    const pending = journal.entries.length - 3;
    expect(restored.stdout).toContain(
      `(schema ${journal.entries[2]!.tag}; the next start applies ${pending} newer migrations).`,
    );
    expect(restored.stdout).toContain(
      "No secret.key beside the backup: users with two-factor sign-in cannot sign in until the original secret.key is copied to",
    );
    expect(listing(join(dir, "fresh"))).toEqual(["app.db"]);
    expect(statSync(join(dir, "fresh")).mode & 0o777).toBe(0o700);

    const server = await startBinary({ binary, cwd: dir, args: ["--data-dir", "fresh"] });
    servers.push(server);
    expect(await served(server)).toEqual(["from an earlier version"]);
    await server.stop();
    const migrated = new Database(join(dir, "fresh/app.db"), { readonly: true });
    expect((migrated.query("select count(*) as n from __drizzle_migrations").get() as { n: number }).n).toBe(
      journal.entries.length,
    );
    migrated.close();
  });
});
