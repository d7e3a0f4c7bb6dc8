// `xrp-faucet --restore FILE [--data-dir DIR]`: puts a backup in place of the database, with the
// server stopped. Nothing is touched until every check passed:
// - the live database is held with an exclusive lock for the whole restore (a WAL connection, such
//   as a running server's, holds a shared lock on the file while it is open, so the lock is refused
//   while anyone has the database open; and no server can open it meanwhile);
// - the backup is copied beside the database (`app.db.restoring`, synced) and the copy checked:
//   opened read-only, PRAGMA integrity_check answers ok, it is an xrp-faucet database (Drizzle's
//   __drizzle_migrations table), and its newest migration is one this binary knows (not newer);
// then the live database is checkpointed (its WAL emptied into it), renamed `app.db.before-restore`,
// its WAL and shared-memory files cleared, and the copy renamed to `app.db` (the directory synced).
// The next start applies any newer migrations. The data directory's secret.key is replaced by the one
// beside the backup when they differ (the restored two-factor secrets are sealed with that one); the
// key it replaces is kept as `secret.key.before-restore`.
// The uploaded images the backup lists (`<backup>.uploads`, beside it; the images in the uploads/
// beside it) are copied into the data directory's uploads/ before the swap; those already there are
// kept (an image never changes once written). A backup without a list holds no image (as one made
// before images were backed up): its database is restored alone.
import { Database } from "bun:sqlite";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import { plural } from "../../shared/words.ts";
import { SECRET_KEY_FILE } from "../../auth/secret-box.ts";
import {
  hasMigrationsTable,
  migrationsFolder,
  newestAppliedMigration,
  readJournal,
  syncPath,
} from "../../db/migrate.ts";
import { dropProcessState } from "../../db/backup.ts";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../../db/open.ts";
import { integrityProblems } from "../../db/integrity.ts";
import { UPLOADS_DIR } from "./model.ts";
import { copyFileDurably, readUploadsList, writeFileDurably } from "./store.ts";

export class RestoreRefused extends Error {}

const DB_FILE = "app.db";
export const BEFORE_RESTORE = ".before-restore";
const RESTORING = ".restoring";

const isFile = (path: string) => {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
};
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const day = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

// The backup at `path` (shown as `shown`) is a whole xrp-faucet database this binary can run: else
// RestoreRefused. Answers its newest migration's tag and how many newer ones the next start applies.
export function checkBackup(
  path: string,
  shown: string,
  folder = migrationsFolder(),
): { tag: string; pending: number } {
  let db: Database;
  try {
    db = new Database(path, { readonly: true });
  } catch (error) {
    throw new RestoreRefused(`${shown} cannot be opened: ${messageOf(error)}`);
  }
  try {
    let problems: string[];
    try {
      problems = integrityProblems(db);
    } catch (error) {
      if ((error as { code?: string }).code === "SQLITE_NOTADB")
        throw new RestoreRefused(`${shown} is not an SQLite database`);
      throw new RestoreRefused(`${shown} is damaged: ${messageOf(error)}`);
    }
    if (problems.length > 0) throw new RestoreRefused(`${shown} is damaged (integrity check: ${problems.join("; ")})`);
    const newest = hasMigrationsTable(db) ? newestAppliedMigration(db) : null;
    if (newest === null)
      throw new RestoreRefused(
        `${shown} is not an xrp-faucet database (it records no migration in __drizzle_migrations)`,
      );
    const journal = readJournal(folder).entries;
    const known = journal.at(-1)!.when;
    if (newest > known) {
      throw new RestoreRefused(
        `${shown} was made by a newer xrp-faucet (its newest migration is of ${day(newest)}; this one knows migrations up to ${day(known)}): restore it with that version or a later one`,
      );
    }
    return {
      tag: journal.findLast((e) => e.when <= newest)?.tag ?? "none",
      pending: journal.filter((e) => e.when > newest).length,
    };
  } finally {
    db.close();
  }
}

// The live database held exclusively (see above), or RestoreRefused while it is in use. null when the
// file cannot be read as a database at all: nothing can be running on it, and it is kept as it is.
function holdLive(path: string): { db: Database } | null {
  const db = new Database(path, { readwrite: true, create: false });
  try {
    db.run("PRAGMA busy_timeout = 0");
    // (kept after the transaction: the lock is held until close)
    db.run("PRAGMA locking_mode = EXCLUSIVE");
    db.run("BEGIN EXCLUSIVE");
    db.run("COMMIT");
    return { db };
  } catch (error) {
    db.close();
    const code = (error as { code?: string }).code ?? "";
    if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) {
      throw new RestoreRefused(
        `${path} is in use: stop the server (or the program that has the database open) first, then restore`,
      );
    }
    return null;
  }
}

// Restores `file` into `dataDir`; answers what it did, line by line (RestoreRefused: nothing changed).
export function restoreDatabase({
  file,
  dataDir,
  folder,
}: {
  file: string;
  dataDir: string;
  folder?: string;
}): string[] {
  const source = resolve(file);
  const dir = resolve(dataDir);
  const live = join(dir, DB_FILE);
  const before = live + BEFORE_RESTORE;
  const incoming = live + RESTORING;
  const keyBefore = join(dir, SECRET_KEY_FILE + BEFORE_RESTORE);
  if (!isFile(source)) throw new RestoreRefused(`${source} is not a file`);
  if (existsSync(live) && realpathSync(source) === realpathSync(live))
    throw new RestoreRefused(`${source} is the database itself: restore a backup of it`);
  for (const kept of [before, `${before}-wal`, `${before}-journal`, keyBefore]) {
    if (existsSync(kept))
      throw new RestoreRefused(
        `${kept} is there from an earlier restore: move it elsewhere first (it is what that restore replaced)`,
      );
  }
  // (a directory made here is removed again if the restore is refused)
  const made = !existsSync(dir);
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const held = existsSync(live) ? holdLive(live) : null;
  const done: string[] = [];
  // the copy and what a read-only look at it may leave beside it (empty -wal and -shm files of a
  // WAL-mode file)
  const cleanIncoming = (withFile: boolean) => {
    for (const suffix of [...(withFile ? [""] : []), "-wal", "-shm", "-journal"])
      rmSync(incoming + suffix, { force: true });
  };
  try {
    cleanIncoming(true);
    copyFileSync(source, incoming);
    chmodSync(incoming, PRIVATE_FILE_MODE);
    syncPath(incoming);
    const checked = checkBackup(incoming, source, folder);
    dropProcessState(incoming);
    cleanIncoming(false);
    const images = restoreUploads(source, join(dir, UPLOADS_DIR));

    if (existsSync(live)) {
      if (held) {
        // the WAL's pages into the file (the lock stays held), then the file out of the way
        try {
          held.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
        } catch {
          // not readable as a database: kept as it is, with its WAL below
        }
        renameSync(live, before);
        // closing the last connection removes the (empty) WAL it had open
        held.db.close();
      } else {
        renameSync(live, before);
      }
      done.push(`The database it replaces is kept as ${before}.`);
    }
    done.push(...images);
    // Whatever is left of the old database goes with it: a WAL not emptied (it could not be read)
    // and a rollback journal belong to it (also without their database: SQLite would replay a
    // stray WAL into the restored one); an empty WAL and the shared memory are nothing.
    for (const suffix of ["-wal", "-journal"]) {
      if (!existsSync(live + suffix)) continue;
      if (lstatSync(live + suffix).size === 0) rmSync(live + suffix);
      else renameSync(live + suffix, before + suffix);
    }
    rmSync(`${live}-shm`, { force: true });
    renameSync(incoming, live);
    syncPath(dir);
    done.unshift(
      `Restored ${source} into ${live} (schema ${checked.tag}${checked.pending ? `; the next start applies ${plural(checked.pending, "newer migration")}` : ""}).`,
    );
  } catch (error) {
    if (existsSync(incoming)) cleanIncoming(true);
    if (made && !existsSync(live)) rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    // (closing twice is harmless)
    held?.db.close();
  }
  done.push(restoreSecretKey(dirname(source), dir, keyBefore));
  done.push("Start the server to serve the restored data.");
  return done;
}

// The uploaded images of the backup at `source` (above) into `to`: what was done, line by line. A
// copy that fails removes the images it added and refuses the restore.
function restoreUploads(source: string, to: string): string[] {
  const from = join(dirname(source), UPLOADS_DIR);
  const names = readUploadsList(source)?.map((f) => f.name) ?? [];
  const missing = names.filter((name) => !isFile(join(from, name)));
  const wanted = names.filter((name) => !missing.includes(name));
  const there = wanted.filter((name) => isFile(join(to, name)));
  const added: string[] = [];
  try {
    for (const name of wanted) {
      if (there.includes(name)) continue;
      if (added.length === 0) mkdirSync(to, { recursive: true, mode: PRIVATE_DIR_MODE });
      copyFileDurably(join(from, name), join(to, name));
      added.push(name);
    }
    if (added.length > 0) syncPath(to);
  } catch (error) {
    for (const name of added) rmSync(join(to, name), { force: true });
    throw new RestoreRefused(`the uploaded images could not be copied from ${from} to ${to}: ${messageOf(error)}`);
  }
  const lines: string[] = [];
  if (names.length > 0) {
    lines.push(
      `Copied ${plural(added.length, "uploaded image")} from ${from} to ${to}${there.length ? ` (${there.length} already there)` : ""}.`,
    );
  }
  if (missing.length > 0) {
    lines.push(
      `${plural(missing.length, "uploaded image")} the backup lists ${missing.length === 1 ? "is" : "are"} missing from ${from} (${missing.join(", ")}): the posts, ads or logo showing ${missing.length === 1 ? "it" : "them"} have no image.`,
    );
  }
  return lines;
}

// The key beside the backup replaces the data directory's when they differ (the old one kept).
function restoreSecretKey(backupDir: string, dataDir: string, keyBefore: string): string {
  const beside = join(backupDir, SECRET_KEY_FILE);
  const current = join(dataDir, SECRET_KEY_FILE);
  if (!isFile(beside)) {
    return existsSync(current)
      ? `No ${SECRET_KEY_FILE} beside the backup: ${current} is kept; two-factor sign-in works if it is the key of the server the backup came from.`
      : `No ${SECRET_KEY_FILE} beside the backup: users with two-factor sign-in cannot sign in until the original ${SECRET_KEY_FILE} is copied to ${current}.`;
  }
  const key = readFileSync(beside);
  if (key.length !== 32) return `${beside} is not a 32-byte key: not copied.`;
  if (isFile(current)) {
    if (readFileSync(current).equals(key)) return `${current} is already the key beside the backup.`;
    renameSync(current, keyBefore);
  }
  try {
    writeFileDurably(current, key);
  } catch (error) {
    throw new Error(
      `the database was restored, but ${beside} could not be copied to ${current} (${messageOf(error)}): copy it by hand`,
    );
  }
  return `Copied ${beside} to ${current}${existsSync(keyBefore) ? ` (the key it replaces is kept as ${keyBefore})` : ""}.`;
}
