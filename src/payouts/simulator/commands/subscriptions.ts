// subscribe / unsubscribe, and what rippled's NetworkOPs publishes to subscribers: ledgerClosed
// frames and transaction messages (validated at close, proposed at submit).
import { isValidClassicAddress } from "ripple-address-codec";
import { metaJson, recordCtid, txFields } from "../format.ts";
import type { TxRecord } from "../ledger.ts";
import { isoTime, resultCode, resultMessage } from "../protocol.ts";
import { apiVersion, type Handler, RpcError, type SimContext, type Socket } from "../rpc.ts";

const STREAMS = new Set([
  "ledger",
  "transactions",
  "transactions_proposed",
  "validations",
  "manifests",
  "peer_status",
  "consensus",
  "server",
  "book_changes",
]);

function ledgerFields(ctx: SimContext): Record<string, unknown> {
  const { ledger, options } = ctx;
  const header = ledger.ledgerHashes.get(ledger.validatedIndex)!;
  return {
    fee_base: Number(options.baseFeeDrops),
    ledger_hash: header.hash,
    ledger_index: ledger.validatedIndex,
    ledger_time: header.closeTime,
    network_id: options.networkId,
    reserve_base: Number(options.reserveBaseDrops),
    reserve_inc: Number(options.reserveIncDrops),
    validated_ledgers: ctx.completeLedgers(),
  };
}

function accountsParam(params: Record<string, any>, name: string): string[] {
  const value = params[name];
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length === 0) throw new RpcError("invalidParams", `Invalid field '${name}'.`);
  for (const a of value)
    if (typeof a !== "string" || !isValidClassicAddress(a)) throw new RpcError("actMalformed", "Account malformed.");
  return value;
}

function streamsParam(params: Record<string, any>): string[] {
  const value = params.streams;
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new RpcError("invalidParams", "Invalid field 'streams'.");
  for (const s of value)
    if (typeof s !== "string" || !STREAMS.has(s)) throw new RpcError("malformedStream", "Stream malformed.");
  return value;
}

export const subscribe: Handler = (ctx, params, ws) => {
  const streams = streamsParam(params);
  const accounts = accountsParam(params, "accounts");
  const accountsProposed = accountsParam(params, "accounts_proposed");
  let sub = ctx.subscriptions.get(ws);
  if (!sub) {
    sub = {
      apiVersion: 1,
      ledger: false,
      transactions: false,
      proposed: false,
      accounts: new Set(),
      accountsProposed: new Set(),
    };
    ctx.subscriptions.set(ws, sub);
  }
  sub.apiVersion = apiVersion(params);
  if (streams.includes("ledger")) sub.ledger = true;
  if (streams.includes("transactions")) sub.transactions = true;
  if (streams.includes("transactions_proposed")) sub.proposed = true;
  for (const a of accounts) sub.accounts.add(a);
  for (const a of accountsProposed) sub.accountsProposed.add(a);
  // only the ledger stream answers with something: the last validated ledger
  return streams.includes("ledger") ? ledgerFields(ctx) : {};
};

export const unsubscribe: Handler = (ctx, params, ws) => {
  const streams = streamsParam(params);
  const accounts = accountsParam(params, "accounts");
  const accountsProposed = accountsParam(params, "accounts_proposed");
  const sub = ctx.subscriptions.get(ws);
  if (sub) {
    if (streams.includes("ledger")) sub.ledger = false;
    if (streams.includes("transactions")) sub.transactions = false;
    if (streams.includes("transactions_proposed")) sub.proposed = false;
    for (const a of accounts) sub.accounts.delete(a);
    for (const a of accountsProposed) sub.accountsProposed.delete(a);
  }
  return {};
};

const affects = (tx: Record<string, any>, accounts: Set<string>) =>
  accounts.has(String(tx.Account)) || (tx.Destination !== undefined && accounts.has(String(tx.Destination)));

// NetworkOPs::transJson, finished for one API version.
function transactionMessage(
  base: Record<string, unknown>,
  tx: Record<string, any>,
  hash: string,
  version: number,
  date?: number,
): Record<string, unknown> {
  const fields = txFields(tx, version);
  if (date !== undefined) fields.date = date;
  if (version > 1) return { ...base, tx_json: fields, hash };
  return { ...base, transaction: { ...fields, hash } };
}

function send(ws: Socket, frame: Record<string, unknown>) {
  if (ws.readyState === 1) ws.send(JSON.stringify(frame));
}

export function publishLedgerClosed(ctx: SimContext, index: number, applied: TxRecord[]) {
  const { ledger, options } = ctx;
  const header = ledger.ledgerHashes.get(index)!;
  const frame = {
    type: "ledgerClosed",
    fee_base: Number(options.baseFeeDrops),
    ledger_hash: header.hash,
    ledger_index: index,
    ledger_time: header.closeTime,
    network_id: options.networkId,
    reserve_base: Number(options.reserveBaseDrops),
    reserve_inc: Number(options.reserveIncDrops),
    txn_count: applied.length,
    validated_ledgers: ctx.completeLedgers(),
  };
  for (const [ws, sub] of ctx.subscriptions) if (sub.ledger) send(ws, frame);
  for (const record of applied) {
    const base: Record<string, unknown> = {
      type: "transaction",
      meta: metaJson(record),
      ledger_hash: header.hash,
      ledger_index: index,
      close_time_iso: isoTime(record.closeTime),
      validated: true,
      status: "closed",
      engine_result: record.result,
      engine_result_code: resultCode(record.result),
      engine_result_message: resultMessage(record.result),
    };
    const id = recordCtid(ctx, record);
    if (id) base.ctid = id;
    for (const [ws, sub] of ctx.subscriptions) {
      if (
        sub.transactions ||
        sub.proposed ||
        affects(record.tx, sub.accounts) ||
        affects(record.tx, sub.accountsProposed)
      ) {
        send(ws, transactionMessage(base, record.tx, record.hash, sub.apiVersion, record.closeTime));
      }
    }
  }
}

// A transaction the open ledger took: transactions_proposed and accounts_proposed subscribers see it.
export function publishProposed(ctx: SimContext, hash: string, tx: Record<string, any>, result: string) {
  const base = {
    type: "transaction",
    ledger_current_index: ctx.ledger.openIndex,
    validated: false,
    status: "proposed",
    engine_result: result,
    engine_result_code: resultCode(result),
    engine_result_message: resultMessage(result),
  };
  for (const [ws, sub] of ctx.subscriptions) {
    if (sub.proposed || affects(tx, sub.accountsProposed)) send(ws, transactionMessage(base, tx, hash, sub.apiVersion));
  }
}
