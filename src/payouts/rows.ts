// The rows of the payouts and payout_attempts tables as the engine reads them with bun:sqlite. Their
// own module so the engine and the settlement (settle.ts, which the engine imports) share them
// without importing each other.
export interface PayoutRow {
  id: number;
  kind: "FAUCET_REQUEST" | "USER_PAYMENT";
  faucet_request_id: number | null;
  user_id: number | null;
  destination: string;
  destination_tag: number | null;
  amount_drops: number;
  status: string;
  account: string | null;
  sequence: number | null;
  tx_hash: string | null;
  error: string | null;
  // its random name on the ledger (identity.ts)
  ledger_ref: string;
}

export interface AttemptRow {
  id: number;
  payout_id: number;
  sequence: number;
  tx_hash: string;
  signed_blob: string;
  fee_drops: number;
  min_ledger: number;
  last_ledger_sequence: number;
  status: string;
}

// How a payout ends when nothing was sent: refused before sending, or failed on the ledger.
export type FailedStatus = "failed_on_ledger" | "preflight_refused";
