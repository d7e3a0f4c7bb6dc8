// What the admin's payout actions answer: a payout as the admin's screens show it, and the
// product's messages of the money path.
import { jsonBody, text } from "../../http/body.ts";
import { badRequest } from "../../lib/errors.ts";
import { formatXrp } from "../../shared/money.ts";
import type { PayoutRecord } from "./repository.ts";

export const PAYOUTS_NOT_CONFIGURED = "Payouts are not configured";

// Approving or paying to an address on the block list is refused: the request may have come before
// its block (the admin reads why and rejects it, or unblocks first).
export const BLOCKED_DESTINATION =
  "This address is on the block list: it cannot be paid. Reject the request, or remove the address from the block list first.";

// The payout status the admin screen shows: SUCCESS (green), FAILED (red), NEEDS_ATTENTION,
// WITHDRAWN (an admin withdrew it before it was signed: nothing was sent) or PENDING.
export function payoutStatus(status: string): string {
  switch (status) {
    case "paid":
      return "SUCCESS";
    case "failed_on_ledger":
    case "preflight_refused":
      return "FAILED";
    case "needs_attention":
      return "NEEDS_ATTENTION";
    case "withdrawn":
      return "WITHDRAWN";
    default:
      return "PENDING";
  }
}

// Why a payout cannot be withdrawn: only one not yet signed ('queued') can.
export function notWithdrawable(status: string): string {
  switch (status) {
    case "sequence_assigned":
    case "in_flight":
      return "This payout was already signed and sent to the ledger: it can no longer be withdrawn.";
    case "paid":
      return "This payout was already paid: it can no longer be withdrawn.";
    case "needs_attention":
      return "This payout needs attention: it was signed and may be on the ledger, so it can no longer be withdrawn.";
    case "failed_on_ledger":
    case "preflight_refused":
      return "This payout already failed and nothing was sent: there is nothing to withdraw (retry or reject its request instead).";
    default:
      return `This payout is ${status.replaceAll("_", " ")}: it can no longer be withdrawn.`;
  }
}

// The answer to withdrawing a payout: what happened to its request or its user.
export function withdrawnMessage(
  payout: { id: number; kind: string; faucetRequestId: number | null; amountDrops: number },
  outcome: "withdrawn" | "unchanged",
): string {
  if (outcome === "unchanged") return `Payout #${payout.id} was already withdrawn: nothing was sent.`;
  if (payout.kind === "FAUCET_REQUEST") {
    return `Payout #${payout.id} withdrawn: nothing was sent. Faucet request #${payout.faucetRequestId} is back in the requests list for a person to decide.`;
  }
  return `Payout #${payout.id} withdrawn: nothing was sent. The user's ${formatXrp(payout.amountDrops)} XRP stays owed.`;
}

export function payoutView(p: PayoutRecord & { username?: string | null }) {
  return {
    id: p.id,
    userId: p.user_id,
    username: p.username ?? null,
    amount: formatXrp(p.amount_drops),
    status: payoutStatus(p.status),
    state: p.status,
    txHash: p.tx_hash,
    error: p.error,
    // "found on the ledger": paid before a restore, read back from the wallet's history
    foundOnLedger: p.found_on_ledger,
    createdAt: new Date(p.created_at).toISOString(),
  };
}

// The admin's decision on a faucet request (POST /api/admin/faucet/requests/:id).
export const FAUCET_DECISIONS = ["APPROVED", "REJECTED"] as const;
export const faucetDecisionBody = jsonBody({
  action: text(20, `action must be one of ${FAUCET_DECISIONS.join(", ")}`),
  reason: text(500, "reason must be text of at most 500 characters"),
});
export type FaucetDecision = { action?: string | null; reason?: string | null };
export const DECISION_DONE = "The XRP drops request has been processed successfully.";
export const DEFAULT_REJECT_REASON = "Promotional request rejected";
export const payoutErrors = {
  unknownDecision: () => badRequest(`action must be one of ${FAUCET_DECISIONS.join(", ")}`),
};

// The answer to the admin's "pay": paid (200), on its way (202) or failed (422).
export function paymentAnswer<P extends { status: string; error: string | null }>(payout: P) {
  if (payout.status === "SUCCESS") return { status: 200, body: { message: "XRP has been sent to the user.", payout } };
  if (payout.status === "PENDING") {
    return {
      status: 202,
      body: {
        message: "The payment is on its way to the ledger; its status updates when a ledger validates it.",
        payout,
      },
    };
  }
  return { status: 422, body: { message: payout.error ?? "The payment failed", payout } };
}
