// Backups' names, what the admin calls answer, and the feature's errors. A backup is a file
// `xrp-faucet-YYYYMMDD-HHMMSS.db` (UTC, the moment its copy began; `-2`, `-3`... when a second one
// begins in the same second) in the backup directory, with the list of the uploaded images it holds
// beside it when it holds any (`<backup>.uploads`; the images themselves in the directory's
// uploads/, shared by the backups); nothing else there is ever listed, served or removed.
import { t } from "elysia";
import { jsonBody, text } from "../../http/body.ts";
import { appError, conflict, notFound } from "../../lib/errors.ts";
import { iso } from "../../lib/time.ts";

const NAME = /^xrp-faucet-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(?:-([2-9]|[1-9]\d{1,3}))?\.db$/;
// A copy being made: the backup's name and `.tmp` (a crash may leave one: removed at the next start).
export const TMP_SUFFIX = ".tmp";

// The backup directory's folder of uploaded images, and the suffix of a backup's list of them.
export const UPLOADS_DIR = "uploads";
export const UPLOADS_LIST_SUFFIX = ".uploads";

export interface UploadedFile {
  name: string;
  sizeBytes: number;
}

export interface BackupFile {
  name: string;
  // the database's copy
  sizeBytes: number;
  // when its copy began (from the name: UTC, to the second)
  createdAt: number;
  // the uploaded images it holds (none without a list: also a backup made before images were backed up)
  uploads: { files: number; sizeBytes: number };
}

export const uploadsOf = (list: UploadedFile[] | null): BackupFile["uploads"] => ({
  files: list?.length ?? 0,
  sizeBytes: list?.reduce((sum, f) => sum + f.sizeBytes, 0) ?? 0,
});

// The backup's name for a copy beginning at `at` (the n-th that second, from 1).
export function backupName(at: number, n = 1): string {
  const d = new Date(at);
  const two = (v: number) => String(v).padStart(2, "0");
  const stamp = `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}-${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
  return `xrp-faucet-${stamp}${n > 1 ? `-${n}` : ""}.db`;
}

// When the backup of this name began, and its order within that second; null: not a backup's name.
export function parseBackupName(name: string): { createdAt: number; n: number } | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const createdAt = Date.UTC(year, month - 1, day, hour, minute, second);
  const n = Number(m[7] ?? 1);
  // (a name such as 20261399 is refused: the date must read back as written)
  return backupName(createdAt, n) === name ? { createdAt, n } : null;
}

// 30m, 6h, 1d: an interval as --backup-every takes it
export function durationText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes % 1440 === 0) return `${minutes / 1440}d`;
  if (minutes % 60 === 0) return `${minutes / 60}h`;
  return `${minutes}m`;
}

export const MESSAGES = {
  off: "Backups are not configured: start the server with --backup-dir DIR (or BACKUP_DIR) to make them.",
  notFound: "No such backup",
  failed: (message: string) => `The backup failed: ${message}`,
  linkInvalid:
    "Confirm the download with your password first: a download link works once, within a minute, in the session that asked for it.",
  sessionElsewhere:
    "This session was used from another network or device since it signed in: to download a backup, log out and sign in again on this device.",
} as const;

export const backupErrors = {
  off: () => conflict(MESSAGES.off, "BACKUPS_OFF"),
  notFound: () => notFound(MESSAGES.notFound, "BACKUP_NOT_FOUND"),
  failed: (message: string) => appError(500, "BACKUP_FAILED", MESSAGES.failed(message)),
  linkInvalid: () => appError(403, "DOWNLOAD_LINK_INVALID", MESSAGES.linkInvalid),
  sessionElsewhere: () => appError(403, "SESSION_ELSEWHERE", MESSAGES.sessionElsewhere),
};

// A backup's download (docs/decisions.md, "Backups"): POST /api/admin/backups/:name/download with the
// admin's password (and a code) gives a link, `?token=` of 32 random bytes, that works once, within
// this long, in the session that asked for it; the browser downloads it as a plain GET.
export const DOWNLOAD_LINK_MS = 60_000;
// (live links kept at most: an admin asks for one at a time; the oldest go first)
export const DOWNLOAD_LINKS_KEPT = 100;
// (the body limit bounds the password; the accounts say what is wrong with it)
export const downloadBody = jsonBody({
  password: text(64 * 1024, "password must be text"),
  code: text(64, "code must be text of at most 64 characters"),
});
export const downloadQuery = t.Object(
  { token: t.Optional(t.String({ maxLength: 100, error: "token must be text of at most 100 characters" })) },
  { additionalProperties: true },
);
export const downloadLinkView = (name: string, token: string, expiresAt: number) => ({
  url: `/api/admin/backups/${encodeURIComponent(name)}?token=${token}`,
  expiresAt: new Date(expiresAt).toISOString(),
});

export const backupFileView = (b: BackupFile) => ({
  name: b.name,
  sizeBytes: b.sizeBytes,
  createdAt: new Date(b.createdAt).toISOString(),
  uploads: b.uploads,
});

export interface BackupStatus {
  enabled: boolean;
  dir: string | null;
  everyMs: number | null;
  keep: number | null;
  // when the next scheduled backup begins (null: none scheduled)
  nextAt: number | null;
  running: boolean;
  lastSuccessAt: number | null;
  lastFailure: { at: number; message: string } | null;
  // the data directory's secret.key has an identical copy in the backup directory (null: there is
  // no secret.key, or backups are off)
  secretKeyCopied: boolean | null;
  // newest first
  backups: BackupFile[];
}

export const backupStatusView = (s: BackupStatus) => ({
  enabled: s.enabled,
  dir: s.dir,
  everyMs: s.everyMs,
  keep: s.keep,
  nextAt: iso(s.nextAt),
  running: s.running,
  lastSuccessAt: iso(s.lastSuccessAt),
  lastFailure: s.lastFailure && { at: new Date(s.lastFailure.at).toISOString(), message: s.lastFailure.message },
  secretKeyCopied: s.secretKeyCopied,
  backups: s.backups.map(backupFileView),
});

// A backup file as a download: the bytes as they are on disk, never cached.
export const backupDownload = (file: { name: string; path: string }) =>
  new Response(Bun.file(file.path), {
    headers: {
      "content-type": "application/vnd.sqlite3",
      "content-disposition": `attachment; filename="${file.name}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
