// A flood of connections can use up the process's file descriptors (EMFILE): the sandbox ledger
// then cannot save its state and payouts pause; once descriptors come back, they resume on their
// own, without an admin pressing resume. Run in a child process whose descriptor
// limit is small (`ulimit -n`), which this test then really exhausts.
import { expect, test } from "bun:test";
import { join } from "node:path";

const CHILD = `
import { closeSync, mkdtempSync, openSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from ${JSON.stringify(join(import.meta.dir, "../db/client.ts"))};
import { applyMigrations } from ${JSON.stringify(join(import.meta.dir, "../db/migrate.ts"))};
import { waitFor } from ${JSON.stringify(join(import.meta.dir, "../testing/wait.ts"))};
import { startPayouts } from ${JSON.stringify(join(import.meta.dir, "runtime.ts"))};
const dir = mkdtempSync(join(tmpdir(), "xrp-faucet-emfile-"));
const db = openDatabase(join(dir, "app.db"));
applyMigrations(db);
const logs = [];
const payouts = await startPayouts({ config: { mode: "sandbox", sandboxPort: 0 }, db, dataDir: dir, log: (l) => logs.push(l), dailyLimitsAtStart: () => ({ dailyLimitDrops: 100000000, bonusDailyLimitDrops: 50000000 }), closeIntervalMs: 100 });
const engine = payouts.runtime.engine;
const held = [];
try { for (;;) held.push(openSync("/dev/null", "r")); } catch (error) { console.log("exhausted:", error.code, held.length); }
const paused = await waitFor(() => engine.status().paused, { what: "payouts to pause", timeout: 10_000 });
console.log("paused:", paused);
for (const fd of held) closeSync(fd);
await waitFor(() => engine.status().paused === null, { what: "payouts to resume on their own", timeout: 10_000 });
console.log("resumed on their own");
await payouts.stop();
process.exit(0);
`;

test("payouts paused by file-descriptor exhaustion resume on their own when descriptors come back", async () => {
  const child = Bun.spawn(
    ["sh", "-c", `ulimit -n 256 && exec "${process.execPath}" -e '${CHILD.replaceAll("'", "'\\''")}'`],
    { stdout: "pipe", stderr: "pipe" },
  );
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  await child.exited;
  if (child.exitCode !== 0) console.log(out, err);
  expect(out).toContain("exhausted: EMFILE");
  expect(out).toMatch(
    /paused: the sandbox ledger cannot save its state to the data directory: .*(EMFILE|too many open files)/i,
  );
  expect(out).toContain("resumed on their own");
  expect(child.exitCode).toBe(0);
}, 30_000);
