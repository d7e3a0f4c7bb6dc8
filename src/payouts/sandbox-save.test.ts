// The sandbox ledger keeps the site up when it cannot save its state (EACCES, ENOSPC, ...): it logs,
// retries at every close, and payouts pause with the reason the admin sees.
import { expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client.ts";
import { applyMigrations } from "../db/migrate.ts";
import { waitFor } from "../testing/wait.ts";
import { startPayouts } from "./runtime.ts";

// the settings' defaults (nothing is paid here)
const DEFAULT_DAILY_LIMITS = { dailyLimitDrops: 100_000_000, bonusDailyLimitDrops: 50_000_000 };

test("a state file that cannot be written pauses payouts with the reason; the ledger keeps closing", async () => {
  const dir = mkdtempSync(join(tmpdir(), "xrp-faucet-sandbox-save-"));
  const db = openDatabase(join(dir, "app.db"));
  applyMigrations(db);
  const logs: string[] = [];
  const payouts = await startPayouts({
    config: { mode: "sandbox", sandboxPort: 0 },
    db,
    dataDir: dir,
    log: (line) => logs.push(line),
    dailyLimitsAtStart: () => DEFAULT_DAILY_LIMITS,
    closeIntervalMs: 100,
  });
  try {
    const engine = payouts.runtime!.engine;
    // A directory where the next save writes its file: the write fails (EISDIR), even for root.
    mkdirSync(join(dir, "sandbox-ledger.json.tmp"));
    const paused = await waitFor(() => engine.status().paused, { what: "payouts to pause" });
    expect(paused).toMatch(/^the sandbox ledger cannot save its state to the data directory: .*EISDIR/);
    // the ledger keeps closing, and each close tries to save again: two more closes, and still the
    // two lines of the first failure only (once, not at every close)
    const current = async () =>
      (await payouts.runtime!.ledger.request<{ ledger_current_index: number }>({ command: "ledger_current" }))
        .ledger_current_index;
    const before = await current();
    await waitFor(async () => (await current()) >= before + 2, { what: "two more ledger closes" });
    expect(logs.filter((l) => l.includes("cannot save its state"))).toHaveLength(2);

    rmSync(join(dir, "sandbox-ledger.json.tmp"), { recursive: true });
    await waitFor(() => logs.some((l) => l.includes("saves its state again")), { what: "the ledger to save again" });
    engine.resume();
    expect(engine.status().paused).toBeNull();
  } finally {
    await payouts.stop();
    db.sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
