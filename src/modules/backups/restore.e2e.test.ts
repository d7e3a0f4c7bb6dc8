// `xrp-faucet --restore FILE` as an operator runs it (the built binary): a file that is not a whole
// xrp-faucet database this binary can run is refused with exit 1 and the data directory untouched;
// so is any backup while a server has the database open; a good one is put in place, the database
// it replaces kept beside it, the key beside the backup with it; the next start serves the restored
// data, applying the migrations it lacks.
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { openMigratedDatabase, readJournal, migrationsFolder } from "../../db/migrate.ts";
import { binaryInEmptyDir, runBinary, startBinary, type RunningServer } from "../../testing/binary.ts";
import { httpClient } from "../../testing/client.ts";
import { PNG_1X1, upload } from "../../testing/signed-in.ts";
import { migratedTemplate } from "../../testing/harness.ts";
import { waitFor } from "../../testing/wait.ts";

// each test starts the binary at least once
setDefaultTimeout(30_000);

const dirs: string[] = [];
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop("SIGKILL");
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}, 30_000);

function emptyDir() {
  const made = binaryInEmptyDir();
  dirs.push(made.dir);
  return made;
}

const addReview = (path: string, content: string) => {
  const db = new Database(path);
  db.run("insert into reviews (rating, content, name, approved, created_at) values (5, ?, 'Tester', 1, ?)", [
    content,
    Date.now(),
  ]);
  db.close();
};
const reviewsIn = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return (db.query("select content from reviews order by id").all() as { content: string }[]).map((r) => r.content);
  } finally {
    db.close();
  }
};
// VACUUM INTO, as the backups do (a read-write connection: closing it leaves no -wal or -shm behind)
const backUp = (from: string, to: string) => {
  const db = new Database(from);
  db.run("VACUUM INTO ?", [to]);
  db.close();
};
// A data directory as a running faucet leaves it: its database (no proof of work) with one review.
function dataDirIn(dir: string, review = "live review") {
  const data = join(dir, "data");
  mkdirSync(data, { mode: 0o700 });
  copyFileSync(migratedTemplate(0), join(data, "app.db"));
  addReview(join(data, "app.db"), review);
  return data;
}
const listing = (dir: string) => readdirSync(dir).sort();
const served = async (server: RunningServer) =>
  ((await httpClient(server.url).get("/api/reviews")).json as { content: string }[]).map((r) => r.content).sort();

describe("--restore refuses", () => {
  test("what is not a whole xrp-faucet database this binary can run: exit 1, the data directory untouched", async () => {
    const { dir, binary } = emptyDir();
    const data = dataDirIn(dir);
    const bad = join(dir, "bad");
    mkdirSync(bad);

    writeFileSync(join(bad, "notes.db"), "these are my notes, not a database\n".repeat(300));
    // a good backup with one page of its tables overwritten
    backUp(join(data, "app.db"), join(bad, "damaged.db"));
    const damaged = readFileSync(join(bad, "damaged.db"));
    damaged.fill(0x5a, 4096 * 3, 4096 * 5);
    writeFileSync(join(bad, "damaged.db"), damaged);
    // a backup from a later version: a migration this binary does not know
    backUp(join(data, "app.db"), join(bad, "newer.db"));
    const newest = readJournal().entries.at(-1)!.when;
    const newer = new Database(join(bad, "newer.db"));
    newer.run("insert into __drizzle_migrations (hash, created_at) values ('from-the-future', ?)", [
      newest + 86_400_000,
    ]);
    newer.close();
    // somebody else's SQLite database
    const other = new Database(join(bad, "other.db"));
    other.run("create table notes (text)");
    other.close();

    const live = readFileSync(join(data, "app.db"));
    const before = listing(data);
    expect(before).toEqual(["app.db"]);
    const cases: [string, string][] = [
      ["notes.db", "is not an SQLite database"],
      ["damaged.db", "is damaged"],
      [
        "newer.db",
        `was made by a newer xrp-faucet (its newest migration is of ${new Date(newest + 86_400_000).toISOString().replace(".000Z", "Z")}`,
      ],
      ["other.db", "is not an xrp-faucet database (it records no migration in __drizzle_migrations)"],
      ["missing.db", "is not a file"],
    ];
    for (const [file, reason] of cases) {
      const res = await runBinary(["--restore", join(bad, file)], { cwd: dir, binary });
      expect({ file, code: res.code, stdout: res.stdout }).toEqual({ file, code: 1, stdout: "" });
      expect(res.stderr).toStartWith(`xrp-faucet: restore refused, nothing changed: ${join(bad, file)} `);
      expect(res.stderr).toContain(reason);
      expect(listing(data)).toEqual(before);
      expect(readFileSync(join(data, "app.db")).equals(live)).toBe(true);
    }
    // nor is a data directory made for a refused restore
    const nowhere = await runBinary(["--restore", join(bad, "notes.db"), "--data-dir", join(dir, "new-data")], {
      cwd: dir,
      binary,
    });
    expect(nowhere.code).toBe(1);
    expect(existsSync(join(dir, "new-data"))).toBe(false);
  });
});

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

describe("uploaded images", () => {
  test("each backup carries the images uploaded until then (copied once into the backup directory's uploads/); a restore on a new machine puts them back and the site serves the same bytes", async () => {
    const { dir, binary } = emptyDir();
    const admin = { username: "keeper", password: "the uploads' admin passphrase 9" };
    expect(
      (await runBinary(["--seed-admin", admin.username], { cwd: dir, binary, env: { ADMIN_PASSWORD: admin.password } }))
        .code,
    ).toBe(0);
    const backups = join(dir, "backups");
    const server = await startBinary({ binary, cwd: dir, args: ["--backup-dir", backups, "--backup-every", "1d"] });
    servers.push(server);
    const client = httpClient(server.url);
    expect((await client.post("/api/login", admin)).status).toBe(200);

    // the logo, then a backup
    const logo = await upload(client, PNG_1X1);
    expect(logo.status).toBe(201);
    const { url: logoUrl } = (await logo.json()) as { url: string };
    expect((await client.request("PUT", "/api/admin/site", { body: { name: "Drops by Ada", logoUrl } })).status).toBe(
      200,
    );
    const first = await client.post("/api/admin/backups");
    expect(first.status).toBe(201);
    expect(first.json.uploads).toEqual({ files: 1, sizeBytes: PNG_1X1.length });
    const logoName = logoUrl.slice("/uploads/".length);
    const copied = statSync(join(backups, "uploads", logoName));

    // a post's image (another PNG's bytes), then another backup: only the new image is copied
    const imageBytes = Buffer.concat([PNG_1X1, Buffer.from("a second image")]);
    const image = await upload(client, imageBytes);
    const { url: imageUrl } = (await image.json()) as { url: string };
    const second = await client.post("/api/admin/backups");
    expect(second.status).toBe(201);
    expect(second.json.uploads).toEqual({ files: 2, sizeBytes: PNG_1X1.length + imageBytes.length });
    expect(statSync(join(backups, "uploads", logoName)).mtimeMs).toBe(copied.mtimeMs);
    expect(listing(join(backups, "uploads"))).toEqual([logoName, imageUrl.slice("/uploads/".length)].sort());
    const listed = (await client.get("/api/admin/backups")).json.backups as { name: string; uploads: unknown }[];
    expect(listed.map((b) => [b.name, b.uploads])).toEqual([
      [second.json.name, { files: 2, sizeBytes: PNG_1X1.length + imageBytes.length }],
      [first.json.name, { files: 1, sizeBytes: PNG_1X1.length }],
    ]);
    expect(await server.stop()).toBe(0);

    // a new machine: only the backup directory came along
    const restored = await runBinary(["--restore", join(backups, second.json.name), "--data-dir", "new-machine"], {
      cwd: dir,
      binary,
    });
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(
      `Copied 2 uploaded images from ${join(backups, "uploads")} to ${join(dir, "new-machine/uploads")}.`,
    );
    const next = await startBinary({ binary, cwd: dir, args: ["--data-dir", "new-machine"] });
    servers.push(next);
    const visitor = httpClient(next.url);
    expect((await visitor.get("/api/site")).json.logoUrl).toBe(logoUrl);
    for (const [url, bytes] of [
      [logoUrl, PNG_1X1],
      [imageUrl, imageBytes],
    ] as const) {
      const res = await fetch(new URL(url, next.url));
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }
    await next.stop();

    // the older backup into the first data directory, its images gone: only the image it lists comes back
    rmSync(join(dir, "data/uploads"), { recursive: true });
    rmSync(join(dir, "new-machine"), { recursive: true });
    const older = await runBinary(["--restore", join(backups, first.json.name)], { cwd: dir, binary });
    expect(older.stderr).toBe("");
    expect(older.stdout).toContain(
      `Copied 1 uploaded image from ${join(backups, "uploads")} to ${join(dir, "data/uploads")}.`,
    );
    expect(listing(join(dir, "data/uploads"))).toEqual([logoName]);
    expect(readFileSync(join(dir, "data/uploads", logoName)).equals(PNG_1X1)).toBe(true);

    // a copy by hand (--backup FILE) carries them too, beside the file
    mkdirSync(join(dir, "by-hand"));
    const byHand = await runBinary(["--backup", "by-hand/copy.db"], { cwd: dir, binary });
    expect(byHand.code).toBe(0);
    expect(byHand.stdout).toContain(
      `Its 1 uploaded image is in ${join(dir, "by-hand/uploads")} (1 copied now), listed in ${join(dir, "by-hand/copy.db")}.uploads`,
    );
    expect(listing(join(dir, "by-hand/uploads"))).toEqual([logoName]);
    expect(readFileSync(join(dir, "by-hand/copy.db.uploads"), "utf8")).toBe(`${logoName} ${PNG_1X1.length}\n`);
  });

  test("an image already in the data directory is kept; one the list names but the backup directory lacks is reported, and the database is restored all the same", async () => {
    const { dir, binary } = emptyDir();
    const data = dataDirIn(dir, "live");
    const backups = join(dir, "backups");
    mkdirSync(join(backups, "uploads"), { recursive: true });
    const other = join(dir, "other");
    mkdirSync(other);
    backUp(join(dataDirIn(other, "in the backup"), "app.db"), join(backups, "xrp-faucet-20260115-120000.db"));
    const [kept, copied, lost] = ["a", "b", "c"].map((c) => `${c.repeat(32)}.png`) as [string, string, string];
    writeFileSync(join(backups, "xrp-faucet-20260115-120000.db.uploads"), `${kept} 68\n${copied} 68\n${lost} 68\n`);
    for (const name of [kept, copied]) writeFileSync(join(backups, "uploads", name), PNG_1X1);
    mkdirSync(join(data, "uploads"));
    writeFileSync(join(data, "uploads", kept), "the data directory's own bytes");

    const restored = await runBinary(["--restore", join(backups, "xrp-faucet-20260115-120000.db")], {
      cwd: dir,
      binary,
    });
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    const lines = restored.stdout.split("\n");
    expect(lines).toContain(
      `Copied 1 uploaded image from ${join(backups, "uploads")} to ${join(data, "uploads")} (1 already there).`,
    );
    expect(lines).toContain(
      `1 uploaded image the backup lists is missing from ${join(backups, "uploads")} (${lost}): the posts, ads or logo showing it have no image.`,
    );
    expect(listing(join(data, "uploads"))).toEqual([kept, copied]);
    expect(readFileSync(join(data, "uploads", kept), "utf8")).toBe("the data directory's own bytes");
    expect(statSync(join(data, "uploads", copied)).mode & 0o777).toBe(0o600);
    expect(reviewsIn(join(data, "app.db"))).toEqual(["in the backup"]);
  });
});
