import { existsSync } from "node:fs";
import { join } from "node:path";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import type { Db } from "./client.ts";

// From source the migrations sit next to this file; inside the binary they are embedded
// (build.ts `compile.assets`) under the bundle root as db/migrations.
export function migrationsFolder(): string {
  const candidates = [join(import.meta.dir, "migrations"), join(import.meta.dir, "db/migrations")];
  const found = candidates.find((dir) => existsSync(join(dir, "meta/_journal.json")));
  if (!found) throw new Error("embedded migrations not found");
  return found;
}

export function applyMigrations(db: Db) {
  migrate(db, { migrationsFolder: migrationsFolder() });
}
