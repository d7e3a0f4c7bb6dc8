// What the backup tests on the built binary share (restore-*.e2e.test.ts and the drill's, under load
// and scheduled): a directory per test, the servers started there, and data directories and backups
// with a review in them.
import { Database } from "bun:sqlite";
import { afterAll } from "bun:test";
import { copyFileSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { binaryInEmptyDir, type RunningServer } from "../../testing/binary.ts";
import { httpClient } from "../../testing/client.ts";
import { migratedTemplate } from "../../testing/harness.ts";

// The directories the file's tests made and the servers they started, removed and killed after them;
// emptyDir() makes one with its own copy of the binary.
export function binaryDirs() {
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop("SIGKILL");
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }, 30_000);

  function emptyDir() {
    const made = binaryInEmptyDir();
    dirs.push(made.dir);
    return made;
  }
  return { dirs, servers, emptyDir };
}

export const addReview = (path: string, content: string) => {
  const db = new Database(path);
  db.run("insert into reviews (rating, content, name, approved, created_at) values (5, ?, 'Tester', 1, ?)", [
    content,
    Date.now(),
  ]);
  db.close();
};
export const reviewsIn = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return (db.query("select content from reviews order by id").all() as { content: string }[]).map((r) => r.content);
  } finally {
    db.close();
  }
};
// VACUUM INTO, as the backups do (a read-write connection: closing it leaves no -wal or -shm behind)
export const backUp = (from: string, to: string) => {
  const db = new Database(from);
  db.run("VACUUM INTO ?", [to]);
  db.close();
};
// A data directory as a running faucet leaves it: its database (no proof of work) with one review.
export function dataDirIn(dir: string, review = "live review") {
  const data = join(dir, "data");
  mkdirSync(data, { mode: 0o700 });
  copyFileSync(migratedTemplate(0), join(data, "app.db"));
  addReview(join(data, "app.db"), review);
  return data;
}
export const listing = (dir: string) => readdirSync(dir).sort();
export const served = async (server: RunningServer) =>
  ((await httpClient(server.url).get("/api/reviews")).json as { content: string }[]).map((r) => r.content).sort();
