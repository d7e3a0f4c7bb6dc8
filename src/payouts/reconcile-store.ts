// All SQL of the reconciliation (reconcile.ts): the cursor in the wallet's history, the payouts and
// attempts a transaction of the wallet is matched to, the payouts written for payments the database
// lacked, and the list of what the admin looks at. Raw SQL, prepared once. A request the engine found
// paid is the faucet's to record (SettlementOutcomes.faucetPaymentFound).
import type { Database } from "bun:sqlite";
import { NEW_LEDGER_REF_SQL } from "./identity.ts";
import type { AttemptRow, PayoutRow } from "./rows.ts";

// A payout written for a payment found on the ledger (settled by the caller).
export interface FoundPayout {
  kind: "FAUCET_REQUEST" | "USER_PAYMENT";
  faucetRequestId: number | null;
  userId: number | null;
  destination: string;
  destinationTag: number | null;
  amountDrops: number;
  at: number;
}

// A transaction of the wallet listed for the admin (wallet_ledger_payments).
export interface ListedPayment {
  txHash: string;
  origin: string;
  type: string;
  result: string;
  destination: string | null;
  amountDrops: number | null;
  sequence: number;
  ledgerIndex: number;
  payoutKey: string | null;
  at: number;
}

// A user this address pays, what they are owed and whether a payment of theirs is open.
export interface UserPaidTo {
  id: number;
  owed: number;
  destination_tag: number | null;
  open: number;
}

export function createReconcileStore(sqlite: Database) {
  const q = {
    installation: sqlite.prepare<
      { installation_id: string; reconciled_ledger: number | null; reconciled_hash: string | null },
      []
    >("select installation_id, reconciled_ledger, reconciled_hash from installation where id = 1"),
    setCursor: sqlite.prepare<unknown, [number, string | null]>(
      "update installation set reconciled_ledger = ?, reconciled_hash = ? where id = 1",
    ),
    setRebuilt: sqlite.prepare<unknown, [string]>("update installation set rebuilt = ? where id = 1"),
    attemptByHash: sqlite.prepare<AttemptRow, [string]>("select * from payout_attempts where tx_hash = ?"),
    payoutById: sqlite.prepare<PayoutRow, [number]>("select * from payouts where id = ?"),
    payoutByRef: sqlite.prepare<PayoutRow, [string]>("select * from payouts where ledger_ref = ?"),
    payoutOfRequest: sqlite.prepare<PayoutRow, [number]>("select * from payouts where faucet_request_id = ?"),
    // the oldest request still open for this address, tag and amount (none of its payments signed)
    openRequest: sqlite.prepare<{ id: number }, [string, number | null, number]>(
      `select r.id from faucet_requests r
       where r.address = ?1 and r.status in ('PENDING', 'APPROVED') and r.amount_drops = ?3 and r.destination_tag is ?2 and r.reason is null
         and not exists (select 1 from payouts p where p.faucet_request_id = r.id and p.status not in ('queued', 'withdrawn', 'preflight_refused', 'failed_on_ledger'))
       order by r.created_at limit 1`,
    ),
    queuedUserPayment: sqlite.prepare<PayoutRow, [string]>(
      "select * from payouts where status = 'queued' and kind = 'USER_PAYMENT' and destination = ? order by id limit 1",
    ),
    usersPaidTo: sqlite.prepare<UserPaidTo, [string]>(
      `select u.id, u.total_claimed_drops as owed, u.xrp_destination_tag as destination_tag,
         exists (select 1 from payouts p where p.user_id = u.id and p.kind = 'USER_PAYMENT' and p.status in ('queued', 'sequence_assigned', 'in_flight', 'needs_attention')) as open
       from users u where u.xrp_address = ? limit 2`,
    ),
    insertPayout: sqlite.prepare<
      unknown,
      [string, number | null, number | null, string, number | null, number, number]
    >(
      `insert into payouts (kind, faucet_request_id, user_id, destination, destination_tag, amount_drops, status, ledger_ref, created_at, updated_at)
       values (?1, ?2, ?3, ?4, ?5, ?6, 'queued', ${NEW_LEDGER_REF_SQL}, ?7, ?7)`,
    ),
    attachRewards: sqlite.prepare<unknown, [number, number]>(
      "update rewards set payout_id = ? where user_id = ? and status = 'APPROVED' and payout_id is null",
    ),
    list: sqlite.prepare<
      unknown,
      [string, string, string, string, string | null, number | null, number, number, string | null, number]
    >(
      `insert into wallet_ledger_payments (tx_hash, origin, transaction_type, result, destination, amount_drops, sequence, ledger_index, payout_key, found_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (tx_hash) do nothing`,
    ),
  };

  return {
    installation: () => q.installation.get()!,
    // the last validated ledger read up to, and its hash
    setCursor: (ledgerIndex: number, hash: string | null) => q.setCursor.run(ledgerIndex, hash),
    // what a new database read back from a used wallet's history (JSON)
    setRebuilt: (rebuilt: string) => q.setRebuilt.run(rebuilt),
    attemptByHash: (txHash: string) => q.attemptByHash.get(txHash),
    payoutById: (id: number) => q.payoutById.get(id),
    payoutByRef: (ref: string) => q.payoutByRef.get(ref),
    payoutOfRequest: (faucetRequestId: number) => q.payoutOfRequest.get(faucetRequestId),
    openRequest: (address: string, destinationTag: number | null, amountDrops: number) =>
      q.openRequest.get(address, destinationTag, amountDrops),
    queuedUserPayment: (destination: string) => q.queuedUserPayment.get(destination),
    usersPaidTo: (address: string) => q.usersPaidTo.all(address),
    insertPayout: (p: FoundPayout): PayoutRow =>
      q.payoutById.get(
        Number(
          q.insertPayout.run(p.kind, p.faucetRequestId, p.userId, p.destination, p.destinationTag, p.amountDrops, p.at)
            .lastInsertRowid,
        ),
      )!,
    // the user's approved rewards not yet in a payment, paid by this one
    attachRewards: (payoutId: number, userId: number) => q.attachRewards.run(payoutId, userId),
    // true when the transaction was not listed yet
    list: (l: ListedPayment) =>
      q.list.run(
        l.txHash,
        l.origin,
        l.type,
        l.result,
        l.destination,
        l.amountDrops,
        l.sequence,
        l.ledgerIndex,
        l.payoutKey,
        l.at,
      ).changes > 0,
  };
}
