// What the hot wallet's admin calls answer: where payouts go, what the wallet holds and can spend,
// what is in flight, and whether the engine is paused and why. The state is read by service.ts.
import type { WalletLedgerPayment } from "../../db/schema.ts";
import type { Rebuilt } from "../../payouts/reconcile.ts";
import { iso } from "../../lib/time.ts";
import { formatXrp } from "../../shared/money.ts";
import { PAYOUTS_NOT_CONFIGURED, payoutStatus } from "../payouts/model.ts";

export const SANDBOX_NOTICE = "Sandbox ledger: payments are simulated and nothing real is sent.";
export const PAYOUTS_RESUMED = "Payouts resumed";

// The answer of both calls when no wallet is configured.
export const notConfiguredView = () => ({ configured: false as const, message: PAYOUTS_NOT_CONFIGURED });

export interface WalletState {
  mode: "sandbox" | "ledger";
  server: string;
  address: string;
  queued: number;
  inFlight: number;
  needsAttention: number;
  // the reason the engine is paused, or null
  paused: string | null;
  // when the pause lifts by itself (the daily payout ceiling's), or null
  pausedUntil: number | null;
  lastError: string | null;
  // what a new database read back from a used wallet's history (null: it had nothing to read back)
  rebuilt: Rebuilt | null;
}

// What the ledger says of the wallet, or why it could not be asked.
export type LedgerView =
  | { networkId: number; ledgerIndex: number; balanceDrops: number; reserveDrops: number }
  | { error: string };

// A payout not yet signed, as the wallet screen lists it (held while payouts are paused: Resume
// sends it, Withdraw takes it back).
export interface HeldPayout {
  id: number;
  kind: string;
  faucetRequestId: number | null;
  userId: number | null;
  destination: string;
  destinationTag: number | null;
  amountDrops: number;
  createdAt: number;
}
export interface Held {
  rows: HeldPayout[];
  count: number;
  drops: number;
}

export const heldPayoutView = (p: HeldPayout) => ({
  payoutId: p.id,
  kind: p.kind,
  requestId: p.faucetRequestId,
  userId: p.userId,
  destination: p.destination,
  destinationTag: p.destinationTag,
  amount: formatXrp(p.amountDrops),
  createdAt: new Date(p.createdAt).toISOString(),
});

export function walletView(s: WalletState, ledger: LedgerView, held: Held) {
  const base = {
    configured: true as const,
    mode: s.mode,
    sandbox: s.mode === "sandbox",
    notice: s.mode === "sandbox" ? SANDBOX_NOTICE : null,
    server: s.server,
    address: s.address,
    queued: s.queued,
    inFlight: s.inFlight,
    needsAttention: s.needsAttention,
    paused: s.paused !== null,
    pausedReason: s.paused,
    // set: the pause lifts by itself then, and "Resume payouts" cannot lift it earlier
    pausedUntil: s.pausedUntil === null ? null : new Date(s.pausedUntil).toISOString(),
    lastError: s.lastError,
    rebuiltFromLedger: s.rebuilt === null ? null : rebuiltView(s.rebuilt),
    // the payouts not yet signed, oldest first (at most 100): what Resume sends; how many and how much in all
    held: held.rows.map(heldPayoutView),
    heldCount: held.count,
    heldTotal: formatXrp(held.drops),
  };
  if ("error" in ledger) return { ...base, ledgerError: ledger.error };
  return {
    ...base,
    networkId: ledger.networkId,
    ledgerIndex: ledger.ledgerIndex,
    balance: formatXrp(ledger.balanceDrops),
    reserve: formatXrp(ledger.reserveDrops),
    spendable: formatXrp(Math.max(0, ledger.balanceDrops - ledger.reserveDrops)),
  };
}

export const resumedView = () => ({ message: PAYOUTS_RESUMED });

// What a new database rebuilt from the wallet's history, and what it could not, in the operator's words.
export const rebuiltView = (r: Rebuilt) => ({
  at: iso(r.at),
  fromLedger: r.fromLedger,
  toLedger: r.toLedger,
  faucetPayments: r.faucetPayments,
  userPayments: r.userPayments,
  outside: r.outside,
  message:
    `This database started on a wallet that had paid before: its transactions in ledgers ${r.fromLedger}-${r.toLedger} (all the XRPL server held) were read back. ` +
    `${r.faucetPayments} faucet payments are recorded as paid requests, found on the ledger, so those addresses meet the one-claim-a-day limit; ` +
    `${r.userPayments} user payments and ${r.outside} transactions sent outside the faucet are listed below. ` +
    "Users, owed balances, waiting requests and settings lived in the lost database only and could not be rebuilt: restore a backup for them.",
});

// What the ledger shows of a wallet transaction no payout of this database accounts for.
export const LEDGER_PAYMENT_ORIGINS = {
  outside: "Sent outside the faucet",
  unknown_payout:
    "Paid by this faucet for a payout this database does not have (made after the backup it was restored from, or before this database existed)",
  mismatch: "Names a payout of this database but pays another address, tag or amount: not taken as paid",
  another_server: "Signed by another server paying from this wallet since this one started",
} as const;

export const ledgerPaymentView = (p: WalletLedgerPayment) => ({
  hash: p.txHash,
  origin: p.origin,
  description: LEDGER_PAYMENT_ORIGINS[p.origin as keyof typeof LEDGER_PAYMENT_ORIGINS] ?? p.origin,
  type: p.transactionType,
  result: p.result,
  destination: p.destination,
  amount: p.amountDrops === null ? null : formatXrp(p.amountDrops),
  sequence: p.sequence,
  ledgerIndex: p.ledgerIndex,
  payout: p.payoutKey,
  foundAt: iso(p.foundAt),
});

// An outgoing payment as the wallet screen lists it: what it paid (a faucet request, a user's
// rewards), to where, how much, its state and, once signed, its transaction.
export interface OutgoingPayout {
  id: number;
  kind: string;
  faucetRequestId: number | null;
  userId: number | null;
  username: string | null;
  destination: string;
  destinationTag: number | null;
  amountDrops: number;
  status: string;
  txHash: string | null;
  ledgerIndex: number | null;
  createdAt: number;
}
export const outgoingPayoutView = (o: OutgoingPayout) => ({
  id: o.id,
  kind: o.kind,
  requestId: o.faucetRequestId,
  userId: o.userId,
  username: o.username,
  destination: o.destination,
  destinationTag: o.destinationTag,
  amount: formatXrp(o.amountDrops),
  status: payoutStatus(o.status),
  txHash: o.txHash,
  ledgerIndex: o.ledgerIndex,
  createdAt: new Date(o.createdAt).toISOString(),
});

export const PAYOUTS_PAUSED = "Payouts paused: nothing is signed or sent until an admin resumes them.";
// The engine's reason for an admin's pause, as the wallet card shows it after "Payouts are paused:".
export const pausedBy = (username: string) => `${username} paused them on the wallet page`;
