// The app paying on an in-process sandbox ledger (real xrpl client over WebSocket) with the real payout
// engine, for benches: `wallet` is the funded hot wallet; the admin has set `settings`.
import type { Wallet } from "xrpl";
import { createPayoutEngine } from "../src/payouts/engine.ts";
import { createLedgerConnection } from "../src/payouts/ledger.ts";
import type { LedgerSimulator } from "../src/payouts/simulator/index.ts";
import { testApp } from "../src/testing/harness.ts";

export async function sandboxApp(sim: LedgerSimulator, wallet: Wallet, settings: Record<string, unknown>) {
  const ledger = createLedgerConnection({ urls: [sim.url], log: () => {} });
  // (the engine is made once the app is, with the app's settlement outcomes)
  const runtime = {
    mode: "sandbox" as const,
    url: sim.url,
    ledger,
    engine: undefined as never as ReturnType<typeof createPayoutEngine>,
    settleWith: () => {},
  };
  const t = testApp({ payouts: runtime, clock: Date.now });
  runtime.engine = createPayoutEngine({
    db: t.db,
    clock: Date.now,
    ledger,
    wallet,
    log: () => {},
    outcomes: t.app.services.settlementOutcomes,
  });
  const admin = await t.registerAdmin();
  const saved = await t.call("POST", "/api/admin/faucet/settings", { cookie: admin.cookie, body: settings });
  if (saved.status !== 200) throw new Error(`settings: ${saved.status} ${saved.text}`);
  return { t, ledger, runtime };
}
