// The wallet's history as the ledger server gives it (account_tx), read by the reconciliation
// (reconcile.ts): one transaction of the wallet in the faucet's words, a validated ledger's hash,
// the oldest ledger the server holds, and why it cannot give the history asked for.
import { type LedgerConnection, rippledError } from "./ledger.ts";

// The server cannot give the wallet's history from `from`: its validated history starts at `serverFrom`.
export class HistoryGap extends Error {
  constructor(
    readonly from: number,
    readonly serverFrom: number | null,
  ) {
    super(
      `the XRPL server does not hold the ledgers from ${from}${serverFrom ? ` (its history starts at ledger ${serverFrom})` : ""}`,
    );
  }
}

// The server's ledger at the cursor is not the one the faucet read up to (another hash).
export class OtherLedger extends Error {
  constructor(readonly ledgerIndex: number) {
    super(
      `the XRPL server's ledger ${ledgerIndex} is not the one this faucet read the wallet's history up to (its hash differs)`,
    );
  }
}

export interface AccountTxEntry {
  tx_json?: Record<string, any>;
  tx?: Record<string, any>;
  meta?: { TransactionResult?: string; delivered_amount?: unknown } | string;
  hash?: string;
  ledger_index?: number;
  close_time_iso?: string;
}
export interface AccountTxAnswer {
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
  // when its ledger closed (ms)
  closedAt: number;
  tx: Record<string, any>;
}

// Seconds from 1970 to the XRP Ledger's epoch (2000-01-01).
const RIPPLE_EPOCH_S = 946_684_800;

export function walletTx(entry: AccountTxEntry): WalletTx {
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
    closedAt: entry.close_time_iso
      ? Date.parse(entry.close_time_iso)
      : typeof tx.date === "number"
        ? (tx.date + RIPPLE_EPOCH_S) * 1000
        : Date.now(),
    tx,
  };
}

// A validated ledger's hash, or null when the server does not hold it.
export async function ledgerHash(ledger: LedgerConnection, index: number): Promise<string | null> {
  try {
    const r = await ledger.request<{ ledger_hash?: string; ledger?: { ledger_hash?: string; hash?: string } }>({
      command: "ledger",
      ledger_index: index,
    });
    const hash = r.ledger_hash ?? r.ledger?.ledger_hash ?? r.ledger?.hash;
    return typeof hash === "string" ? hash.toUpperCase() : null;
  } catch (error) {
    if (rippledError(error)?.error === "lgrNotFound") return null;
    throw error;
  }
}

// The oldest ledger of the server's newest complete run (server_info's complete_ledgers).
export async function oldestHeld(ledger: LedgerConnection): Promise<number | null> {
  try {
    const info = await ledger.request<{ info: { complete_ledgers?: string } }>({ command: "server_info" });
    const last =
      String(info.info.complete_ledgers ?? "")
        .split(",")
        .at(-1) ?? "";
    const first = Number(last.split("-")[0]);
    return Number.isInteger(first) && first > 0 ? first : null;
  } catch {
    return null;
  }
}
