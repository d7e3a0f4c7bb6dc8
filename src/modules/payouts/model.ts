// What the admin's payout actions answer: a payout as the admin's screens show it, and the
// product's messages of the money path.
import { formatXrp } from "../../money.ts";
import type { PayoutRecord } from "./repository.ts";

export const PAYOUTS_NOT_CONFIGURED = "Payouts are not configured";

// Approving or paying to an address on the block list is refused: the request may have come before
// its block (the admin reads why and rejects it, or unblocks first).
export const BLOCKED_DESTINATION = "This address is on the block list: it cannot be paid. Reject the request, or remove the address from the block list first.";

// The payout status the admin screen shows: SUCCESS (green) or anything else (red).
export function payoutStatus(status: string): string {
  switch (status) {
    case "paid":
      return "SUCCESS";
    case "failed_on_ledger":
    case "preflight_refused":
      return "FAILED";
    case "needs_attention":
      return "NEEDS_ATTENTION";
    default:
      return "PENDING";
  }
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
    createdAt: new Date(p.created_at).toISOString(),
  };
}
