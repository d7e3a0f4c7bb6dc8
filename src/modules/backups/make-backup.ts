// Making one backup: VACUUM INTO `<name>.tmp` beside its place, done by a worker thread on a
// read-only connection of its own (copy-worker.ts), so the event loop never waits for it; the copy
// must pass PRAGMA integrity_check, the images not yet in the backup directory's uploads/ are
// copied and the backup's list of them written, and only then is the copy renamed in (the
// directory synced). A failed copy leaves no file. The `keep` newest backups stay.
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { BackupSettings } from "../../config.ts";
import { syncPath } from "../../db/migrate.ts";
import { PRIVATE_DIR_MODE } from "../../db/open.ts";
import type { CopyAnswer, CopyRequest } from "./copy-worker.ts";
import { type BackupFile, parseBackupName, TMP_SUFFIX, UPLOADS_DIR, UPLOADS_LIST_SUFFIX, uploadsOf } from "./model.ts";
import { copySecretKey, freshName, pruneBackups, removeCopy, writeUploadsList } from "./store.ts";

// How long stopping waits for a copy under way to notice (its .tmp is removed then).
const STOP_WAIT_MS = 2_000;

// From source the worker is the file beside this one; in the binary its own embedded entry point,
// under the bundle root as build.ts lays it out.
const WORKER_URL = import.meta.path.endsWith(".ts")
  ? new URL("./copy-worker.ts", import.meta.url).href
  : new URL("./modules/backups/copy-worker.js", import.meta.url).href;

export interface MakeBackupDeps {
  dbPath: string;
  dataDir: string;
  uploadsDir: string;
  clock: () => number;
  log: (line: string) => void;
  // whether the server is stopping (a copy that finds it so is abandoned)
  stopping: () => boolean;
  // tests: called with the finished copy before its integrity check
  afterCopy?: (tmpPath: string) => void;
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

export function createBackupMaker({ dbPath, dataDir, uploadsDir, clock, log, stopping, afterCopy }: MakeBackupDeps) {
  // the copy under way: its worker and its .tmp
  let active: { end(reason?: Error): Promise<void>; tmp: string } | null = null;

  return {
    // One backup into `settings.dir`, named after `startedAt`; rejects with its failure.
    async backUp(settings: BackupSettings, startedAt: number): Promise<BackupFile> {
      const { dir } = settings;
      mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      if (copySecretKey(dataDir, dir)) log(`backup: copied secret.key (the key of the two-factor secrets) to ${dir}`);
      const name = freshName(dir, startedAt);
      const path = join(dir, name);
      const tmp = path + TMP_SUFFIX;
      const worker = copyWorker();
      active = { end: worker.end, tmp };
      let sizeBytes: number;
      let uploads: { files: BackupFile["uploads"]; copied: number };
      try {
        await worker.ask({ op: "copy", from: dbPath, to: tmp });
        afterCopy?.(tmp);
        sizeBytes = (await worker.ask({ op: "check", path: tmp })).sizeBytes ?? 0;
        // (after the copy: every image its posts, ads and logo name was uploaded before it)
        const images = await worker.ask({ op: "uploads", from: uploadsDir, to: join(dir, UPLOADS_DIR) });
        if (stopping()) throw new Error("the server is stopping");
        writeUploadsList(path, images.files ?? []);
        uploads = { files: uploadsOf(images.files ?? []), copied: images.copied ?? 0 };
        renameSync(tmp, path);
        syncPath(dir);
      } catch (error) {
        removeCopy(tmp);
        if (!existsSync(path)) rmSync(path + UPLOADS_LIST_SUFFIX, { force: true });
        throw error;
      } finally {
        void worker.end();
        active = null;
      }
      // (the backup is made either way; a directory that keeps growing shows in the log and the disk alert)
      let removed: string[] = [];
      try {
        removed = pruneBackups(dir, settings.keep);
      } catch (error) {
        log(`backup: could not remove the oldest backups: ${messageOf(error)}`);
      }
      const seconds = ((clock() - startedAt) / 1000).toFixed(1);
      const n = uploads.files.files;
      const images = n ? `; ${n} uploaded ${n === 1 ? "image" : "images"}, ${uploads.copied} new` : "";
      log(
        `backup: ${join(dir, name)} (${megabytes(sizeBytes)}${images}) in ${seconds} s${removed.length ? `; removed ${removed.join(", ")}` : ""}`,
      );
      return { name, sizeBytes, createdAt: parseBackupName(name)!.createdAt, uploads: uploads.files };
    },

    // Abandons the copy under way, if any: its thread ended (after the statement it is in, at most
    // STOP_WAIT_MS waited for) and its .tmp removed (else by the next start).
    async abandon(): Promise<void> {
      const abandoned = active;
      if (!abandoned) return;
      await Promise.race([abandoned.end(new Error("the server is stopping")), Bun.sleep(STOP_WAIT_MS)]);
      removeCopy(abandoned.tmp);
    },
  };
}

// One worker thread for one backup: a request at a time, its answer or its failure.
function copyWorker() {
  const worker = new Worker(WORKER_URL);
  let pending: { resolve: (answer: CopyAnswer & { ok: true }) => void; reject: (error: Error) => void } | null = null;
  const fail = (error: Error) => {
    const waiting = pending;
    pending = null;
    waiting?.reject(error);
  };
  worker.onmessage = (event: MessageEvent<CopyAnswer>) => {
    const waiting = pending;
    pending = null;
    if (event.data.ok) waiting?.resolve(event.data);
    else waiting?.reject(new Error(event.data.message));
  };
  worker.onerror = (event) => fail(new Error(`the backup worker failed: ${event.message}`));
  const closed = new Promise<void>((resolve) =>
    worker.addEventListener("close", () => {
      fail(new Error("the backup worker stopped"));
      resolve();
    }),
  );
  return {
    ask: (request: CopyRequest) =>
      new Promise<CopyAnswer & { ok: true }>((resolve, reject) => {
        pending = { resolve, reject };
        worker.postMessage(request);
      }),
    // ends the thread; resolves once it has (a statement under way finishes first)
    end(reason?: Error): Promise<void> {
      if (reason) fail(reason);
      worker.terminate();
      return closed;
    },
  };
}
