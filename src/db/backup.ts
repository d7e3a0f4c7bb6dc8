import { Database } from "bun:sqlite";
import { chmodSync, existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Db } from "./client.ts";
import { PRIVATE_FILE_MODE } from "./open.ts";

// A consistent copy of the live database, safe while the server writes (VACUUM INTO reads one
// snapshot). Refuses to overwrite an existing file. The copy holds what the database holds: it is
// readable by its owner only (0600, whatever the umask).
export function backupDatabase(db: Pick<Db, "sqlite">, file: string): string {
  const target = resolve(file);
  if (existsSync(target)) throw new Error(`${target} already exists; choose a new file name`);
  db.sqlite.run("VACUUM INTO ?", [target]);
  chmodSync(target, PRIVATE_FILE_MODE);
  dropProcessState(target);
  return target;
}

// What belongs to the process that ran on a database, not to its data: its signer lease. A backup
// and a restored database start without it, so the server that opens one signs at once.
export function dropProcessState(path: string) {
  const db = new Database(path);
  try {
    db.run("delete from signer_leases");
  } catch (error) {
    // (a database older than the lease has none)
    if (!String(error).includes("no such table")) throw error;
  } finally {
    db.close();
  }
}
