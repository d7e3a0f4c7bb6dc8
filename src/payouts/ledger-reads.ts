// What the payout engine asks the ledger: a transaction's fate, the hot wallet's Sequence and
// balance, and whether a destination can receive a payment (the preflight). Reads only: nothing
// here signs or writes.
import { formatXrp } from "../shared/money.ts";
import {
  type AccountInfoAnswer,
  type LedgerConnection,
  type LedgerFacts,
  rippledError,
  type TxAnswer,
} from "./ledger.ts";
import type { PayoutRow } from "./rows.ts";

const FLAG_REQUIRE_DEST_TAG = 0x00020000;
const FLAG_DISALLOW_XRP = 0x00080000;
const FLAG_DEPOSIT_AUTH = 0x01000000;
const FEE_MARGIN = 1.2;

export type TxLookup =
  | { kind: "validated"; result: string; delivered: string | null; ledgerIndex: number }
  | { kind: "pending" }
  | { kind: "missing"; searchedAll: boolean };

// The fee the engine signs with: the ledger's base fee at its load, with a margin.
export const feeFor = (facts: LedgerFacts): number => Math.ceil(facts.baseFeeDrops * facts.loadFactor * FEE_MARGIN);

export function createLedgerReads(ledger: LedgerConnection, account: string, maxPayoutDrops: number) {
  return {
    // A transaction between min and max ledger: validated (with its result), pending, or missing
    // (and whether the server searched every ledger of the range, which proves it absent).
    async lookupTx(hash: string, minLedger: number, maxLedger: number): Promise<TxLookup> {
      try {
        const r = await ledger.request<TxAnswer>({
          command: "tx",
          transaction: hash,
          min_ledger: minLedger,
          max_ledger: maxLedger,
        });
        if (!r.validated) return { kind: "pending" };
        const meta = r.meta ?? {};
        const delivered = meta.delivered_amount ?? meta.DeliveredAmount ?? null;
        return {
          kind: "validated",
          result: String(meta.TransactionResult),
          delivered: delivered === null ? null : String(delivered),
          ledgerIndex: Number(r.ledger_index),
        };
      } catch (error) {
        const data = rippledError(error);
        if (data?.error === "txnNotFound") {
          const searchedAll = data.searched_all ?? data.result?.searched_all ?? data.data?.searched_all;
          return { kind: "missing", searchedAll: searchedAll === true };
        }
        throw error;
      }
    },

    // The hot wallet as the last validated ledger has it (or the open ledger, "current").
    async accountSequence(
      ledgerIndex: "validated" | "current" = "validated",
    ): Promise<{ sequence: number; balance: number; ownerCount: number }> {
      const r = await ledger.request<AccountInfoAnswer>({
        command: "account_info",
        account,
        ledger_index: ledgerIndex,
      });
      return {
        sequence: Number(r.account_data.Sequence),
        balance: Number(r.account_data.Balance),
        ownerCount: Number(r.account_data.OwnerCount ?? 0),
      };
    },

    // Why the destination cannot receive this payment, or null: refused here, before a Sequence is
    // spent, what the ledger would refuse with a fee burnt.
    async preflight(payout: PayoutRow, facts: LedgerFacts): Promise<string | null> {
      if (!(payout.amount_drops > 0)) return "The amount must be above zero";
      if (payout.amount_drops > maxPayoutDrops)
        return `The amount is above the ${formatXrp(maxPayoutDrops)} XRP a single payout may send (--max-payout)`;
      if (payout.destination === account) return "The destination is the faucet's own wallet";
      let flags = 0;
      try {
        const r = await ledger.request<AccountInfoAnswer>({
          command: "account_info",
          account: payout.destination,
          ledger_index: "validated",
        });
        flags = Number(r.account_data.Flags ?? 0);
      } catch (error) {
        if (rippledError(error)?.error !== "actNotFound") throw error;
        if (payout.amount_drops < facts.reserveBaseDrops) {
          return `The destination account does not exist yet, and creating it takes at least ${formatXrp(facts.reserveBaseDrops)} XRP (the reserve)`;
        }
        return null;
      }
      if (flags & FLAG_REQUIRE_DEST_TAG && payout.destination_tag === null)
        return "The destination requires a destination tag; ask for the address with its tag (an X-address)";
      if (flags & FLAG_DEPOSIT_AUTH)
        return "The destination only accepts payments from accounts it has authorized (DepositAuth)";
      if (flags & FLAG_DISALLOW_XRP) return "The destination has asked not to receive XRP (DisallowXRP)";
      return null;
    },
  };
}
