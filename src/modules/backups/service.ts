// Backups the server takes itself (--backup-dir): on a schedule and when an admin asks. A backup is
// an online, consistent copy of the live database: VACUUM INTO `<name>.tmp` beside its place, done by
// a worker thread on a read-only connection of its own (copy-worker.ts), so the event loop never waits
// for it; the copy, opened read-only, must pass PRAGMA integrity_check, is synced and only then
// renamed to `xrp-faucet-YYYYMMDD-HHMMSS.db` (the directory synced). A failed copy leaves no file and
// is the last failure; the `keep` newest backups stay, older ones are removed. The data directory's
// secret.key is copied beside them (when missing or different), for a restore on another machine.
// So are the uploaded images: after the copy is checked, the worker copies the images not yet in the
// backup directory's uploads/ (an image never changes once written: each is copied once), and the
// backup's list of the images it holds (when it holds any), `<name>.uploads`, is written before the
// copy is renamed in.
//
// Schedule: the first backup begins one interval after the newest one in the directory, or soon after
// start when there is none or it is older than that (a restart never stretches the gap); then one
// interval after each success, and after a failure again within an hour (sooner with a shorter
// interval). A "now" while one runs joins it.
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import type { BackupSettings } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { syncPath } from "../../db/migrate.ts";
import { PRIVATE_DIR_MODE } from "../../db/open.ts";
import { immediate } from "../../db/transaction.ts";
import { HttpError } from "../../lib/errors.ts";
import type { Actor } from "../../auth/actor.ts";
import { recordAudit } from "../audit/service.ts";
import type { CopyAnswer, CopyRequest } from "./copy-worker.ts";
import {
  type BackupFile,
  type BackupStatus,
  backupErrors,
  DOWNLOAD_LINK_MS,
  DOWNLOAD_LINKS_KEPT,
  durationText,
  parseBackupName,
  TMP_SUFFIX,
  UPLOADS_DIR,
  UPLOADS_LIST_SUFFIX,
  uploadsOf,
} from "./model.ts";
import {
  backupPath,
  copySecretKey,
  freshName,
  listBackups,
  pruneBackups,
  removeCopy,
  removeUnfinished,
  secretKeyCopied,
  writeUploadsList,
} from "./store.ts";

// How long after start the first backup waits when one is due (the start's own work comes first).
export const START_DELAY_MS = 5_000;
// After a failure the next try comes within this (or the interval, if shorter).
export const RETRY_MS = 60 * 60_000;
// How long stopping waits for a copy under way to notice (its .tmp is removed then).
const STOP_WAIT_MS = 2_000;
// Timers are armed for at most this long and re-armed (setTimeout cannot wait 30 days).
const MAX_TIMER_MS = 6 * 60 * 60_000;

// From source the worker is the file beside this one; in the binary its own embedded entry point,
// under the bundle root as build.ts lays it out.
const WORKER_URL = import.meta.path.endsWith(".ts")
  ? new URL("./copy-worker.ts", import.meta.url).href
  : new URL("./modules/backups/copy-worker.js", import.meta.url).href;

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}
const realTimers: Timers = {
  set(fn, ms) {
    const handle = setTimeout(fn, ms);
    handle.unref?.();
    return handle;
  },
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

// What createApp takes (it adds the database, its file and the app's clock and log).
export type BackupOptions = Omit<BackupDeps, "db" | "dbPath">;

export interface BackupDeps {
  // the audit log (an admin's "Back up now" and downloads)
  db: Db;
  // the live database file and the data directory (its secret.key)
  dbPath: string;
  dataDir?: string;
  // the uploaded images (default: uploads/ in the data directory)
  uploadsDir?: string;
  // null: backups are off (status says so, "now" answers 409)
  settings: BackupSettings | null;
  clock?: () => number;
  timers?: Timers;
  log?: (line: string) => void;
  startDelayMs?: number;
  // tests: called with the finished copy before its integrity check
  afterCopy?: (tmpPath: string) => void;
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

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

export function createBackupService(deps: BackupDeps) {
  const { db, dbPath, settings } = deps;
  const dataDir = deps.dataDir ?? dirname(dbPath);
  const uploadsDir = deps.uploadsDir ?? join(dataDir, UPLOADS_DIR);
  const clock = deps.clock ?? Date.now;
  const timers = deps.timers ?? realTimers;
  const log = deps.log ?? ((line: string) => console.log(line));
  const startDelayMs = deps.startDelayMs ?? START_DELAY_MS;

  let lastSuccessAt: number | null = settings ? (listBackups(settings.dir)[0]?.createdAt ?? null) : null;
  let lastFailure: { at: number; message: string } | null = null;
  let current: Promise<BackupFile> | null = null;
  let active: { end(reason?: Error): Promise<void>; tmp: string } | null = null;
  let timer: unknown = null;
  let nextAt: number | null = null;
  let started = false;
  let stopped = false;

  // the next scheduled backup at `at` (a timer fired early re-arms itself)
  const arm = (at: number) => {
    if (timer !== null) timers.clear(timer);
    timer = null;
    nextAt = null;
    if (!started || stopped) return;
    nextAt = at;
    timer = timers.set(onTimer, Math.min(MAX_TIMER_MS, Math.max(0, at - clock())));
  };
  const onTimer = () => {
    timer = null;
    if (nextAt === null || stopped) return;
    if (clock() < nextAt) return arm(nextAt);
    nextAt = null;
    // (the outcome is in the status and the log)
    runNow().catch(() => {});
  };

  async function backUp(settings: BackupSettings, startedAt: number): Promise<BackupFile> {
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
      deps.afterCopy?.(tmp);
      sizeBytes = (await worker.ask({ op: "check", path: tmp })).sizeBytes ?? 0;
      // (after the copy: every image its posts, ads and logo name was uploaded before it)
      const images = await worker.ask({ op: "uploads", from: uploadsDir, to: join(dir, UPLOADS_DIR) });
      if (stopped) throw new Error("the server is stopping");
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
  }

  // A backup now; while one runs, that one. Rejects with its failure (also kept as the last failure).
  function runNow(): Promise<BackupFile> {
    if (!settings) return Promise.reject(backupErrors.off());
    if (current) return current;
    if (stopped) return Promise.reject(new Error("the server is stopping"));
    const startedAt = clock();
    const run = backUp(settings, startedAt).then(
      (file) => {
        lastSuccessAt = startedAt;
        arm(startedAt + settings.everyMs);
        return file;
      },
      (error: unknown) => {
        if (!stopped) {
          lastFailure = { at: clock(), message: messageOf(error) };
          log(`backup failed: ${lastFailure.message}`);
          arm(clock() + Math.min(settings.everyMs, RETRY_MS));
        }
        throw error;
      },
    );
    current = run.finally(() => {
      current = null;
    });
    return current;
  }

  const audit = (actor: Actor, action: string, targetId: string | undefined, details: unknown) =>
    immediate(db, () =>
      recordAudit(db, { actor: actor.admin, action, targetType: "backup", targetId, details, ip: actor.ip }, clock()),
    );

  // Only a backup's name in the backup directory (else 404).
  const requireBackup = (name: string): string => {
    const path = settings ? backupPath(settings.dir, name) : null;
    if (!path) throw backupErrors.notFound();
    return path;
  };
  // the download links not yet used, by token (in memory: a restart ends them, as it would a download)
  const links = new Map<string, { name: string; sessionId: string; expiresAt: number }>();
  return {
    runNow,

    // Schedules the backups (main.ts, once the app answers). Removes copies a crash left unfinished.
    start() {
      if (!settings || started) return;
      started = true;
      for (const name of removeUnfinished(settings.dir)) log(`backup: removed ${name}, a copy left unfinished`);
      const newest = listBackups(settings.dir)[0];
      const soon = clock() + startDelayMs;
      arm(newest ? Math.max(soon, newest.createdAt + settings.everyMs) : soon);
    },

    // No more backups; a copy under way is abandoned: its thread ended (after the statement it is
    // in, at most STOP_WAIT_MS waited for) and its .tmp removed (else by the next start).
    async stop() {
      stopped = true;
      arm(0);
      const abandoned = active;
      if (abandoned) {
        await Promise.race([abandoned.end(new Error("the server is stopping")), Bun.sleep(STOP_WAIT_MS)]);
        removeCopy(abandoned.tmp);
      }
      await current?.catch(() => {});
    },

    // Resolves once no backup is under way.
    async settled(): Promise<void> {
      while (current) await current.catch(() => {});
    },

    status(): BackupStatus {
      if (!settings) {
        return {
          enabled: false,
          dir: null,
          everyMs: null,
          keep: null,
          nextAt: null,
          running: false,
          lastSuccessAt: null,
          lastFailure: null,
          secretKeyCopied: null,
          backups: [],
        };
      }
      return {
        enabled: true,
        dir: settings.dir,
        everyMs: settings.everyMs,
        keep: settings.keep,
        nextAt,
        running: current !== null,
        lastSuccessAt,
        lastFailure,
        secretKeyCopied: secretKeyCopied(dataDir, settings.dir),
        backups: listBackups(settings.dir),
      };
    },

    // The start's log line: where backups go, how often, how many are kept, and when the next one begins.
    describe(): string {
      if (!settings) return "backups: not scheduled (set --backup-dir)";
      const next = nextAt === null ? "not scheduled" : new Date(nextAt).toISOString();
      return `backups: every ${durationText(settings.everyMs)} into ${settings.dir}, keeping the ${settings.keep} newest; next at ${next}`;
    },

    // What the alerts read (null: backups are off).
    alertState: () => (settings ? { everyMs: settings.everyMs, lastSuccessAt, lastFailure } : null),

    // An admin's "Back up now": the new backup (or the one under way), audited either way.
    async backUpNow(actor: Actor): Promise<BackupFile> {
      if (!settings) throw backupErrors.off();
      try {
        const file = await runNow();
        audit(actor, "backup.create", file.name, { sizeBytes: file.sizeBytes });
        return file;
      } catch (error) {
        if (error instanceof HttpError) throw error;
        audit(actor, "backup.create_failed", undefined, { message: messageOf(error) });
        throw backupErrors.failed(messageOf(error));
      }
    },

    requireBackup,

    // A download hands over the whole database: the route confirms the admin (the password, and a
    // code with two-factor sign-in; never from a session used elsewhere), then asks here for a link
    // that works once, within DOWNLOAD_LINK_MS, in that session, for that backup.
    downloadLink(name: string, sessionId: string): { token: string; expiresAt: number } {
      requireBackup(name);
      const now = clock();
      for (const [token, link] of links)
        if (link.expiresAt <= now || links.size >= DOWNLOAD_LINKS_KEPT) links.delete(token);
      const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
      const expiresAt = now + DOWNLOAD_LINK_MS;
      links.set(token, { name, sessionId, expiresAt });
      return { token, expiresAt };
    },

    // The backup a link downloads, its link then used up (audited); 403 for any other link.
    download(name: string, token: string | undefined, sessionId: string, actor: Actor): { name: string; path: string } {
      const path = requireBackup(name);
      const link = token === undefined ? undefined : links.get(token);
      if (!link || link.name !== name || link.sessionId !== sessionId) throw backupErrors.linkInvalid();
      links.delete(token!);
      if (link.expiresAt <= clock()) throw backupErrors.linkInvalid();
      audit(actor, "backup.download", name, {});
      return { name, path };
    },
  };
}
export type BackupService = ReturnType<typeof createBackupService>;
