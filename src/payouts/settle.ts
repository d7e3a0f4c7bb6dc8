// How a payout ends, on the database side. Each function is one transaction whose every side effect
// depends on the payout's own transition having happened (its `changes`), so settling the same
// payout twice (a retry, a second process, a replayed ledger answer) has one effect.
import type { Database } from "bun:sqlite";
import { immediate } from "../db/transaction.ts";
import type { AttemptRow, PayoutRow } from "./rows.ts";

// Told, inside the settlement's transaction, of a payout validated on the ledger (the user's
// notification: modules/notifications).
export type OnPaid = (payout: PayoutRow, txHash: string, at: number) => void;

export type FailedStatus = "failed_on_ledger" | "preflight_refused";

export function createSettlement(sqlite: Database, now: () => number, onPaid: OnPaid = () => {}) {
  const db = { sqlite };
  // Validated on the ledger: the request becomes PROCESSED, or the user's rewards PAID and the owed
  // balance lowered. Returns whether this call settled it.
  const markPaid = (payout: PayoutRow, attempt: AttemptRow, ledgerIndex: number): boolean => immediate(db, () => {
    const t = now();
    const moved = sqlite.run("update payouts set status = 'paid', tx_hash = ?, ledger_index = ?, error = null, updated_at = ? where id = ? and status = 'in_flight'", [
      attempt.tx_hash,
      ledgerIndex,
      t,
      payout.id,
    ]).changes;
    if (!moved) return false;
    sqlite.run("update payout_attempts set status = 'validated', engine_result = 'tesSUCCESS', updated_at = ? where id = ?", [t, attempt.id]);
    if (payout.kind === "FAUCET_REQUEST") {
      sqlite.run("update faucet_requests set status = 'PROCESSED', tx_hash = ?, processed_at = coalesce(processed_at, ?), payout_error = null where id = ?", [
        attempt.tx_hash,
        t,
        payout.faucet_request_id,
      ]);
    } else {
      sqlite.run("update rewards set status = 'PAID', tx_hash = ?, processed_at = ? where payout_id = ?", [attempt.tx_hash, t, payout.id]);
      sqlite.run("update users set total_claimed_drops = max(0, total_claimed_drops - ?) where id = ?", [payout.amount_drops, payout.user_id]);
    }
    onPaid(payout, attempt.tx_hash, t);
    return true;
  });

  // Refused before sending (queued) or failed on the ledger (in flight): nothing was sent. A faucet
  // request stays APPROVED with the error; a user payment leaves the balance owed and frees its rewards.
  const markFailed = (payout: PayoutRow, status: FailedStatus, message: string): boolean => immediate(db, () => {
    const t = now();
    const moved = sqlite.run("update payouts set status = ?, error = ?, updated_at = ? where id = ? and status in ('queued', 'in_flight')", [
      status,
      message,
      t,
      payout.id,
    ]).changes;
    if (!moved) return false;
    if (payout.kind === "FAUCET_REQUEST") {
      sqlite.run("update faucet_requests set payout_error = ? where id = ?", [message, payout.faucet_request_id]);
    } else {
      sqlite.run("update rewards set payout_id = null where payout_id = ?", [payout.id]);
    }
    return true;
  });

  // Something the engine cannot prove: an admin must look. A settled payout is never reopened.
  const markNeedsAttention = (payout: PayoutRow, message: string): boolean => immediate(db, () => {
    const moved = sqlite.run("update payouts set status = 'needs_attention', error = ?, updated_at = ? where id = ? and status in ('queued', 'in_flight', 'needs_attention')", [
      message,
      now(),
      payout.id,
    ]).changes;
    if (!moved) return false;
    if (payout.kind === "FAUCET_REQUEST") sqlite.run("update faucet_requests set payout_error = ? where id = ?", [message, payout.faucet_request_id]);
    return true;
  });

  return { markPaid, markFailed, markNeedsAttention };
}
