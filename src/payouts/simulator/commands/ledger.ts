// ledger, ledger_current, ledger_closed, ledger_accept, ledger_entry, ledger_data. The sandbox
// keeps headers and transactions for every ledger but only the latest state: entries asked at an
// older ledger come from the current state.
import { encode } from "ripple-binary-codec";
import { isValidClassicAddress } from "ripple-address-codec";
import { txFields, validatedTx } from "../format.ts";
import { CLOSE_TIME_RESOLUTION, type LedgerHeader } from "../ledger.ts";
import { closeTimeHuman, isoTime, keylet } from "../protocol.ts";
import { apiVersion, type Handler, lookupLedger, RpcError, type SimContext } from "../rpc.ts";

// LedgerToJson's fillJson: a closed ledger's header.
function headerJson(index: number, header: LedgerHeader, version: number): Record<string, unknown> {
  return {
    account_hash: header.accountHash,
    close_flags: 0,
    close_time: header.closeTime,
    close_time_human: closeTimeHuman(header.closeTime),
    close_time_iso: isoTime(header.closeTime),
    close_time_resolution: CLOSE_TIME_RESOLUTION,
    closed: true,
    ledger_hash: header.hash,
    ledger_index: version > 1 ? index : String(index),
    parent_close_time: header.parentCloseTime,
    parent_hash: header.parentHash,
    total_coins: header.totalCoins,
    transaction_hash: header.transactionHash,
  };
}

export const ledger: Handler = (ctx, params) => {
  const version = apiVersion(params);
  const ref = lookupLedger(ctx, params);
  if (ref.open) {
    const parent = ctx.ledger.ledgerHashes.get(ref.index - 1)!;
    const open: Record<string, unknown> = {
      closed: false,
      ledger_index: version > 1 ? ref.index : String(ref.index),
      parent_hash: parent.hash,
    };
    if (params.transactions === true) {
      const pending = ctx.ledger.pending.filter((p) => !p.foreign);
      open.transactions =
        params.expand === true
          ? pending.map((p) =>
              version > 1 ? { tx_json: txFields(p.tx, 2), hash: p.hash } : { ...txFields(p.tx, 1), hash: p.hash },
            )
          : pending.map((p) => p.hash);
    }
    return { ledger: open, ...ref.fields };
  }
  const json = headerJson(ref.index, ref.header!, version);
  if (params.transactions === true) {
    const records = (ref.header!.txHashes ?? []).map((h) => ctx.ledger.txs.get(h)).filter((r) => r !== undefined);
    json.transactions =
      params.expand === true
        ? records.map((r) => {
            if (version > 1) return validatedTx(ctx, r, 2, params.binary === true);
            const { meta, validated: _v, ...tx } = validatedTx(ctx, r, 1);
            return { ...tx, metaData: meta };
          })
        : records.map((r) => r.hash);
  }
  if (params.accounts === true) {
    const entries = ctx.ledger.stateEntries(ref.index);
    json.accountState = params.expand === true ? entries : entries.map((e) => e.index);
  }
  return { ledger: json, ...ref.fields };
};

export const ledgerCurrent: Handler = (ctx) => ({ ledger_current_index: ctx.ledger.openIndex });

export const ledgerClosed: Handler = (ctx) => ({
  ledger_hash: ctx.ledger.ledgerHashes.get(ctx.ledger.validatedIndex)!.hash,
  ledger_index: ctx.ledger.validatedIndex,
});

export const ledgerAccept: Handler = (ctx) => {
  ctx.closeLedger();
  return { ledger_current_index: ctx.ledger.openIndex };
};

// The ledger_entry selectors (rippled's LedgerEntry.cpp) besides index and account_root: objects
// of kinds a ledger of XRP alone never holds.
const OTHER_SELECTORS = [
  "amendments",
  "amm",
  "bridge",
  "check",
  "credential",
  "delegate",
  "deposit_preauth",
  "did",
  "directory",
  "escrow",
  "fee",
  "hashes",
  "loan",
  "loan_broker",
  "mpt_issuance",
  "mptoken",
  "nft_offer",
  "nft_page",
  "offer",
  "oracle",
  "payment_channel",
  "permissioned_domain",
  "ripple_state",
  "signer_list",
  "state",
  "ticket",
  "vault",
  "xchain_owned_claim_id",
  "xchain_owned_create_account_claim_id",
];

function entryByKey(ctx: SimContext, index: number, key: string): Record<string, unknown> | undefined {
  return ctx.ledger.stateEntries(index).find((e) => e.index === key);
}

export const ledgerEntry: Handler = (ctx, params) => {
  const ref = lookupLedger(ctx, params);
  let key: string | undefined;
  if (params.index !== undefined) {
    key = String(params.index).toUpperCase();
    if (!/^[0-9A-F]{64}$/.test(key)) throw new RpcError("invalidParams", "Invalid field 'index'.");
  } else if (params.account_root !== undefined) {
    if (typeof params.account_root !== "string" || !isValidClassicAddress(params.account_root))
      throw new RpcError("invalidParams", "Invalid field 'account_root'.");
    key = keylet.account(params.account_root);
  } else if (params.amendments !== undefined) key = keylet.amendments();
  else if (params.fee !== undefined) key = keylet.fees();
  else if (params.hashes !== undefined) key = params.hashes === true ? keylet.skipList() : undefined;
  else if (!OTHER_SELECTORS.some((s) => params[s] !== undefined))
    throw new RpcError("invalidParams", "No ledger_entry params provided.");
  const node = key ? entryByKey(ctx, ref.index, key) : undefined;
  if (!node) throw new RpcError("entryNotFound", "Entry not found.", ref.fields);
  if (params.binary === true) {
    const { index: _index, ...fields } = node;
    return { index: node.index, node_binary: encode(fields as never), ...ref.fields };
  }
  return { index: node.index, node, ...ref.fields };
};

// Ledger entry types by the short names ledger_data's `type` takes.
const TYPE_NAMES: Record<string, string> = {
  account: "AccountRoot",
  amendments: "Amendments",
  fee: "FeeSettings",
  hashes: "LedgerHashes",
};

export const ledgerData: Handler = (ctx, params) => {
  const ref = lookupLedger(ctx, params);
  const binary = params.binary === true;
  const version = apiVersion(params);
  let entries = ctx.ledger.stateEntries(ref.index);
  if (params.type !== undefined) {
    const wanted = TYPE_NAMES[String(params.type)] ?? String(params.type);
    entries = entries.filter((e) => e.LedgerEntryType === wanted);
  }
  const marker = params.marker === undefined ? null : String(params.marker).toUpperCase();
  if (marker !== null && !/^[0-9A-F]{64}$/.test(marker))
    throw new RpcError("invalidParams", "Invalid field 'marker', not valid.");
  if (marker !== null) entries = entries.filter((e) => String(e.index) > marker);
  const max = binary ? 2048 : 256;
  const limit = params.limit === undefined ? max : Math.max(1, Math.min(max, Number(params.limit)));
  const page = entries.slice(0, limit);
  const result: Record<string, unknown> = { ...ref.fields };
  if (marker === null && !ref.open) result.ledger = headerJson(ref.index, ref.header!, version);
  result.state = page.map((e) => {
    if (!binary) return e;
    const { index, ...fields } = e;
    return { data: encode(fields as never), index };
  });
  if (entries.length > limit) result.marker = page[page.length - 1]!.index;
  return result;
};
