// How a payout ends, on the database side. Each function is one transaction whose every side effect
// depends on the payout's own transition having happened (its `changes`), so settling the same
// payout twice (a retry, a second process, a replayed ledger answer) has one effect.
//
// The engine decides the payout's state; what that means for the payout's request or user (a faucet
// request PROCESSED, rewards PAID, the owed balance, the notification) is the features' own:
// the outcomes createApp gives (modules/payouts/settlement.ts), run inside this transaction. The
// statements are the engine's store's (engine-store.ts).
import type { Database } from "bun:sqlite";
import { immediate } from "../db/transaction.ts";
import { createEngineStore } from "./engine-store.ts";
import type { AttemptRow, FailedStatus, PayoutRow } from "./rows.ts";

export type { FailedStatus };

// A payment of the faucet found on the ledger that no request of this database asked for
// (reconcile.ts).
export interface FaucetPaymentFound {
  address: string;
  destinationTag: number | null;
  amountDrops: number;
  txHash: string;
  // when its ledger closed
  at: number;
}

// Told, inside the settlement's transaction and only when this call moved the payout:
export interface SettlementOutcomes {
  // validated on the ledger
  paid(payout: PayoutRow, txHash: string, at: number): void;
  // refused before sending, or failed on the ledger: nothing was sent
  failed(payout: PayoutRow, message: string): void;
  // something the engine cannot prove: an admin must look
  needsAttention(payout: PayoutRow, message: string): void;
  // (inside the reconciliation's transaction) records the request such a payment paid, before its
  // payout is settled as found on the ledger: its id
  faucetPaymentFound(payment: FaucetPaymentFound): number;
  // (outside any transaction) the wallet's history showed transactions sent outside the faucet
  outsidePayment?(): void;
  // (outside any transaction) another server is paying from the wallet: payouts are paused
  anotherServer?(): void;
}

export function createSettlement(sqlite: Database, now: () => number, outcomes: SettlementOutcomes) {
  const db = { sqlite };
  const store = createEngineStore(sqlite);
  // Validated on the ledger. Returns whether this call settled it.
  const markPaid = (payout: PayoutRow, attempt: AttemptRow, ledgerIndex: number): boolean =>
    immediate(db, () => {
      const t = now();
      if (!store.settlePaid(payout.id, attempt.tx_hash, ledgerIndex, t)) return false;
      store.markValidated(attempt.id, "tesSUCCESS", t);
      outcomes.paid(payout, attempt.tx_hash, t);
      return true;
    });

  // Paid as the wallet's history on the ledger shows (reconcile.ts): a payout this database had not
  // sent, or had not seen settle. Its open attempts (none, in practice) are expired.
  const markFoundOnLedger = (payout: PayoutRow, txHash: string, ledgerIndex: number): boolean =>
    immediate(db, () => {
      const t = now();
      if (!store.settleFoundOnLedger(payout.id, txHash, ledgerIndex, t)) return false;
      store.expireOpenAttempts(payout.id, t);
      outcomes.paid(payout, txHash, t);
      return true;
    });

  // Refused before sending (queued) or failed on the ledger (in flight): nothing was sent.
  const markFailed = (payout: PayoutRow, status: FailedStatus, message: string): boolean =>
    immediate(db, () => {
      if (!store.settleFailed(payout.id, status, message, now())) return false;
      outcomes.failed(payout, message);
      return true;
    });

  // Something the engine cannot prove: an admin must look. A settled payout is never reopened.
  const markNeedsAttention = (payout: PayoutRow, message: string): boolean =>
    immediate(db, () => {
      if (!store.settleNeedsAttention(payout.id, message, now())) return false;
      outcomes.needsAttention(payout, message);
      return true;
    });

  // The request a faucet payment found on the ledger paid (the features' own row).
  const recordFaucetPayment = (payment: FaucetPaymentFound): number => outcomes.faucetPaymentFound(payment);

  return { markPaid, markFoundOnLedger, markFailed, markNeedsAttention, recordFaucetPayment };
}
export type Settlement = ReturnType<typeof createSettlement>;
