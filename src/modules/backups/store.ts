// The backup directory on disk: which backups are there, a fresh name, removing the oldest past the
// retention and the copies a crash left, and the copy of the data directory's secret.key. Only names
// of the backup pattern (model.ts) are ever read, served or removed: the directory may hold other
// files.
import { existsSync, lstatSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SECRET_KEY_FILE } from "../../auth/secret-box.ts";
import { PRIVATE_FILE_MODE } from "../../db/open.ts";
import { syncPath } from "../../db/migrate.ts";
import { type BackupFile, backupName, parseBackupName, TMP_SUFFIX } from "./model.ts";

const isRegularFile = (path: string) => {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
};

// Every backup in `dir`, newest first (a regular file of the pattern; a link is not one).
export function listBackups(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const found: (BackupFile & { n: number })[] = [];
  for (const name of names) {
    const parsed = parseBackupName(name);
    if (!parsed) continue;
    try {
      const stat = lstatSync(join(dir, name));
      if (stat.isFile()) found.push({ name, sizeBytes: stat.size, createdAt: parsed.createdAt, n: parsed.n });
    } catch {
      // removed meanwhile
    }
  }
  found.sort((a, b) => b.createdAt - a.createdAt || b.n - a.n);
  return found.map(({ n: _, ...file }) => file);
}

// The path of the backup `name` in `dir`, or null when the name is not a backup's or no such file is there.
export function backupPath(dir: string, name: string): string | null {
  if (!parseBackupName(name)) return null;
  const path = join(dir, name);
  return isRegularFile(path) ? path : null;
}

// A name for a copy beginning at `at` that neither a backup nor a copy in progress has.
export function freshName(dir: string, at: number): string {
  for (let n = 1; ; n++) {
    const name = backupName(at, n);
    if (!existsSync(join(dir, name)) && !existsSync(join(dir, name + TMP_SUFFIX))) return name;
  }
}

// What SQLite may leave beside a copy it failed to write (VACUUM INTO writes the new file through a
// rollback journal).
const SIDE_FILES = ["-journal", "-wal", "-shm"];

// Removes a copy in progress and whatever SQLite left beside it.
export function removeCopy(tmp: string) {
  for (const suffix of ["", ...SIDE_FILES]) rmSync(tmp + suffix, { force: true });
}

// Removes the copies a stopped or crashed server left unfinished (`<backup name>.tmp`, and its journal).
export function removeUnfinished(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const unfinished = (name: string) => {
    const base = name.replace(/-(journal|wal|shm)$/, "");
    return base.endsWith(TMP_SUFFIX) && parseBackupName(base.slice(0, -TMP_SUFFIX.length)) !== null;
  };
  const removed = names.filter(unfinished);
  for (const name of removed) rmSync(join(dir, name), { force: true });
  return removed;
}

// Keeps the `keep` newest backups and removes the others; returns the names removed.
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(keep);
  for (const backup of old) rmSync(join(dir, backup.name), { force: true });
  if (old.length > 0) syncPath(dir);
  return old.map((b) => b.name);
}

const readKey = (path: string): Buffer | null => (isRegularFile(path) ? readFileSync(path) : null);

// Whether `dir` holds an identical copy of the data directory's secret.key (null: there is none to copy).
export function secretKeyCopied(dataDir: string, dir: string): boolean | null {
  const key = readKey(join(dataDir, SECRET_KEY_FILE));
  if (!key) return null;
  return readKey(join(dir, SECRET_KEY_FILE))?.equals(key) ?? false;
}

// Copies the data directory's secret.key (the key sealing two-factor secrets) into `dir` when the
// copy is missing or differs: written beside, synced, renamed in, owner-only. Without it a restored
// database's two-factor secrets cannot be opened. Returns whether it wrote.
export function copySecretKey(dataDir: string, dir: string): boolean {
  const key = readKey(join(dataDir, SECRET_KEY_FILE));
  if (!key) return false;
  const target = join(dir, SECRET_KEY_FILE);
  if (readKey(target)?.equals(key)) return false;
  writeFileDurably(target, key);
  return true;
}

// A file written whole or not at all: into `path.tmp` (0600), synced, renamed over `path`, the
// directory synced.
export function writeFileDurably(path: string, bytes: Uint8Array) {
  const tmp = `${path}${TMP_SUFFIX}`;
  rmSync(tmp, { force: true });
  writeFileSync(tmp, bytes, { mode: PRIVATE_FILE_MODE, flag: "wx" });
  try {
    syncPath(tmp);
    renameSync(tmp, path);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
  syncPath(join(path, ".."));
}
