// What the admin sees of the hot wallet: where payouts go, what it holds and can spend, what is
// in flight, and whether the engine is paused and why. The hot wallet's service: its routes are
// src/modules/wallet/routes.ts, its views src/modules/wallet/model.ts.
import { count, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { payouts } from "../db/schema.ts";
import { type LedgerView, notConfiguredView, resumedView, walletView } from "../modules/wallet/model.ts";
import type { PayoutEngine } from "./engine.ts";
import type { AccountInfoAnswer, LedgerConnection } from "./ledger.ts";
import type { LedgerSimulator } from "./simulator/index.ts";

export interface PayoutRuntime {
  mode: "sandbox" | "ledger";
  url: string;
  engine: PayoutEngine;
  ledger: LedgerConnection;
  // sandbox mode: the in-process simulated ledger, read by the sandbox's transaction page
  sandbox?: Pick<LedgerSimulator, "transaction"> | null;
}

export function createWalletStatus({ db, runtime }: { db: Db; runtime: PayoutRuntime | null }) {
  const counts = db
    .select({ status: payouts.status, n: count() })
    .from(payouts)
    .where(inArray(payouts.status, ["queued", "in_flight", "needs_attention"]))
    .groupBy(payouts.status)
    .prepare();

  // What the ledger says of the wallet, or why it could not be asked.
  async function ledgerOf({ ledger, engine }: PayoutRuntime): Promise<LedgerView> {
    try {
      const facts = await ledger.facts();
      const info = await ledger.request<AccountInfoAnswer>({ command: "account_info", account: engine.account, ledger_index: "validated" });
      const balanceDrops = Number(info.account_data.Balance);
      const reserveDrops = facts.reserveBaseDrops + Number(info.account_data.OwnerCount ?? 0) * facts.reserveIncDrops;
      return { networkId: facts.networkId, ledgerIndex: facts.validatedIndex, balanceDrops, reserveDrops };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  return {
    async status() {
      if (!runtime) return notConfiguredView();
      const byStatus = new Map(counts.all().map((r) => [r.status, r.n]));
      const engine = runtime.engine.status();
      const state = {
        mode: runtime.mode,
        server: runtime.url,
        address: runtime.engine.account,
        queued: byStatus.get("queued") ?? 0,
        inFlight: byStatus.get("in_flight") ?? 0,
        needsAttention: byStatus.get("needs_attention") ?? 0,
        paused: engine.paused,
        lastError: engine.lastError,
      };
      return walletView(state, await ledgerOf(runtime));
    },
    resume() {
      if (!runtime) return notConfiguredView();
      runtime.engine.resume();
      return resumedView();
    },
  };
}
export type WalletStatusSource = ReturnType<typeof createWalletStatus>;
