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
  return target;
}
