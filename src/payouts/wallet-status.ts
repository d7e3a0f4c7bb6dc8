// What the admin sees of the hot wallet: where payouts go, what it holds and can spend, what is
// in flight, and whether the engine is paused and why.
import type { Db } from "../db/client.ts";
import { formatXrp } from "../money.ts";
import type { PayoutEngine } from "./engine.ts";
import type { LedgerConnection } from "./ledger.ts";

export interface PayoutRuntime {
  mode: "sandbox" | "ledger";
  url: string;
  engine: PayoutEngine;
  ledger: LedgerConnection;
}

export function createWalletStatus({ db, runtime }: { db: Db; runtime: PayoutRuntime | null }) {
  const counts = db.sqlite.prepare<{ status: string; n: number }, []>(
    "select status, count(*) as n from payouts where status in ('queued', 'in_flight', 'needs_attention') group by status",
  );
  return {
    async status() {
      if (!runtime) return { configured: false, message: "Payouts are not configured" };
      const byStatus = Object.fromEntries(counts.all().map((r) => [r.status, r.n]));
      const engine = runtime.engine.status();
      const base = {
        configured: true,
        mode: runtime.mode,
        sandbox: runtime.mode === "sandbox",
        notice: runtime.mode === "sandbox" ? "Sandbox ledger: payments are simulated and nothing real is sent." : null,
        server: runtime.url,
        address: runtime.engine.account,
        queued: byStatus.queued ?? 0,
        inFlight: byStatus.in_flight ?? 0,
        needsAttention: byStatus.needs_attention ?? 0,
        paused: engine.paused !== null,
        pausedReason: engine.paused,
        lastError: engine.lastError,
      };
      try {
        const facts = await runtime.ledger.facts();
        const info = await runtime.ledger.request<any>({ command: "account_info", account: runtime.engine.account, ledger_index: "validated" });
        const balance = Number(info.account_data.Balance);
        const reserve = facts.reserveBaseDrops + Number(info.account_data.OwnerCount ?? 0) * facts.reserveIncDrops;
        return { ...base, networkId: facts.networkId, ledgerIndex: facts.validatedIndex, balance: formatXrp(balance), reserve: formatXrp(reserve), spendable: formatXrp(Math.max(0, balance - reserve)) };
      } catch (error) {
        return { ...base, ledgerError: error instanceof Error ? error.message : String(error) };
      }
    },
    resume() {
      if (!runtime) return { configured: false, message: "Payouts are not configured" };
      runtime.engine.resume();
      return { message: "Payouts resumed" };
    },
  };
}
export type WalletStatusSource = ReturnType<typeof createWalletStatus>;
