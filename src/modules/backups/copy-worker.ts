// The backup's heavy steps, on a thread of their own so that the server's event loop never waits for
// them (docs/decisions.md, "Backups"): on the main thread a backup holds every request for its whole
// length. Its own connection opens the live database read-only: WAL lets it read one snapshot while
// the server goes on writing. A worker is started for one backup and ended after it.
//
//   { op: "copy", from, to }  VACUUM INTO `to` (a new file, made owner-only)
//   { op: "check", path }     PRAGMA integrity_check on `path`, opened read-only, must answer ok;
//                             then the file is synced; answers its size
//   { op: "uploads", from, to }  the uploaded images of `from` not yet in `to` copied there
//                             (store.ts copyUploads); answers every image of `from`, and how many
//                             were copied
// Each answers { ok: true, sizeBytes?, files?, copied? } or { ok: false, message }.
import { Database } from "bun:sqlite";
import { chmodSync, closeSync, fsyncSync, openSync, statSync } from "node:fs";
import { dropProcessState } from "../../db/backup.ts";
import { integrityProblems } from "../../db/integrity.ts";
import type { UploadedFile } from "./model.ts";
import { copyUploads } from "./store.ts";

export type CopyRequest =
  | { op: "copy"; from: string; to: string }
  | { op: "check"; path: string }
  | { op: "uploads"; from: string; to: string };
export type CopyAnswer =
  | { ok: true; sizeBytes?: number; files?: UploadedFile[]; copied?: number }
  | { ok: false; message: string };

declare const self: Worker;

function copy(from: string, to: string) {
  const db = new Database(from, { readonly: true });
  try {
    db.run("PRAGMA busy_timeout = 5000");
    db.run("VACUUM INTO ?", [to]);
  } finally {
    db.close();
  }
  chmodSync(to, 0o600);
  dropProcessState(to);
}

function check(path: string): number {
  let problems: string[];
  const db = new Database(path, { readonly: true });
  try {
    problems = integrityProblems(db);
  } catch (error) {
    problems = [error instanceof Error ? error.message : String(error)];
  } finally {
    db.close();
  }
  if (problems.length > 0) throw new Error(`the copy failed its integrity check: ${problems.join("; ")}`);
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return statSync(path).size;
}

self.onmessage = (event: MessageEvent<CopyRequest>) => {
  const request = event.data;
  let answer: CopyAnswer;
  try {
    if (request.op === "copy") {
      copy(request.from, request.to);
      answer = { ok: true };
    } else if (request.op === "uploads") {
      answer = { ok: true, ...copyUploads(request.from, request.to) };
    } else {
      answer = { ok: true, sizeBytes: check(request.path) };
    }
  } catch (error) {
    answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(answer);
};
