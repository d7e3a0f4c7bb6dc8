// How rippled shows a transaction and its metadata, per API version (tx, account_tx, ledger,
// the transaction streams all share it).
import { encode } from "ripple-binary-codec";
import type { TxRecord } from "./ledger.ts";
import { ctid, isoTime } from "./protocol.ts";
import type { SimContext } from "./rpc.ts";

// STTx::getJson plus RPC::insertDeliverMax: API v2 shows a Payment's Amount as DeliverMax only,
// v1 shows both.
export function txFields(tx: Record<string, any>, apiVersion: number): Record<string, unknown> {
  const out: Record<string, unknown> = { ...tx };
  if (tx.TransactionType === "Payment" && tx.Amount !== undefined) {
    out.DeliverMax = tx.Amount;
    if (apiVersion > 1) delete out.Amount;
  }
  return out;
}

// The metadata rippled stores, plus the delivered_amount RPC adds to a successful Payment.
export function metaJson(record: TxRecord): Record<string, unknown> {
  const meta: Record<string, unknown> = {
    AffectedNodes: record.affectedNodes ?? [],
    TransactionIndex: record.transactionIndex,
    TransactionResult: record.result,
  };
  if (record.tx.TransactionType === "Payment" && record.result === "tesSUCCESS" && record.delivered !== null)
    meta.delivered_amount = record.delivered.toString();
  return meta;
}

export function metaBlob(record: TxRecord): string {
  const { delivered_amount: _delivered, ...meta } = metaJson(record);
  return encode(meta as never);
}

export function txBlob(record: { tx: Record<string, any> }): string {
  return encode(record.tx as never);
}

export const recordCtid = (ctx: SimContext, record: TxRecord) =>
  ctid(record.ledgerIndex, record.transactionIndex, ctx.options.networkId);

// Transaction::getJson(include_date): the transaction in a ledger, with ledger_index, date and ctid
// (and, before API v2, hash and inLedger).
export function ledgerTxJson(ctx: SimContext, record: TxRecord, apiVersion: number): Record<string, unknown> {
  const out = txFields(record.tx, apiVersion);
  if (apiVersion === 1) {
    out.hash = record.hash;
    out.inLedger = record.ledgerIndex;
  }
  out.ledger_index = record.ledgerIndex;
  out.date = record.closeTime;
  const id = recordCtid(ctx, record);
  if (id) out.ctid = id;
  return out;
}

// One validated transaction as tx / account_tx / ledger (expanded) show it.
export function validatedTx(
  ctx: SimContext,
  record: TxRecord,
  apiVersion: number,
  binary = false,
): Record<string, unknown> {
  const header = ctx.ledger.ledgerHashes.get(record.ledgerIndex);
  if (apiVersion > 1) {
    const out: Record<string, unknown> = binary
      ? { tx_blob: txBlob(record), meta_blob: metaBlob(record) }
      : { tx_json: ledgerTxJson(ctx, record, 2), meta: metaJson(record) };
    out.hash = record.hash;
    if (header) out.ledger_hash = header.hash;
    out.ledger_index = record.ledgerIndex;
    out.close_time_iso = isoTime(record.closeTime);
    out.validated = true;
    const id = recordCtid(ctx, record);
    if (id) out.ctid = id;
    return out;
  }
  if (binary)
    return {
      tx: txBlob(record),
      meta: metaBlob(record),
      hash: record.hash,
      ledger_index: record.ledgerIndex,
      date: record.closeTime,
      validated: true,
    };
  const out: Record<string, unknown> = { ...ledgerTxJson(ctx, record, 1), meta: metaJson(record), validated: true };
  return out;
}
