// The backup directory on disk: which backups are there, a fresh name, removing the oldest past the
// retention and the copies a crash left, the copy of the data directory's secret.key, and the
// uploaded images (uploads/, shared by the backups; a backup holding any lists them in
// `<backup>.uploads`).
// Only names of the backup pattern (model.ts) and of uploads are ever read, served or removed: the
// directory may hold other files.
import {
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { SECRET_KEY_FILE } from "../../auth/secret-box.ts";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../../db/open.ts";
import { syncPath } from "../../db/migrate.ts";
import { UPLOAD_NAME_PATTERN } from "../uploads/model.ts";
import {
  type BackupFile,
  backupName,
  parseBackupName,
  TMP_SUFFIX,
  UPLOADS_DIR,
  type UploadedFile,
  UPLOADS_LIST_SUFFIX,
  uploadsOf,
} from "./model.ts";

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
      if (stat.isFile())
        found.push({
          name,
          sizeBytes: stat.size,
          createdAt: parsed.createdAt,
          n: parsed.n,
          uploads: uploadsOf(readUploadsList(join(dir, name))),
        });
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
    const base = name.replace(/-(journal|wal|shm)$/, "").replace(UPLOADS_LIST_SUFFIX, "");
    return base.endsWith(TMP_SUFFIX) && parseBackupName(base.slice(0, -TMP_SUFFIX.length)) !== null;
  };
  // (a list written for a copy that never became a backup)
  const orphanList = (name: string) => {
    const backup = name.endsWith(UPLOADS_LIST_SUFFIX) ? name.slice(0, -UPLOADS_LIST_SUFFIX.length) : "";
    return parseBackupName(backup) !== null && !names.includes(backup);
  };
  const removed = names.filter((name) => unfinished(name) || orphanList(name));
  for (const name of removed) rmSync(join(dir, name), { force: true });
  // (an image's copy under way: `<name>.tmp` in uploads/)
  for (const name of readNames(join(dir, UPLOADS_DIR))) {
    if (name.endsWith(TMP_SUFFIX) && UPLOAD_NAME_PATTERN.test(name.slice(0, -TMP_SUFFIX.length)))
      rmSync(join(dir, UPLOADS_DIR, name), { force: true });
  }
  return removed;
}

// Keeps the `keep` newest backups and removes the others (each with its list of uploads, and the
// images no list left names); returns the names removed.
export function pruneBackups(dir: string, keep: number): string[] {
  const backups = listBackups(dir);
  const old = backups.slice(keep);
  for (const backup of old) {
    // (the list first: a backup is never left listing what is gone)
    rmSync(join(dir, backup.name + UPLOADS_LIST_SUFFIX), { force: true });
    rmSync(join(dir, backup.name), { force: true });
  }
  if (old.length > 0) {
    syncPath(dir);
    // (every list left counts, a copy by hand's --backup into this directory too)
    const lists = readNames(dir).filter((name) => name.endsWith(UPLOADS_LIST_SUFFIX));
    const listed = new Set(
      lists.flatMap(
        (list) => readUploadsList(join(dir, list.slice(0, -UPLOADS_LIST_SUFFIX.length)))?.map((f) => f.name) ?? [],
      ),
    );
    for (const name of readNames(join(dir, UPLOADS_DIR))) {
      if (UPLOAD_NAME_PATTERN.test(name) && !listed.has(name)) rmSync(join(dir, UPLOADS_DIR, name), { force: true });
    }
  }
  return old.map((b) => b.name);
}

const readNames = (dir: string): string[] => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

// The uploaded images in `from` (the data directory's uploads/), copied into `to` when not there yet
// (an image is never changed once written: its name is enough), each written beside, synced and
// renamed in, owner-only. Answers every image of `from`, with its size, and how many were copied.
export function copyUploads(from: string, to: string): { files: UploadedFile[]; copied: number } {
  const files: UploadedFile[] = [];
  let copied = 0;
  for (const name of readNames(from).sort()) {
    if (!UPLOAD_NAME_PATTERN.test(name)) continue;
    let size: number;
    try {
      const stat = lstatSync(join(from, name));
      if (!stat.isFile()) continue;
      size = stat.size;
    } catch {
      continue;
    }
    if (isRegularFile(join(to, name))) {
      files.push({ name, sizeBytes: size });
      continue;
    }
    if (copied === 0) mkdirSync(to, { recursive: true, mode: PRIVATE_DIR_MODE });
    try {
      copyFileDurably(join(from, name), join(to, name));
    } catch (error) {
      // (an image the admin deleted since the folder was read: not in this backup, not a failure)
      if ((error as NodeJS.ErrnoException).code === "ENOENT" && !existsSync(join(from, name))) continue;
      throw error;
    }
    files.push({ name, sizeBytes: size });
    copied++;
  }
  if (copied > 0) syncPath(to);
  return { files, copied };
}

// `from` copied to `path` whole or not at all (as writeFileDurably; the directory is synced by the caller).
export function copyFileDurably(from: string, path: string) {
  const tmp = `${path}${TMP_SUFFIX}`;
  rmSync(tmp, { force: true });
  copyFileSync(from, tmp);
  try {
    chmodSync(tmp, PRIVATE_FILE_MODE);
    syncPath(tmp);
    renameSync(tmp, path);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}

// The list of uploaded images the backup at `backupPath` holds (`<backup>.uploads`: a name and a size
// a line), or null when it has none (it holds no image).
export function readUploadsList(backupPath: string): UploadedFile[] | null {
  let text: string;
  try {
    text = readFileSync(backupPath + UPLOADS_LIST_SUFFIX, "utf8");
  } catch {
    return null;
  }
  const files: UploadedFile[] = [];
  for (const line of text.split("\n")) {
    const [name, size] = line.split(" ");
    if (name && UPLOAD_NAME_PATTERN.test(name) && /^\d+$/.test(size ?? ""))
      files.push({ name, sizeBytes: Number(size) });
  }
  return files;
}

// (none for a backup without images)
export function writeUploadsList(backupPath: string, files: UploadedFile[]) {
  if (files.length === 0) return;
  writeFileDurably(
    backupPath + UPLOADS_LIST_SUFFIX,
    new TextEncoder().encode(files.map((f) => `${f.name} ${f.sizeBytes}\n`).join("")),
  );
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
