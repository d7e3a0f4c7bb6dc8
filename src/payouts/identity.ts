// What every payment the engine signs says about itself on the public ledger, so that a database
// that lost track of it (restored from a backup, copied to another machine, lost) recognises it
// there, and a second server paying from the same wallet is seen:
// - a Memo naming the payout by its random name (`faucet:<ref>` or `user:<ref>`, the payout's
//   ledger_ref, made with its row): nothing links a user's addresses or counts the faucet's volume;
// - a Memo naming the signing process (a random instance id made at each start, never stored);
// - an InvoiceID, the SHA-256 of this installation's id and the payout's name, so a payout of this
//   database is matched only by a payment of this installation.
// Payments signed before payouts had random names carry `faucet_request:ID` or
// `user_payment:ID:user:ID`: those are matched by their attempt's hash, never by the ids they name.
import { createHash } from "node:crypto";
import type { PayoutRow } from "./rows.ts";

// MemoTypes, as XRPL explorers show them decoded.
export const PAYOUT_MEMO_TYPE = "xrp-faucet/payout";
export const SIGNER_MEMO_TYPE = "xrp-faucet/signer";

// SQLite's expression for a new payout's ledger_ref (every new payout row has one).
export const NEW_LEDGER_REF_SQL = "lower(hex(randomblob(16)))";

const hex = (text: string) => Buffer.from(text, "utf8").toString("hex").toUpperCase();
const unhex = (value: unknown) =>
  typeof value === "string" && /^([0-9A-Fa-f]{2})*$/.test(value) ? Buffer.from(value, "hex").toString("utf8") : null;

export type PayoutKind = "faucet" | "user";

// The payout a payment names: its kind, and its random name (null for a payment of an older version).
export interface PayoutName {
  kind: PayoutKind;
  ref: string | null;
}

export function payoutKeyOf(payout: Pick<PayoutRow, "kind" | "ledger_ref">): string {
  return `${payout.kind === "FAUCET_REQUEST" ? "faucet" : "user"}:${payout.ledger_ref}`;
}

export function parsePayoutKey(key: string): PayoutName | null {
  const m = /^(faucet|user):([0-9a-f]{32})$/.exec(key);
  if (m) return { kind: m[1] as PayoutKind, ref: m[2]! };
  if (/^faucet_request:\d+$/.test(key)) return { kind: "faucet", ref: null };
  if (/^user_payment:\d+:user:\d+$/.test(key)) return { kind: "user", ref: null };
  return null;
}

export const invoiceIdOf = (installationId: string, key: string) =>
  createHash("sha256").update(`${installationId}:${key}`).digest("hex").toUpperCase();

// A random id for a signing process: made at its start, in memory only.
export const newInstanceId = () => Buffer.from(crypto.getRandomValues(new Uint8Array(8))).toString("hex");

// The fields a payout's Payment carries besides the payment itself.
export function payoutFields(installationId: string, key: string, instanceId: string) {
  return {
    InvoiceID: invoiceIdOf(installationId, key),
    Memos: [{ Memo: { MemoType: hex(PAYOUT_MEMO_TYPE), MemoData: hex(key) } }, signerMemo(instanceId)],
  };
}

export const signerMemo = (instanceId: string) => ({
  Memo: { MemoType: hex(SIGNER_MEMO_TYPE), MemoData: hex(instanceId) },
});

// What a transaction of the wallet says of itself: the payout it names (key) and whether its
// InvoiceID is this installation's, and the instance that signed it; null fields when it says nothing.
export interface FaucetMark {
  key: string | null;
  name: PayoutName | null;
  thisInstallation: boolean;
  instance: string | null;
}

export function faucetMarkOf(installationId: string, tx: { InvoiceID?: unknown; Memos?: unknown }): FaucetMark | null {
  if (!Array.isArray(tx.Memos)) return null;
  let key: string | null = null;
  let instance: string | null = null;
  for (const entry of tx.Memos as { Memo?: { MemoType?: unknown; MemoData?: unknown } }[]) {
    const type = unhex(entry?.Memo?.MemoType);
    if (type === PAYOUT_MEMO_TYPE) key ??= unhex(entry?.Memo?.MemoData);
    else if (type === SIGNER_MEMO_TYPE) instance ??= unhex(entry?.Memo?.MemoData);
  }
  if (key === null && instance === null) return null;
  const thisInstallation =
    key !== null && typeof tx.InvoiceID === "string" && invoiceIdOf(installationId, key) === tx.InvoiceID.toUpperCase();
  return { key, name: key === null ? null : parsePayoutKey(key), thisInstallation, instance };
}
