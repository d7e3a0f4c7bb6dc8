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
    throw new RpcError("invalidTransaction", `fails local checks: ${outcome.error}`, {
      error_exception: `fails local checks: ${outcome.error}`,
    });
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
  if (!record && params.ctid !== undefined)
    record = [...ledger.txs.values()].find((r) => recordCtid(ctx, r) === String(params.ctid).toUpperCase());
  const lying = record && faults.lieNotFound > 0;
  if (lying) faults.lieNotFound--;
  if (record && !lying && !ctx.inGap(record.ledgerIndex)) return validatedTx(ctx, record, version, binary);
  const pending = ledger.pending.find((p) => p.hash === hash);
  if (pending && !lying) {
    if (version > 1)
      return binary
        ? { tx_blob: txBlob(pending), hash, validated: false }
        : { tx_json: txFields(pending.tx, 2), hash, validated: false };
    return binary
      ? { tx: txBlob(pending), hash, validated: false }
      : { ...txFields(pending.tx, 1), hash, validated: false };
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
// unless forward; a marker pages on. The range is the server's complete validated ledgers (the
// newest run without a gap): API v2 refuses a ledger_index_min or _max outside it, v1 narrows to it
// (its answer's ledger_index_min says where it started).
const UINT32_MAX = 0xffffffff;
export const accountTx: Handler = (ctx, params) => {
  const { ledger } = ctx;
  const version = apiVersion(params);
  const address = requireAccountParam(params);
  const held = ctx.validatedRange();
  let lo = held.min;
  let hi = held.max;
  if (params.ledger_index !== undefined || params.ledger_hash !== undefined) {
    const ref = lookupLedger(ctx, params, "validated");
    lo = hi = Math.min(ref.index, ledger.validatedIndex);
  } else {
    const asked = (value: unknown, absent: number) =>
      value === undefined || Number(value) < 0 ? absent : Number(value);
    const min = asked(params.ledger_index_min, 0);
    const max = asked(params.ledger_index_max, UINT32_MAX);
    if (version > 1 && ((max > held.max && max !== UINT32_MAX) || (min < held.min && min !== 0)))
      throw new RpcError("lgrIdxMalformed", "Ledger index malformed.");
    lo = Math.max(lo, min);
    hi = Math.min(hi, max);
    if (hi < lo)
      throw version > 1
        ? new RpcError("invalidLgrRange", "Ledger range is invalid.")
        : new RpcError("lgrIdxsInvalid", "Ledger indexes invalid.");
  }
  const forward = params.forward === true;
  const all = ledger.byAccount.get(address) ?? [];
  // [from, to): the account's transactions in lo..hi (the list is in ledger order)
  const firstAt = (index: number) => {
    let a = 0;
    let b = all.length;
    while (a < b) {
      const m = (a + b) >> 1;
      if (all[m]!.ledgerIndex < index) a = m + 1;
      else b = m;
    }
    return a;
  };
  const from = firstAt(lo);
  const to = firstAt(hi + 1);
  const at = (i: number) => all[forward ? from + i : to - 1 - i]!;
  const count = to - from;
  let skip = 0;
  if (params.marker && typeof params.marker === "object") {
    const { ledger: mLedger, seq } = params.marker as { ledger: number; seq: number };
    const key = (r: { ledgerIndex: number; transactionIndex: number }) => r.ledgerIndex * 1e6 + r.transactionIndex;
    const wanted = Number(mLedger) * 1e6 + Number(seq);
    // the first position at or past the marker, in the answer's order
    let a = 0;
    let b = count;
    while (a < b) {
      const m = (a + b) >> 1;
      const before = forward ? key(at(m)) < wanted : key(at(m)) > wanted;
      if (before) a = m + 1;
      else b = m;
    }
    skip = a;
  }
  const limit = params.limit === undefined ? 200 : Math.max(1, Math.min(400, Number(params.limit)));
  const binary = params.binary === true;
  const transactions: Record<string, unknown>[] = [];
  let i = skip;
  for (; i < count && transactions.length < limit; i++) {
    const r = at(i);
    if (ctx.inGap(r.ledgerIndex)) continue;
    if (version > 1) transactions.push(validatedTx(ctx, r, 2, binary));
    else if (binary)
      transactions.push({
        tx_blob: txBlob(r),
        meta: validatedTx(ctx, r, 1, true).meta,
        ledger_index: r.ledgerIndex,
        validated: true,
      });
    else transactions.push({ tx: ledgerTxJson(ctx, r, 1), meta: metaJson(r), validated: true });
  }
  const result: Record<string, unknown> = {
    account: address,
    ledger_index_min: lo,
    ledger_index_max: hi,
    transactions,
    validated: true,
  };
  if (params.limit !== undefined) result.limit = limit;
  const next = i < count ? at(i) : undefined;
  if (next) result.marker = { ledger: next.ledgerIndex, seq: next.transactionIndex };
  return result;
};
