// The sandbox ledger's transactions, for their read-only page: looked up in the in-process
// simulated ledger (sandbox mode only).
import type { PayoutRuntime } from "../../payouts/runtime.ts";
import { NOT_IN_SANDBOX, NOT_SANDBOX_MODE, notFoundPage, transactionPage, TX_HASH_PATTERN } from "./model.ts";

export type SandboxTxPage = { status: 200 | 404; html: string };

export function createSandboxService({ runtime }: { runtime: PayoutRuntime | null }) {
  return {
    transactionPage(hash: string): SandboxTxPage {
      const sandbox = runtime?.mode === "sandbox" ? runtime.sandbox : null;
      if (!sandbox) return { status: 404, html: notFoundPage(NOT_SANDBOX_MODE, hash) };
      const tx = TX_HASH_PATTERN.test(hash) ? sandbox.transaction(hash) : null;
      if (!tx) return { status: 404, html: notFoundPage(NOT_IN_SANDBOX, hash) };
      return { status: 200, html: transactionPage(tx) };
    },
  };
}
export type SandboxService = ReturnType<typeof createSandboxService>;
