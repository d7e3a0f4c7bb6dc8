// How a payout ends, on the database side. Each function is one transaction whose every side effect
// depends on the payout's own transition having happened (its `changes`), so settling the same
// payout twice (a retry, a second process, a replayed ledger answer) has one effect.
//
// The engine decides the payout's state; what that means for the payout's request or user (a faucet
// request PROCESSED, rewards PAID, the owed balance, the notification) is the features' own:
// the outcomes createApp gives (modules/payouts/settlement.ts), run inside this transaction.
import type { Database } from "bun:sqlite";
import { immediate } from "../db/transaction.ts";
import type { AttemptRow, PayoutRow } from "./rows.ts";

// Told, inside the settlement's transaction and only when this call moved the payout:
export interface SettlementOutcomes {
  // validated on the ledger
  paid(payout: PayoutRow, txHash: string, at: number): void;
  // refused before sending, or failed on the ledger: nothing was sent
  failed(payout: PayoutRow, message: string): void;
  // something the engine cannot prove: an admin must look
  needsAttention(payout: PayoutRow, message: string): void;
  // (outside any transaction) the wallet's history showed transactions sent outside the faucet
  outsidePayment?(): void;
  // (outside any transaction) another server is paying from the wallet: payouts are paused
  anotherServer?(): void;
}

export type FailedStatus = "failed_on_ledger" | "preflight_refused";

export function createSettlement(sqlite: Database, now: () => number, outcomes: SettlementOutcomes) {
  const db = { sqlite };
  // Validated on the ledger. Returns whether this call settled it.
  const markPaid = (payout: PayoutRow, attempt: AttemptRow, ledgerIndex: number): boolean =>
    immediate(db, () => {
      const t = now();
      const moved = sqlite.run(
        "update payouts set status = 'paid', tx_hash = ?, ledger_index = ?, error = null, updated_at = ? where id = ? and status = 'in_flight'",
        [attempt.tx_hash, ledgerIndex, t, payout.id],
      ).changes;
      if (!moved) return false;
      sqlite.run(
        "update payout_attempts set status = 'validated', engine_result = 'tesSUCCESS', updated_at = ? where id = ?",
        [t, attempt.id],
      );
      outcomes.paid(payout, attempt.tx_hash, t);
      return true;
    });

  // Paid as the wallet's history on the ledger shows (reconcile.ts): a payout this database had not
  // sent, or had not seen settle. Its open attempts (none, in practice) are expired.
  const markFoundOnLedger = (payout: PayoutRow, txHash: string, ledgerIndex: number): boolean =>
    immediate(db, () => {
      const t = now();
      const moved = sqlite.run(
        "update payouts set status = 'paid', tx_hash = ?, ledger_index = ?, found_on_ledger = 1, error = null, updated_at = ? where id = ? and status <> 'paid'",
        [txHash, ledgerIndex, t, payout.id],
      ).changes;
      if (!moved) return false;
      sqlite.run(
        "update payout_attempts set status = 'expired', updated_at = ? where payout_id = ? and status in ('signed', 'submitted')",
        [t, payout.id],
      );
      outcomes.paid(payout, txHash, t);
      return true;
    });

  // Refused before sending (queued) or failed on the ledger (in flight): nothing was sent.
  const markFailed = (payout: PayoutRow, status: FailedStatus, message: string): boolean =>
    immediate(db, () => {
      const t = now();
      const moved = sqlite.run(
        "update payouts set status = ?, error = ?, updated_at = ? where id = ? and status in ('queued', 'in_flight')",
        [status, message, t, payout.id],
      ).changes;
      if (!moved) return false;
      outcomes.failed(payout, message);
      return true;
    });

  // Something the engine cannot prove: an admin must look. A settled payout is never reopened.
  const markNeedsAttention = (payout: PayoutRow, message: string): boolean =>
    immediate(db, () => {
      const moved = sqlite.run(
        "update payouts set status = 'needs_attention', error = ?, updated_at = ? where id = ? and status in ('queued', 'in_flight', 'needs_attention')",
        [message, now(), payout.id],
      ).changes;
      if (!moved) return false;
      outcomes.needsAttention(payout, message);
      return true;
    });

  return { markPaid, markFoundOnLedger, markFailed, markNeedsAttention };
}
export type Settlement = ReturnType<typeof createSettlement>;
