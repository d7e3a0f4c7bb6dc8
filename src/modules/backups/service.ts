// Backups the server takes itself (--backup-dir): on a schedule and when an admin asks. A backup is
// an online, consistent copy of the live database, checked before it is renamed in, with the
// uploaded images and the data directory's secret.key beside it (make-backup.ts). A failed copy is
// the last failure; the `keep` newest backups stay. An admin downloads one through a link that works
// once (download-links.ts).
//
// Schedule: the first backup begins one interval after the newest one in the directory, or soon after
// start when there is none or it is older than that (a restart never stretches the gap); then one
// interval after each success, and after a failure again within an hour (sooner with a shorter
// interval). A "now" while one runs joins it.
import { dirname, join } from "node:path";
import type { BackupSettings } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { immediate } from "../../db/transaction.ts";
import { HttpError } from "../../lib/errors.ts";
import type { Actor } from "../../auth/actor.ts";
import { recordAudit } from "../audit/service.ts";
import { createDownloadLinks } from "./download-links.ts";
import { createBackupMaker, messageOf } from "./make-backup.ts";
import { type BackupFile, type BackupStatus, backupErrors, durationText, UPLOADS_DIR } from "./model.ts";
import { backupPath, listBackups, removeUnfinished, secretKeyCopied } from "./store.ts";

// How long after start the first backup waits when one is due (the start's own work comes first).
export const START_DELAY_MS = 5_000;
// After a failure the next try comes within this (or the interval, if shorter).
export const RETRY_MS = 60 * 60_000;
// Timers are armed for at most this long and re-armed (setTimeout cannot wait 30 days).
const MAX_TIMER_MS = 6 * 60 * 60_000;

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
  let timer: unknown = null;
  let nextAt: number | null = null;
  let started = false;
  let stopped = false;
  const maker = createBackupMaker({
    dbPath,
    dataDir,
    uploadsDir,
    clock,
    log,
    stopping: () => stopped,
    afterCopy: deps.afterCopy,
  });
  const links = createDownloadLinks(clock);

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

  // A backup now; while one runs, that one. Rejects with its failure (also kept as the last failure).
  function runNow(): Promise<BackupFile> {
    if (!settings) return Promise.reject(backupErrors.off());
    if (current) return current;
    if (stopped) return Promise.reject(new Error("the server is stopping"));
    const startedAt = clock();
    const run = maker.backUp(settings, startedAt).then(
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

    // No more backups; a copy under way is abandoned (its .tmp removed).
    async stop() {
      stopped = true;
      arm(0);
      await maker.abandon();
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
      return links.issue(name, sessionId);
    },

    // The backup a link downloads, its link then used up (audited); 403 for any other link.
    download(name: string, token: string | undefined, sessionId: string, actor: Actor): { name: string; path: string } {
      const path = requireBackup(name);
      links.use(name, token, sessionId);
      audit(actor, "backup.download", name, {});
      return { name, path };
    },
  };
}
export type BackupService = ReturnType<typeof createBackupService>;
