// Whether the database can still be written, for GET /api/health. Reading is not enough: with the
// disk full every write fails while reads still work. So a real write (a 16 KiB row, inserted and
// deleted in one committed transaction, which needs new pages and WAL space like any real write)
// proves it, at most once per PROBE_EVERY_MS however often the endpoint is polled, and again at once
// after the app saw a write fail.
import type { Db } from "../../db/client.ts";
import { immediate } from "../../db/transaction.ts";
import type { DatabaseState } from "./model.ts";
import { createHealthRepository } from "./repository.ts";

export const PROBE_EVERY_MS = 5_000;

// SQLite's result codes (and their extended forms, SQLITE_IOERR_WRITE, ...) that mean "the database
// cannot take writes now". bun:sqlite puts them in `error.code`.
const WRITE_FAILURES = [
  "SQLITE_FULL",
  "SQLITE_IOERR",
  "SQLITE_READONLY",
  "SQLITE_CANTOPEN",
  "SQLITE_CORRUPT",
  "SQLITE_NOTADB",
  "SQLITE_BUSY",
];

export function isWriteFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && WRITE_FAILURES.some((base) => code === base || code.startsWith(`${base}_`));
}

export function createHealth({ db, clock }: { db: Pick<Db, "sqlite">; clock: () => number }) {
  const repo = createHealthRepository(db);
  let last: { at: number; state: DatabaseState } | null = null;

  return {
    // Called by the app's error handler: the next health check probes again at once.
    noteWriteFailure(): void {
      last = null;
    },

    database(): DatabaseState {
      const now = clock();
      if (last && now - last.at < PROBE_EVERY_MS) return last.state;
      let state: DatabaseState;
      try {
        if (!repo.canRead()) state = "unavailable";
        else {
          repo.withoutSync(() => immediate(db, () => repo.writeProbe(now)));
          state = "ok";
        }
      } catch (error) {
        state = isWriteFailure(error) ? "read-only" : "unavailable";
      }
      last = { at: now, state };
      return state;
    },
  };
}
export type Health = ReturnType<typeof createHealth>;
