// The sandbox ledger keeps the site up when it cannot save its state (EACCES, ENOSPC, ...): it logs,
// retries at every close, and payouts pause with the reason the admin sees.
import { expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client.ts";
import { applyMigrations } from "../db/migrate.ts";
import { startPayouts } from "./runtime.ts";

test("a state file that cannot be written pauses payouts with the reason; the ledger keeps closing", async () => {
  const dir = mkdtempSync(join(tmpdir(), "xrp-faucet-sandbox-save-"));
  const db = openDatabase(join(dir, "app.db"));
  applyMigrations(db);
  const logs: string[] = [];
  const payouts = await startPayouts({ config: { mode: "sandbox", sandboxPort: 0 }, db, dataDir: dir, log: (line) => logs.push(line), closeIntervalMs: 100 });
  try {
    const engine = payouts.runtime!.engine;
    // A directory where the next save writes its file: the write fails (EISDIR), even for root.
    mkdirSync(join(dir, "sandbox-ledger.json.tmp"));
    await Bun.sleep(400);
    expect(engine.status().paused).toMatch(/^the sandbox ledger cannot save its state to the data directory: .*EISDIR/);
    expect(logs.filter((l) => l.includes("cannot save its state"))).toHaveLength(2); // once, not at every close
    const before = (await payouts.runtime!.ledger.request<{ ledger_current_index: number }>({ command: "ledger_current" })).ledger_current_index;
    await Bun.sleep(300);
    expect((await payouts.runtime!.ledger.request<{ ledger_current_index: number }>({ command: "ledger_current" })).ledger_current_index).toBeGreaterThan(before);

    rmSync(join(dir, "sandbox-ledger.json.tmp"), { recursive: true });
    await Bun.sleep(300);
    expect(logs.some((l) => l.includes("saves its state again"))).toBe(true);
    engine.resume();
    expect(engine.status().paused).toBeNull();
  } finally {
    await payouts.stop();
    db.sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
