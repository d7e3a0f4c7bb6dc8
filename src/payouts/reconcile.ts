// Reconciliation: the engine reads its hot wallet's history on the ledger (account_tx, forward from
// the last validated ledger it read up to, page by page) and makes the database agree with it before
// it signs anything new. A payment of the faucet (identity.ts) is matched to a payout by its random
// name and checked against the payout's address, tag and amount; one for a payout the database
// lacks settles the open request or user payment it pays, or is recorded and listed for the admin
// (wallet_ledger_payments), as is anything the wallet sent outside the faucet and anything another
// server signed since this one started. So a restored, copied or new database never pays anyone a
// second time.
import type { Database } from "bun:sqlite";
import { plainXrp } from "../shared/money.ts";
import { immediate } from "../db/transaction.ts";
import { type FaucetMark, faucetMarkOf } from "./identity.ts";
import { type LedgerConnection, rippledError } from "./ledger.ts";
import { createReconcileStore } from "./reconcile-store.ts";
import type { PayoutRow } from "./rows.ts";
import type { Settlement } from "./settle.ts";
import {
  type AccountTxAnswer,
  HistoryGap,
  ledgerHash,
  OtherLedger,
  oldestHeld,
  type WalletTx,
  walletTx,
} from "./wallet-history.ts";

// Transactions asked for per page (rippled's most for a non-admin client).
const PAGE = 400;
// The longest the reconciliation holds the event loop at once (then it lets as much time pass).
const SLICE_MS = 10;

// What a new database read back from a used wallet's history (installation.rebuilt).
export interface Rebuilt {
  at: number;
  fromLedger: number;
  toLedger: number;
  faucetPayments: number;
  userPayments: number;
  outside: number;
}

export interface ReconcileSummary {
  fromLedger: number;
  toLedger: number;
  read: number;
  // payments of this faucet the database lacked or still thought open, recorded as paid or listed
  found: number;
  // of those, for faucet requests and for users
  faucetFound: number;
  userFound: number;
  outside: number;
  // payments of this faucet found on the ledger that name a payout differently than this database has it
  mismatched: number;
  // transactions of the faucet that another server signed after this process started
  anotherServer: WalletTx[];
  // the database had never read the wallet's history: it was read from the oldest ledger the server holds
  fresh: boolean;
}

// What the engine tells a run: the ledger this process started at (a payment of the faucet it did
// not sign, validated after it, was signed by another server paying from the wallet now) and its
// instance id (the transactions it signs name it).
export interface RunContext {
  readFrom?: number | null;
  startLedger: number;
  instanceId: string;
}

type Origin = "outside" | "unknown_payout" | "mismatch" | "another_server";

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
  const store = createReconcileStore(sqlite);
  const installationId = store.installation().installation_id;

  function list(t: WalletTx, origin: Origin, key: string | null): boolean {
    const amount =
      t.type === "Payment"
        ? (t.deliveredDrops ??
          (/^\d+$/.test(String(t.tx.Amount ?? t.tx.DeliverMax)) ? Number(t.tx.Amount ?? t.tx.DeliverMax) : null))
        : null;
    return store.list({
      txHash: t.hash,
      origin,
      type: t.type,
      result: t.result,
      destination: t.destination,
      amountDrops: amount,
      sequence: t.sequence,
      ledgerIndex: t.ledgerIndex,
      payoutKey: key,
      at: now(),
    });
  }

  // A payout the database knows, paid by `t` on the ledger: settled as the engine settles its own
  // (an attempt of its own), else recorded as found on the ledger. False when it was already paid.
  function settleKnown(payout: PayoutRow, t: WalletTx): boolean {
    if (payout.status === "paid") return false;
    const attempt = store.attemptByHash(t.hash);
    if (attempt && attempt.payout_id === payout.id && payout.status === "in_flight")
      return settlement().markPaid(payout, attempt, t.ledgerIndex);
    return settlement().markFoundOnLedger(payout, t.hash, t.ledgerIndex);
  }

  // where a payment found on the ledger went, as a payout written for it names it
  const payment = (t: WalletTx) => ({
    destination: t.destination!,
    destinationTag: t.destinationTag,
    amountDrops: t.deliveredDrops!,
  });

  const samePayment = (payout: PayoutRow, t: WalletTx) =>
    payout.destination === t.destination &&
    payout.destination_tag === t.destinationTag &&
    payout.amount_drops === t.deliveredDrops;

  // A faucet payment this database has no payout of: the open request it pays (same address, tag and
  // amount), else a request recorded as paid, found on the ledger, so its address meets the
  // one-claim-a-day limit again.
  function faucetPaymentFound(t: WalletTx, key: string | null): boolean {
    const paid = (faucetRequestId: number) =>
      store.insertPayout({ ...payment(t), kind: "FAUCET_REQUEST", faucetRequestId, userId: null, at: now() });
    const open = store.openRequest(t.destination!, t.destinationTag, t.deliveredDrops!);
    if (open) {
      const payout = store.payoutOfRequest(open.id) ?? paid(open.id);
      return settlement().markFoundOnLedger(payout, t.hash, t.ledgerIndex);
    }
    const requestId = settlement().recordFaucetPayment({
      address: t.destination!,
      destinationTag: t.destinationTag,
      amountDrops: t.deliveredDrops!,
      txHash: t.hash,
      at: t.closedAt,
    });
    settlement().markFoundOnLedger(paid(requestId), t.hash, t.ledgerIndex);
    list(t, "unknown_payout", key);
    return true;
  }

  // A user payment this database has no payout of: the queued payment it is (same address, tag and
  // amount), or the one user this address pays who is owed exactly that much; else listed. A queued
  // payment of another amount to the address is refused: an admin checks what is still owed.
  function userPaymentFound(t: WalletTx, key: string | null): boolean {
    const queued = store.queuedUserPayment(t.destination!);
    if (queued && samePayment(queued, t)) return settlement().markFoundOnLedger(queued, t.hash, t.ledgerIndex);
    const users = store.usersPaidTo(t.destination!);
    const owner = users.length === 1 && !queued ? users[0]! : null;
    if (owner && !owner.open && owner.owed === t.deliveredDrops && owner.destination_tag === t.destinationTag) {
      const payout = store.insertPayout({
        ...payment(t),
        kind: "USER_PAYMENT",
        faucetRequestId: null,
        userId: owner.id,
        at: now(),
      });
      store.attachRewards(payout.id, owner.id);
      return settlement().markFoundOnLedger(payout, t.hash, t.ledgerIndex);
    }
    if (queued) {
      settlement().markFailed(
        queued,
        "preflight_refused",
        `Not sent: a payment of ${plainXrp(t.deliveredDrops!)} XRP to this address that this database had not recorded was found on the ledger (${t.hash}); check what is still owed and pay again`,
      );
    }
    return list(t, "unknown_payout", key);
  }

  // A successful payment of the faucet that is not one of this database's attempts.
  function paymentFound(t: WalletTx, mark: FaucetMark): boolean | "mismatch" {
    const name = mark.name!;
    if (name.ref !== null && mark.thisInstallation) {
      const payout = store.payoutByRef(name.ref);
      if (payout) {
        const kind = payout.kind === "FAUCET_REQUEST" ? "faucet" : "user";
        if (kind === name.kind && samePayment(payout, t)) return settleKnown(payout, t);
        // the ledger's payment is not what this payout pays: never taken for it
        list(t, "mismatch", mark.key);
        return "mismatch";
      }
    }
    return name.kind === "faucet" ? faucetPaymentFound(t, mark.key) : userPaymentFound(t, mark.key);
  }

  // One transaction of the wallet's history.
  function apply(t: WalletTx, summary: ReconcileSummary, context: RunContext) {
    if (t.tx.Account !== account) return; // received: nothing of ours
    const attempt = store.attemptByHash(t.hash);
    if (attempt) {
      // signed by this database: settled as its own
      const payout = store.payoutById(attempt.payout_id);
      if (payout && t.result === "tesSUCCESS" && settleKnown(payout, t)) summary.found++;
      return;
    }
    const mark = faucetMarkOf(installationId, t.tx);
    if (mark === null) {
      if (list(t, "outside", null)) summary.outside++;
      return;
    }
    if (mark.instance === context.instanceId) return; // this process's own word to another server
    if (t.ledgerIndex > context.startLedger) {
      summary.anotherServer.push(t);
      list(t, "another_server", mark.key);
    }
    if (
      t.result !== "tesSUCCESS" ||
      t.type !== "Payment" ||
      mark.name === null ||
      t.deliveredDrops === null ||
      t.destination === null
    )
      return;
    const found = paymentFound(t, mark);
    if (found === "mismatch") summary.mismatched++;
    else if (found) {
      summary.found++;
      if (mark.name.kind === "faucet") summary.faucetFound++;
      else summary.userFound++;
    }
  }

  return {
    installationId,
    // The last validated ledger read up to (null: never read).
    cursor: () => store.installation().reconciled_ledger,

    // Reads the wallet's history from the cursor up to the server's validated ledger (at least
    // `validatedIndex`) and applies it, a page per database transaction; the cursor moves once all
    // is read. `readFrom`: the first ledger to read when the operator accepted that the server lacks
    // the ones before. A database that never read it (a new one, maybe on a used wallet) reads all
    // the server holds, and what it rebuilt from there is kept for the wallet screen.
    async run(validatedIndex: number, context: RunContext): Promise<ReconcileSummary | null> {
      const readFrom = context.readFrom ?? null;
      const { reconciled_ledger: cursor, reconciled_hash: cursorHash } = store.installation();
      const fresh = cursor === null;
      const from = fresh ? -1 : Math.max(cursor + 1, readFrom ?? 0);
      if (!fresh && from > validatedIndex) {
        if (readFrom !== null) store.setCursor(validatedIndex, await ledgerHash(ledger, validatedIndex));
        return null;
      }
      // the ledger read up to is still the server's (a server that no longer holds it cannot say)
      if (!fresh && cursorHash !== null) {
        const held = await ledgerHash(ledger, cursor);
        if (held !== null && held !== cursorHash) throw new OtherLedger(cursor);
      }
      const summary: ReconcileSummary = {
        fromLedger: from,
        toLedger: validatedIndex,
        read: 0,
        found: 0,
        faucetFound: 0,
        userFound: 0,
        outside: 0,
        mismatched: 0,
        anotherServer: [],
        fresh,
      };
      let sent = 0;
      let marker: unknown;
      do {
        let page: AccountTxAnswer;
        try {
          // (up to the server's own validated ledger: one behind the one asked before would refuse a higher max)
          const range =
            marker === undefined
              ? { ledger_index_min: from, ledger_index_max: -1 }
              : { ledger_index_min: from, ledger_index_max: summary.toLedger, marker };
          page = await ledger.request<AccountTxAnswer>({
            command: "account_tx",
            account,
            ...range,
            forward: true,
            limit: PAGE,
          });
        } catch (error) {
          // a wallet the ledger does not know yet has no history
          if (fresh && rippledError(error)?.error === "actNotFound") break;
          // (below the server's complete ledgers; a server behind the one asked before answers
          // invalidLgrRange, an error like any other: the next tick asks again)
          if (rippledError(error)?.error === "lgrIdxMalformed") throw new HistoryGap(from, await oldestHeld(ledger));
          throw error;
        }
        // an API v1 server narrows the range to what it holds instead of refusing
        if (!fresh && page.ledger_index_min > from) throw new HistoryGap(from, page.ledger_index_min);
        if (marker === undefined) {
          summary.toLedger = page.ledger_index_max;
          if (fresh) summary.fromLedger = page.ledger_index_min;
        }
        const txs = page.transactions.map(walletTx);
        sent += txs.filter((t) => t.tx.Account === account).length;
        // A few milliseconds' worth per database transaction, then as long again for the requests
        // being answered meanwhile: a long history (a restore) never holds the event loop for long.
        for (let i = 0; i < txs.length; ) {
          const started = performance.now();
          immediate({ sqlite }, () => {
            while (i < txs.length && performance.now() - started < SLICE_MS) apply(txs[i++]!, summary, context);
          });
          await Bun.sleep(Math.max(1, performance.now() - started));
        }
        summary.read += txs.length;
        marker = page.marker;
      } while (marker !== undefined);
      store.setCursor(summary.toLedger, await ledgerHash(ledger, summary.toLedger));
      if (fresh && sent > 0) {
        const rebuilt: Rebuilt = {
          at: now(),
          fromLedger: summary.fromLedger,
          toLedger: summary.toLedger,
          faucetPayments: summary.faucetFound,
          userPayments: summary.userFound,
          outside: summary.outside,
        };
        store.setRebuilt(JSON.stringify(rebuilt));
      }
      if (summary.outside > 0) onOutside?.();
      return summary;
    },
  };
}
export type Reconciler = ReturnType<typeof createReconciler>;
