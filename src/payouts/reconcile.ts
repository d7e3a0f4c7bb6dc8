// Reconciliation: the engine reads its hot wallet's history on the ledger (account_tx, forward from
// the last validated ledger it read up to, page by page) and makes the database agree with it before
// it signs anything new. A payment of this installation (identity.ts) for a payout the database
// lacks or still thinks open is recorded as paid, "found on the ledger", with what paying it does
// (the request PROCESSED, the rewards PAID, the owed balance lowered); one for a payout the database
// never had, and any transaction this installation did not sign, are listed for the admin
// (wallet_ledger_payments). So a restored or copied database never pays anyone a second time.
import type { Database } from "bun:sqlite";
import { immediate } from "../db/transaction.ts";
import { ownPayoutKey, parsePayoutKey } from "./identity.ts";
import { type LedgerConnection, rippledError } from "./ledger.ts";
import type { AttemptRow, PayoutRow } from "./rows.ts";
import type { Settlement } from "./settle.ts";

// Transactions asked for per page (rippled's most for a non-admin client).
const PAGE = 400;
// The longest the reconciliation holds the event loop at once (then it lets as much time pass).
const SLICE_MS = 10;

// The server cannot give the wallet's history from `from`: its validated history starts at `serverFrom`.
export class HistoryGap extends Error {
  constructor(
    readonly from: number,
    readonly serverFrom: number | null,
  ) {
    super(`the XRPL server does not hold the ledgers from ${from}${serverFrom ? ` (its history starts at ledger ${serverFrom})` : ""}`);
  }
}

interface AccountTxEntry {
  tx_json?: Record<string, any>;
  tx?: Record<string, any>;
  meta?: { TransactionResult?: string; delivered_amount?: unknown } | string;
  hash?: string;
  ledger_index?: number;
}
interface AccountTxAnswer {
  ledger_index_min: number;
  ledger_index_max: number;
  transactions: AccountTxEntry[];
  marker?: unknown;
}

// One transaction of the wallet as the reconciliation reads it.
export interface WalletTx {
  hash: string;
  type: string;
  result: string;
  destination: string | null;
  destinationTag: number | null;
  deliveredDrops: number | null;
  sequence: number;
  ledgerIndex: number;
  tx: Record<string, any>;
}

function walletTx(entry: AccountTxEntry): WalletTx {
  const tx = entry.tx_json ?? entry.tx ?? {};
  const meta = typeof entry.meta === "object" ? entry.meta : {};
  const delivered = meta.delivered_amount;
  return {
    hash: String(entry.hash ?? tx.hash).toUpperCase(),
    type: String(tx.TransactionType),
    result: String(meta.TransactionResult ?? ""),
    destination: tx.Destination === undefined ? null : String(tx.Destination),
    destinationTag: tx.DestinationTag === undefined ? null : Number(tx.DestinationTag),
    deliveredDrops: typeof delivered === "string" && /^\d+$/.test(delivered) ? Number(delivered) : null,
    sequence: Number(tx.Sequence ?? 0),
    ledgerIndex: Number(entry.ledger_index ?? tx.ledger_index),
    tx,
  };
}

export interface ReconcileSummary {
  fromLedger: number;
  toLedger: number;
  read: number;
  found: number;
  outside: number;
}

export function createReconciler({
  sqlite,
  ledger,
  account,
  now,
  settlement,
  onOutside,
}: {
  sqlite: Database;
  ledger: LedgerConnection;
  account: string;
  now: () => number;
  settlement: () => Settlement;
  // told after a run that listed transactions sent outside the faucet
  onOutside?: () => void;
}) {
  const q = {
    installation: sqlite.prepare<{ installation_id: string; reconciled_ledger: number | null }, []>("select installation_id, reconciled_ledger from installation where id = 1"),
    setCursor: sqlite.prepare<unknown, [number]>("update installation set reconciled_ledger = ? where id = 1"),
    attemptByHash: sqlite.prepare<AttemptRow, [string]>("select * from payout_attempts where tx_hash = ?"),
    payoutById: sqlite.prepare<PayoutRow, [number]>("select * from payouts where id = ?"),
    payoutOfRequest: sqlite.prepare<PayoutRow, [number]>("select * from payouts where faucet_request_id = ?"),
    request: sqlite.prepare<{ id: number; address: string; destination_tag: number | null; amount_drops: number }, [number]>(
      "select id, address, destination_tag, amount_drops from faucet_requests where id = ?",
    ),
    user: sqlite.prepare<{ id: number }, [number]>("select id from users where id = ?"),
    openUserPayment: sqlite.prepare<PayoutRow, [number]>(
      "select * from payouts where user_id = ? and kind = 'USER_PAYMENT' and status in ('queued', 'sequence_assigned', 'in_flight', 'needs_attention')",
    ),
    insertPayout: sqlite.prepare<unknown, [string, number | null, number | null, string, number | null, number, number]>(
      `insert into payouts (kind, faucet_request_id, user_id, destination, destination_tag, amount_drops, status, created_at, updated_at)
       values (?1, ?2, ?3, ?4, ?5, ?6, 'queued', ?7, ?7)`,
    ),
    attachRewards: sqlite.prepare<unknown, [number, number]>("update rewards set payout_id = ? where user_id = ? and status = 'APPROVED' and payout_id is null"),
    list: sqlite.prepare<unknown, [string, string, string, string, string | null, number | null, number, number, string | null, number]>(
      `insert into wallet_ledger_payments (tx_hash, origin, transaction_type, result, destination, amount_drops, sequence, ledger_index, payout_key, found_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (tx_hash) do nothing`,
    ),
  };
  const installationId = q.installation.get()!.installation_id;

  // A payout row for a payment found on the ledger (settled by the caller).
  const insertPayout = (...values: [string, number | null, number | null, string, number | null, number, number]) =>
    q.payoutById.get(Number(q.insertPayout.run(...values).lastInsertRowid))!;

  function list(t: WalletTx, origin: "outside" | "unknown_payout", key: string | null): boolean {
    const amount = t.type === "Payment" ? (t.deliveredDrops ?? (/^\d+$/.test(String(t.tx.Amount ?? t.tx.DeliverMax)) ? Number(t.tx.Amount ?? t.tx.DeliverMax) : null)) : null;
    return q.list.run(t.hash, origin, t.type, t.result, t.destination, amount, t.sequence, t.ledgerIndex, key, now()).changes > 0;
  }

  // A payout the database knows, paid by `t` on the ledger: settled as the engine settles its own
  // (an attempt of its own), else recorded as found on the ledger. Nothing for one already paid.
  function settleKnown(payout: PayoutRow, t: WalletTx) {
    if (payout.status === "paid") return;
    const attempt = q.attemptByHash.get(t.hash);
    if (attempt && attempt.payout_id === payout.id && payout.status === "in_flight") settlement().markPaid(payout, attempt, t.ledgerIndex);
    else settlement().markFoundOnLedger(payout, t.hash, t.ledgerIndex);
  }

  // A successful payment of this installation for the payout `key` names.
  function ours(t: WalletTx, key: string): "settled" | "listed" | null {
    const named = parsePayoutKey(key);
    if (!named || t.deliveredDrops === null || t.destination === null) return list(t, "unknown_payout", key) ? "listed" : null;
    if (named.kind === "faucet_request") {
      const payout = q.payoutOfRequest.get(named.requestId);
      if (payout) return settleKnown(payout, t), "settled";
      const request = q.request.get(named.requestId);
      if (!request || request.address !== t.destination) return list(t, "unknown_payout", key) ? "listed" : null;
      const created = insertPayout("FAUCET_REQUEST", request.id, null, t.destination, t.destinationTag, t.deliveredDrops, now());
      settlement().markFoundOnLedger(created, t.hash, t.ledgerIndex);
      return "settled";
    }
    const same = q.payoutById.get(named.payoutId);
    if (same && same.kind === "USER_PAYMENT" && same.user_id === named.userId && same.destination === t.destination) return settleKnown(same, t), "settled";
    if (!q.user.get(named.userId)) return list(t, "unknown_payout", key) ? "listed" : null;
    // The user's payment this database still has open is the one the ledger shows when it has not
    // been signed here and sends the same amount; a different one was never sent: nothing of it went out.
    const open = q.openUserPayment.get(named.userId);
    if (open && open.status === "queued" && open.amount_drops === t.deliveredDrops && open.destination === t.destination) {
      settlement().markFoundOnLedger(open, t.hash, t.ledgerIndex);
      return "settled";
    }
    if (open && open.status === "queued") {
      settlement().markFailed(open, "preflight_refused", `Not sent: a payment of this user made before the database was restored was found on the ledger (${t.hash}); pay again for what is still owed`);
    } else if (open) {
      return list(t, "unknown_payout", key) ? "listed" : null;
    }
    const created = insertPayout("USER_PAYMENT", null, named.userId, t.destination, t.destinationTag, t.deliveredDrops, now());
    q.attachRewards.run(created.id, named.userId);
    settlement().markFoundOnLedger(created, t.hash, t.ledgerIndex);
    return "settled";
  }

  // One transaction of the wallet's history. Returns what it changed.
  function apply(t: WalletTx, summary: ReconcileSummary) {
    if (t.tx.Account !== account) return; // received: nothing of ours
    const key = ownPayoutKey(installationId, t.tx);
    const attempt = key ? null : q.attemptByHash.get(t.hash);
    if (key === null && !attempt) {
      if (list(t, "outside", null)) summary.outside++;
      return;
    }
    if (t.result !== "tesSUCCESS") return; // nothing delivered: the engine settles its in-flight attempts itself
    if (attempt) {
      // signed by this database before its payments carried their names
      const payout = q.payoutById.get(attempt.payout_id);
      if (payout) settleKnown(payout, t);
      return;
    }
    if (ours(t, key!) === "settled") summary.found++;
  }

  return {
    installationId,
    // The last validated ledger read up to (null: never read).
    cursor: () => q.installation.get()?.reconciled_ledger ?? null,

    // Reads the wallet's history from the cursor up to the server's validated ledger (at least
    // `validatedIndex`) and applies it, a page per database transaction; the cursor moves once all
    // is read. `readFrom`: the first ledger to read when the operator accepted that the server lacks
    // the ones before.
    async run(validatedIndex: number, readFrom: number | null = null): Promise<ReconcileSummary | null> {
      const cursor = q.installation.get()!.reconciled_ledger;
      if (cursor === null) {
        // a new installation (or one from before reconciliation): nothing of its own precedes this ledger
        q.setCursor.run(validatedIndex);
        return null;
      }
      const from = Math.max(cursor + 1, readFrom ?? 0);
      if (from > validatedIndex) {
        if (readFrom !== null) q.setCursor.run(validatedIndex);
        return null;
      }
      const summary: ReconcileSummary = { fromLedger: from, toLedger: validatedIndex, read: 0, found: 0, outside: 0 };
      let marker: unknown;
      do {
        let page: AccountTxAnswer;
        try {
          // (up to the server's own validated ledger: one behind the one asked before would refuse a higher max)
          const range = marker === undefined ? { ledger_index_min: from, ledger_index_max: -1 } : { ledger_index_min: from, ledger_index_max: summary.toLedger, marker };
          page = await ledger.request<AccountTxAnswer>({ command: "account_tx", account, ...range, forward: true, limit: PAGE });
        } catch (error) {
          // (below the server's complete ledgers; a server behind the one asked before answers
          // invalidLgrRange, an error like any other: the next tick asks again)
          if (rippledError(error)?.error === "lgrIdxMalformed") throw new HistoryGap(from, await oldestHeld());
          throw error;
        }
        // an API v1 server narrows the range to what it holds instead of refusing
        if (page.ledger_index_min > from) throw new HistoryGap(from, page.ledger_index_min);
        if (marker === undefined) summary.toLedger = page.ledger_index_max;
        const txs = page.transactions.map(walletTx);
        // A few milliseconds' worth per database transaction, then as long again for the requests
        // being answered meanwhile: a long history (a restore) never holds the event loop for long.
        for (let i = 0; i < txs.length; ) {
          const started = performance.now();
          immediate({ sqlite }, () => {
            while (i < txs.length && performance.now() - started < SLICE_MS) apply(txs[i++]!, summary);
          });
          await Bun.sleep(Math.max(1, performance.now() - started));
        }
        summary.read += txs.length;
        marker = page.marker;
      } while (marker !== undefined);
      q.setCursor.run(summary.toLedger);
      if (summary.outside > 0) onOutside?.();
      return summary;
    },
  };

  // The oldest ledger of the server's newest complete run (server_info's complete_ledgers).
  async function oldestHeld(): Promise<number | null> {
    try {
      const info = await ledger.request<{ info: { complete_ledgers?: string } }>({ command: "server_info" });
      const last = String(info.info.complete_ledgers ?? "").split(",").at(-1) ?? "";
      const first = Number(last.split("-")[0]);
      return Number.isInteger(first) && first > 0 ? first : null;
    } catch {
      return null;
    }
  }
}
export type Reconciler = ReturnType<typeof createReconciler>;
