// What every payment the engine signs says about itself on the public ledger, so that a database
// that lost track of it (restored from a backup, copied to another machine) recognises it there:
// a Memo naming the payout ("faucet_request:12", "user_payment:7:user:3") and an InvoiceID, the
// SHA-256 of this installation's id and that name. The installation id never appears itself, and
// nothing private does (no email, no IP): only the database that made the payment can match the
// InvoiceID, and a payment naming a payout without it is not taken for one of ours.
import { createHash } from "node:crypto";
import type { PayoutRow } from "./rows.ts";

// MemoType, as XRPL explorers show it decoded.
export const PAYOUT_MEMO_TYPE = "xrp-faucet/payout";

const hex = (text: string) => Buffer.from(text, "utf8").toString("hex").toUpperCase();
const unhex = (value: unknown) => (typeof value === "string" && /^([0-9A-Fa-f]{2})*$/.test(value) ? Buffer.from(value, "hex").toString("utf8") : null);

// The payout a payment is for, in the memo's words.
export type PayoutKey = { kind: "faucet_request"; requestId: number } | { kind: "user_payment"; payoutId: number; userId: number };

export function payoutKeyOf(payout: Pick<PayoutRow, "id" | "kind" | "faucet_request_id" | "user_id">): string {
  if (payout.kind === "FAUCET_REQUEST") return `faucet_request:${payout.faucet_request_id}`;
  return `user_payment:${payout.id}:user:${payout.user_id}`;
}

export function parsePayoutKey(key: string): PayoutKey | null {
  let m = /^faucet_request:(\d+)$/.exec(key);
  if (m) return { kind: "faucet_request", requestId: Number(m[1]) };
  m = /^user_payment:(\d+):user:(\d+)$/.exec(key);
  if (m) return { kind: "user_payment", payoutId: Number(m[1]), userId: Number(m[2]) };
  return null;
}

export const invoiceIdOf = (installationId: string, key: string) => createHash("sha256").update(`${installationId}:${key}`).digest("hex").toUpperCase();

// The fields a payout's Payment carries besides the payment itself.
export function payoutFields(installationId: string, key: string) {
  return {
    InvoiceID: invoiceIdOf(installationId, key),
    Memos: [{ Memo: { MemoType: hex(PAYOUT_MEMO_TYPE), MemoData: hex(key) } }],
  };
}

// The payout name a transaction carries when this installation signed it (its InvoiceID matches), else null.
export function ownPayoutKey(installationId: string, tx: { InvoiceID?: unknown; Memos?: unknown }): string | null {
  if (typeof tx.InvoiceID !== "string" || !Array.isArray(tx.Memos)) return null;
  for (const entry of tx.Memos as { Memo?: { MemoType?: unknown; MemoData?: unknown } }[]) {
    if (unhex(entry?.Memo?.MemoType) !== PAYOUT_MEMO_TYPE) continue;
    const key = unhex(entry?.Memo?.MemoData);
    if (key && invoiceIdOf(installationId, key) === tx.InvoiceID.toUpperCase()) return key;
  }
  return null;
}
