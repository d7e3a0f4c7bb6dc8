// submit, tx, account_tx.
import { ledgerTxJson, metaJson, recordCtid, txBlob, txFields, validatedTx } from "../format.ts";
import { resultCode, resultMessage } from "../protocol.ts";
import { apiVersion, type Handler, lookupLedger, requireAccountParam, RpcError } from "../rpc.ts";
import { publishProposed } from "./subscriptions.ts";

// rippled's Submit.cpp: the provisional result, what the server did with the transaction, and the
// account's sequence state after it.
export const submit: Handler = (ctx, params, ws) => {
  const { ledger, faults } = ctx;
  if (faults.dropBefore > 0) {
    faults.dropBefore--;
    ws.close(1011, "dropped before apply");
    return "no-reply";
  }
  if (typeof params.tx_blob !== "string") throw new RpcError("invalidParams", "Missing field 'tx_blob'.");
  const blob = params.tx_blob;
  const swallowed = faults.swallow > 0;
  if (swallowed) faults.swallow--;
  const outcome = ledger.submit(blob, faults.queueLimit);
  if (outcome.result === "invalidTransaction") {
    throw new RpcError("invalidTransaction", `fails local checks: ${outcome.error}`, { error_exception: `fails local checks: ${outcome.error}` });
  }
  let result = outcome.result;
  if (swallowed && outcome.queued && outcome.hash) {
    ledger.pending = ledger.pending.filter((p) => p.hash !== outcome.hash);
    result = "tesSUCCESS";
  } else if (outcome.queued && (result.startsWith("tes") || result.startsWith("tec"))) {
    publishProposed(ctx, outcome.hash!, outcome.tx!, result);
  }
  if (faults.lying > 0 && outcome.queued) {
    faults.lying--;
    result = "telINSUF_FEE_P";
  }
  if (faults.dropAfter > 0) {
    faults.dropAfter--;
    ws.close(1011, "dropped after apply");
    return "no-reply";
  }
  if (faults.submitNoReply > 0) {
    faults.submitNoReply--;
    return "no-reply";
  }
  const applied = outcome.queued && (result.startsWith("tes") || result.startsWith("tec"));
  const held = outcome.queued && !applied;
  const reply: Record<string, unknown> = {
    engine_result: result,
    engine_result_code: resultCode(result),
    engine_result_message: resultMessage(result),
    tx_blob: blob,
    tx_json: { ...(outcome.tx ?? {}), hash: outcome.hash },
    accepted: applied || held,
    applied,
    broadcast: applied,
    queued: false,
    kept: applied || held,
  };
  const account = outcome.tx ? ledger.accounts.get(String(outcome.tx.Account)) : undefined;
  if (account) {
    const next = ledger.currentSequence(account.address)!;
    reply.account_sequence_next = next;
    reply.account_sequence_available = next;
    reply.open_ledger_cost = ledger.requiredFee().toString();
    reply.validated_ledger_index = ledger.validatedIndex;
  }
  return reply;
};

// rippled's Tx.cpp: a validated transaction with its metadata, or one still in the open ledger.
export const tx: Handler = (ctx, params) => {
  const { ledger, faults } = ctx;
  const version = apiVersion(params);
  const binary = params.binary === true;
  const hash = String(params.transaction ?? "").toUpperCase();
  const hasRange = params.min_ledger !== undefined && params.max_ledger !== undefined;
  const min = Number(params.min_ledger);
  const max = Number(params.max_ledger);
  let record = ledger.txs.get(hash);
  if (!record && params.ctid !== undefined) record = [...ledger.txs.values()].find((r) => recordCtid(ctx, r) === String(params.ctid).toUpperCase());
  const lying = record && faults.lieNotFound > 0;
  if (lying) faults.lieNotFound--;
  if (record && !lying && !ctx.inGap(record.ledgerIndex)) return validatedTx(ctx, record, version, binary);
  const pending = ledger.pending.find((p) => p.hash === hash);
  if (pending && !lying) {
    if (version > 1) return binary ? { tx_blob: txBlob(pending), hash, validated: false } : { tx_json: txFields(pending.tx, 2), hash, validated: false };
    return binary ? { tx: txBlob(pending), hash, validated: false } : { ...txFields(pending.tx, 1), hash, validated: false };
  }
  const extra: Record<string, unknown> = {};
  if (hasRange) {
    const holdsAll =
      min <= max &&
      min >= ledger.firstIndex &&
      max <= ledger.validatedIndex &&
      ledger.validatedIndex >= faults.incompleteUntil &&
      !faults.gaps.some(([from, to]) => from <= max && to >= min);
    extra.searched_all = lying ? true : holdsAll;
  }
  throw new RpcError("txnNotFound", "Transaction not found.", extra);
};

// rippled's AccountTx.cpp: the validated transactions that affected the account, newest first
// unless forward; a marker pages on.
export const accountTx: Handler = (ctx, params) => {
  const { ledger } = ctx;
  const version = apiVersion(params);
  const address = requireAccountParam(params);
  let lo = ledger.firstIndex;
  let hi = ledger.validatedIndex;
  if (params.ledger_index !== undefined || params.ledger_hash !== undefined) {
    const ref = lookupLedger(ctx, params, "validated");
    lo = hi = Math.min(ref.index, ledger.validatedIndex);
  } else {
    const min = Number(params.ledger_index_min ?? -1);
    const max = Number(params.ledger_index_max ?? -1);
    if (min !== -1) lo = Math.max(lo, min);
    if (max !== -1) hi = Math.min(hi, max);
  }
  const forward = params.forward === true;
  const involves = (r: { tx: Record<string, any>; affectedNodes?: Record<string, any>[] }) =>
    r.tx.Account === address || r.tx.Destination === address;
  let list = [...ledger.txs.values()]
    .filter((r) => r.ledgerIndex >= lo && r.ledgerIndex <= hi && !ctx.inGap(r.ledgerIndex) && involves(r))
    .sort((a, b) => a.ledgerIndex - b.ledgerIndex || a.transactionIndex - b.transactionIndex);
  if (!forward) list.reverse();
  if (params.marker && typeof params.marker === "object") {
    const { ledger: mLedger, seq } = params.marker as { ledger: number; seq: number };
    const at = list.findIndex((r) => r.ledgerIndex === Number(mLedger) && r.transactionIndex === Number(seq));
    if (at >= 0) list = list.slice(at);
  }
  const limit = params.limit === undefined ? 200 : Math.max(1, Math.min(400, Number(params.limit)));
  const page = list.slice(0, limit);
  const binary = params.binary === true;
  const transactions = page.map((r) => {
    if (version > 1) return validatedTx(ctx, r, 2, binary);
    if (binary) return { tx_blob: txBlob(r), meta: validatedTx(ctx, r, 1, true).meta, ledger_index: r.ledgerIndex, validated: true };
    return { tx: ledgerTxJson(ctx, r, 1), meta: metaJson(r), validated: true };
  });
  const result: Record<string, unknown> = { account: address, ledger_index_min: lo, ledger_index_max: hi, transactions, validated: true };
  if (params.limit !== undefined) result.limit = limit;
  const next = list[limit];
  if (next) result.marker = { ledger: next.ledgerIndex, seq: next.transactionIndex };
  return result;
};
