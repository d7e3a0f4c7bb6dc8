// What the hot wallet's admin calls answer: where payouts go, what the wallet holds and can spend,
// what is in flight, and whether the engine is paused and why. The state is read by service.ts.
import type { WalletLedgerPayment } from "../../db/schema.ts";
import { iso } from "../../lib/time.ts";
import { formatXrp } from "../../money.ts";
import { PAYOUTS_NOT_CONFIGURED } from "../payouts/model.ts";

export const SANDBOX_NOTICE = "Sandbox ledger: payments are simulated and nothing real is sent.";
export const PAYOUTS_RESUMED = "Payouts resumed";

// The answer of both calls when no wallet is configured.
export const notConfiguredView = () => ({ configured: false as const, message: PAYOUTS_NOT_CONFIGURED });

export interface WalletState {
  mode: "sandbox" | "ledger";
  server: string;
  address: string;
  queued: number;
  inFlight: number;
  needsAttention: number;
  // the reason the engine is paused, or null
  paused: string | null;
  // when the pause lifts by itself (the daily payout ceiling's), or null
  pausedUntil: number | null;
  lastError: string | null;
}

// What the ledger says of the wallet, or why it could not be asked.
export type LedgerView = { networkId: number; ledgerIndex: number; balanceDrops: number; reserveDrops: number } | { error: string };

export function walletView(s: WalletState, ledger: LedgerView) {
  const base = {
    configured: true as const,
    mode: s.mode,
    sandbox: s.mode === "sandbox",
    notice: s.mode === "sandbox" ? SANDBOX_NOTICE : null,
    server: s.server,
    address: s.address,
    queued: s.queued,
    inFlight: s.inFlight,
    needsAttention: s.needsAttention,
    paused: s.paused !== null,
    pausedReason: s.paused,
    // set: the pause lifts by itself then, and "Resume payouts" cannot lift it earlier
    pausedUntil: s.pausedUntil === null ? null : new Date(s.pausedUntil).toISOString(),
    lastError: s.lastError,
  };
  if ("error" in ledger) return { ...base, ledgerError: ledger.error };
  return {
    ...base,
    networkId: ledger.networkId,
    ledgerIndex: ledger.ledgerIndex,
    balance: formatXrp(ledger.balanceDrops),
    reserve: formatXrp(ledger.reserveDrops),
    spendable: formatXrp(Math.max(0, ledger.balanceDrops - ledger.reserveDrops)),
  };
}

export const resumedView = () => ({ message: PAYOUTS_RESUMED });

// What the ledger shows of a wallet transaction no payout of this database accounts for.
export const LEDGER_PAYMENT_ORIGINS = {
  outside: "Sent outside the faucet",
  unknown_payout: "Paid by this faucet for a payout this database does not have (made after the backup it was restored from)",
} as const;

export const ledgerPaymentView = (p: WalletLedgerPayment) => ({
  hash: p.txHash,
  origin: p.origin,
  description: LEDGER_PAYMENT_ORIGINS[p.origin as keyof typeof LEDGER_PAYMENT_ORIGINS] ?? p.origin,
  type: p.transactionType,
  result: p.result,
  destination: p.destination,
  amount: p.amountDrops === null ? null : formatXrp(p.amountDrops),
  sequence: p.sequence,
  ledgerIndex: p.ledgerIndex,
  payout: p.payoutKey,
  foundAt: iso(p.foundAt),
});
