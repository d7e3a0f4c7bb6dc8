// What is read from the ledger about one address: the account as the last validated ledger has it
// (account_info, and account_tx forward with limit 1: the transaction that created the account
// names its activator), and where it sent its XRP (its newest account_tx page). Counts its reads.
import { type AccountInfoAnswer, type LedgerConnection, rippledError } from "../../payouts/ledger.ts";
import { FLOWS_PAGE, type SignalRow } from "./model.ts";

// The parts of an account_tx answer (API v2, as xrpl.js asks) read here.
interface AccountTxEntry {
  tx_json?: { TransactionType?: string; Account?: string; Destination?: string };
  meta?: {
    TransactionResult?: string;
    delivered_amount?: unknown;
    AffectedNodes?: { CreatedNode?: { LedgerEntryType?: string; NewFields?: { Account?: string } } }[];
  };
  ledger_index?: number;
  close_time_iso?: string;
}
export interface AccountTxAnswer {
  transactions: AccountTxEntry[];
}

// The transactions an account sent: its Sequence started at the ledger that created it (or at 1, for
// an account created before the DeletableAccounts amendment of 2020), and each one sent took one.
export const sentSince = (sequence: number, createdInLedger: number) =>
  sequence >= createdInLedger ? sequence - createdInLedger : Math.max(0, sequence - 1);

const createdAccount = (entry: AccountTxEntry, address: string) =>
  (entry.meta?.AffectedNodes ?? []).some(
    (n) => n.CreatedNode?.LedgerEntryType === "AccountRoot" && n.CreatedNode.NewFields?.Account === address,
  );

// The XRP an address sent, by destination (and the first time), in one account_tx page: its
// validated Payments, those to the faucet itself left out.
export function paymentsOut(page: AccountTxAnswer, address: string, own: string | null, now: number) {
  const sent = new Map<string, { drops: number; at: number }>();
  for (const entry of page.transactions) {
    const tx = entry.tx_json;
    const delivered = entry.meta?.delivered_amount;
    if (tx?.TransactionType !== "Payment" || tx.Account !== address || !tx.Destination || tx.Destination === own)
      continue;
    if (entry.meta?.TransactionResult !== "tesSUCCESS" || typeof delivered !== "string") continue;
    const at = entry.close_time_iso ? Date.parse(entry.close_time_iso) : now;
    const before = sent.get(tx.Destination);
    sent.set(tx.Destination, { drops: (before?.drops ?? 0) + Number(delivered), at: Math.min(before?.at ?? at, at) });
  }
  return sent;
}

export function createLedgerReads() {
  let reads = 0;
  return {
    // One address as the last validated ledger has it.
    async account(connection: LedgerConnection, address: string, now: number): Promise<Omit<SignalRow, "sink">> {
      reads++;
      let info: AccountInfoAnswer;
      try {
        info = await connection.request<AccountInfoAnswer>({
          command: "account_info",
          account: address,
          ledger_index: "validated",
        });
      } catch (error) {
        if (rippledError(error)?.error !== "actNotFound") throw error;
        return {
          address,
          found: false,
          activatedAt: null,
          activatedBy: null,
          balanceDrops: null,
          txCount: null,
          checkedAt: now,
        };
      }
      reads++;
      const first = (
        await connection.request<AccountTxAnswer>({
          command: "account_tx",
          account: address,
          forward: true,
          limit: 1,
          ledger_index_min: -1,
          ledger_index_max: -1,
        })
      ).transactions[0];
      // (a server without the account's whole history may not hold the creating transaction)
      const creating = first && createdAccount(first, address) ? first : null;
      const activatedLedger = creating?.ledger_index ?? null;
      return {
        address,
        found: true,
        activatedAt: creating?.close_time_iso ? Date.parse(creating.close_time_iso) : null,
        activatedBy: creating?.tx_json?.Account ?? null,
        balanceDrops: Number(info.account_data.Balance),
        txCount: activatedLedger === null ? null : sentSince(Number(info.account_data.Sequence), activatedLedger),
        checkedAt: now,
      };
    },

    // The address's newest transactions (FLOWS_PAGE of them): where its XRP went.
    newestPage(connection: LedgerConnection, address: string): Promise<AccountTxAnswer> {
      reads++;
      return connection.request<AccountTxAnswer>({
        command: "account_tx",
        account: address,
        limit: FLOWS_PAGE,
        ledger_index_min: -1,
        ledger_index_max: -1,
      });
    },

    // Ledger reads made so far.
    reads: () => reads,
  };
}
