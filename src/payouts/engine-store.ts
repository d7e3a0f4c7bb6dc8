// All SQL of the payout engine's ticks: the payouts and attempts it works on, the signer lease, the
// writes of an attempt's life and of a payout's end (settle.ts decides it). Raw SQL, prepared once:
// these run on every tick, and each statement maps one step of docs/payouts.md. (Reading the
// wallet's history back is reconcile-store.ts.)
import type { Database } from "bun:sqlite";
import { immediate } from "../db/transaction.ts";
import type { AttemptRow, FailedStatus, PayoutRow } from "./rows.ts";

export function createEngineStore(sqlite: Database) {
  const q = {
    inFlight: sqlite.prepare<PayoutRow, [string]>(
      "select * from payouts where account = ? and status = 'in_flight' order by sequence",
    ),
    queued: sqlite.prepare<PayoutRow, []>("select * from payouts where status = 'queued' order by id limit 50"),
    byId: sqlite.prepare<PayoutRow, [number]>("select * from payouts where id = ?"),
    attempts: sqlite.prepare<AttemptRow, [number]>("select * from payout_attempts where payout_id = ? order by id"),
    maxSequence: sqlite.prepare<{ s: number | null }, [string]>(
      "select max(a.sequence) as s from payout_attempts a join payouts p on p.id = a.payout_id where p.account = ?",
    ),
    inFlightDrops: sqlite.prepare<{ d: number | null }, [string]>(
      "select sum(p.amount_drops + coalesce((select max(fee_drops) from payout_attempts a where a.payout_id = p.id), 0)) as d from payouts p where p.account = ? and p.status = 'in_flight'",
    ),
    // A payout counts once for each Sequence it was signed with, at its first attempt with it (its
    // re-signed attempts share the Sequence; a retry after a final failure is a new payment).
    signedDrops: sqlite.prepare<{ d: number; last: number | null }, [number, number, number]>(
      `select coalesce(sum(case when a.created_at >= ?1 and a.created_at < ?2 then p.amount_drops end), 0) as d, max(a.id) as last
       from payout_attempts a join payouts p on p.id = a.payout_id
       where a.id > ?3 and not exists (select 1 from payout_attempts b where b.payout_id = a.payout_id and b.sequence = a.sequence and b.id < a.id)`,
    ),
    lease: sqlite.prepare<{ holder: string }, [string, string, number, number]>(
      `insert into signer_leases (account, holder, expires_at) values (?1, ?2, ?3)
       on conflict(account) do update set holder = ?2, expires_at = ?3 where holder = ?2 or expires_at < ?4
       returning holder`,
    ),
    validatedSequences: sqlite.prepare<{ n: number }, [string, number, number]>(
      `select count(distinct a.sequence) as n from payout_attempts a join payouts p on p.id = a.payout_id
       where a.sequence >= ?2 and a.sequence < ?3 and a.status = 'validated' and p.account = ?1`,
    ),
    highestValidated: sqlite.prepare<{ s: number | null }, [string]>(
      "select max(a.sequence) as s from payout_attempts a join payouts p on p.id = a.payout_id where a.status = 'validated' and p.account = ?",
    ),
    needingAttention: sqlite.prepare<{ id: number; error: string | null }, [string]>(
      "select id, error from payouts where status = 'needs_attention' and (account = ? or account is null) order by id limit 1",
    ),
    networkId: sqlite.prepare<{ network_id: number | null }, []>("select network_id from installation where id = 1"),
    requeue: sqlite.prepare<unknown, [number, number]>(
      "update payouts set status = 'queued', sequence = null, tx_hash = null, error = null, updated_at = ? where id = ? and status = 'in_flight'",
    ),
    markInFlight: sqlite.prepare<unknown, [string, number, string, number, number]>(
      "update payouts set status = 'in_flight', account = ?, sequence = ?, tx_hash = ?, error = null, updated_at = ? where id = ? and status in ('queued', 'in_flight')",
    ),
    insertAttempt: sqlite.prepare<AttemptRow, [number, number, string, string, number, number, number, number, number]>(
      `insert into payout_attempts (payout_id, sequence, tx_hash, signed_blob, fee_drops, min_ledger, last_ledger_sequence, status, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, 'signed', ?, ?) returning *`,
    ),
    expireOpen: sqlite.prepare<unknown, [number, number]>(
      "update payout_attempts set status = 'expired', updated_at = ? where payout_id = ? and status in ('signed', 'submitted')",
    ),
    validated: sqlite.prepare<unknown, [string, number, number]>(
      "update payout_attempts set status = 'validated', engine_result = ?, updated_at = ? where id = ?",
    ),
    // A payout's end, each a compare-and-set from the states it may leave (settle.ts).
    paid: sqlite.prepare<unknown, [string, number, number, number]>(
      "update payouts set status = 'paid', tx_hash = ?, ledger_index = ?, error = null, updated_at = ? where id = ? and status = 'in_flight'",
    ),
    foundOnLedger: sqlite.prepare<unknown, [string, number, number, number]>(
      "update payouts set status = 'paid', tx_hash = ?, ledger_index = ?, found_on_ledger = 1, error = null, updated_at = ? where id = ? and status <> 'paid'",
    ),
    failed: sqlite.prepare<unknown, [FailedStatus, string, number, number]>(
      "update payouts set status = ?, error = ?, updated_at = ? where id = ? and status in ('queued', 'in_flight')",
    ),
    needsAttention: sqlite.prepare<unknown, [string, number, number]>(
      "update payouts set status = 'needs_attention', error = ?, updated_at = ? where id = ? and status in ('queued', 'in_flight', 'needs_attention')",
    ),
  };

  return {
    inFlight: (account: string) => q.inFlight.all(account),
    queued: () => q.queued.all(),
    statusOf: (payoutId: number) => q.byId.get(payoutId)?.status,
    attempts: (payoutId: number) => q.attempts.all(payoutId),
    highestSequence: (account: string) => q.maxSequence.get(account)?.s ?? 0,
    // how many distinct Sequences in [from, to) the ledger took for this faucet's own attempts
    validatedSequences: (account: string, from: number, to: number) =>
      q.validatedSequences.get(account, from, to)?.n ?? 0,
    // the highest Sequence of a validated attempt of this faucet's (null: none yet)
    highestValidatedSequence: (account: string) => q.highestValidated.get(account)?.s ?? null,
    needingAttention: (account: string) => q.needingAttention.get(account) ?? null,
    networkId: () => q.networkId.get()?.network_id ?? null,
    setNetworkId: (networkId: number) => sqlite.run("update installation set network_id = ? where id = 1", [networkId]),
    // An in-flight payout none of whose attempts can apply back to the queue (a new Sequence to come).
    requeue: (payoutId: number, now: number) =>
      immediate({ sqlite }, () => {
        if (q.requeue.run(now, payoutId).changes === 0) return false;
        q.expireOpen.run(now, payoutId);
        return true;
      }),
    // amounts and fees of the payouts in flight: spent as far as the hot wallet is concerned
    inFlightDrops: (account: string) => q.inFlightDrops.get(account)?.d ?? 0,
    // The amounts first signed between `from` and `to` by the attempts after `afterAttemptId` (all
    // accounts: the ceiling is the server's), and the last such attempt's id.
    signedDrops(from: number, to: number, afterAttemptId: number) {
      const r = q.signedDrops.get(from, to, afterAttemptId)!;
      return { drops: r.d, lastAttemptId: r.last };
    },

    // Takes or renews the lease of `account` for `holder`; false while another holder's is valid.
    holdLease: (account: string, holder: string, now: number, leaseMs: number) =>
      q.lease.get(account, holder, now + leaseMs, now)?.holder === holder,
    releaseLease: (account: string, holder: string) =>
      sqlite.run("delete from signer_leases where account = ? and holder = ?", [account, holder]),

    // Write ahead: the signed attempt and the payout in flight, committed before the blob is sent;
    // null when the payout is no longer queued or in flight (an admin withdrew it meanwhile).
    writeAttempt(
      payout: PayoutRow,
      signed: {
        account: string;
        sequence: number;
        hash: string;
        blob: string;
        fee: number;
        minLedger: number;
        lastLedgerSequence: number;
      },
      now: number,
    ): AttemptRow | null {
      return immediate({ sqlite }, () => {
        if (q.markInFlight.run(signed.account, signed.sequence, signed.hash, now, payout.id).changes === 0) return null;
        return q.insertAttempt.get(
          payout.id,
          signed.sequence,
          signed.hash,
          signed.blob,
          signed.fee,
          signed.minLedger,
          signed.lastLedgerSequence,
          now,
          now,
        )!;
      });
    },
    markSubmitted: (attemptId: number, engineResult: string, now: number) =>
      sqlite.run(
        "update payout_attempts set status = case when status = 'signed' then 'submitted' else status end, engine_result = ?, updated_at = ? where id = ?",
        [engineResult, now, attemptId],
      ),
    // the ledger's verdict on an attempt (tesSUCCESS, or why it failed)
    markValidated: (attemptId: number, engineResult: string, now: number) =>
      q.validated.run(engineResult, now, attemptId),
    expireOpenAttempts: (payoutId: number, now: number) => q.expireOpen.run(now, payoutId),
    setWaiting: (payoutId: number, message: string) =>
      sqlite.run("update payouts set error = ? where id = ?", [message, payoutId]),

    // A payout's end (settle.ts): each true when this call moved the payout.
    // validated on the ledger, from in flight
    settlePaid: (payoutId: number, txHash: string, ledgerIndex: number, now: number) =>
      q.paid.run(txHash, ledgerIndex, now, payoutId).changes > 0,
    // paid as the wallet's history shows, from anything but paid
    settleFoundOnLedger: (payoutId: number, txHash: string, ledgerIndex: number, now: number) =>
      q.foundOnLedger.run(txHash, ledgerIndex, now, payoutId).changes > 0,
    // nothing was sent, from queued or in flight
    settleFailed: (payoutId: number, status: FailedStatus, message: string, now: number) =>
      q.failed.run(status, message, now, payoutId).changes > 0,
    // an admin must look, from anything not settled
    settleNeedsAttention: (payoutId: number, message: string, now: number) =>
      q.needsAttention.run(message, now, payoutId).changes > 0,
  };
}
