// The payouts held while payouts are paused (GET /api/admin/wallet's `held`: queued, never signed),
// in the admin's words: what each is for, what Resume will send, and what withdrawing one does.
import type { PayPlan, Payment } from "../../components/admin/dialogs";
import { readableXrp } from "../../components/admin/words";

export interface HeldPayout {
  payoutId: number;
  kind: string;
  requestId: number | null;
  userId: number | null;
  destination: string;
  destinationTag: number | null;
  amount: string;
  createdAt: string;
}

// "Request #12" or "User #3": what the payout pays.
export const heldLabel = (h: HeldPayout) =>
  h.kind === "FAUCET_REQUEST" ? `Request #${h.requestId}` : `User #${h.userId}`;

// Where the admin reads more of it: the request in the requests list, the user's file.
export const heldLink = (h: HeldPayout) =>
  h.kind === "FAUCET_REQUEST"
    ? `/admin/requests?${new URLSearchParams({ q: `#${h.requestId}` })}`
    : `/admin/users/${h.userId}`;

export const heldPayment = (h: HeldPayout): Payment => ({
  address: h.destination,
  tag: h.destinationTag,
  amount: h.amount,
  about: {
    label: heldLabel(h),
    reason: h.kind === "FAUCET_REQUEST" ? "Faucet request" : "Payment of what the user is owed",
    risk: null,
    warning: null,
  },
});

// What withdrawing it does, said in its confirmation.
export function withdrawEffect(h: HeldPayout): string {
  if (h.kind === "FAUCET_REQUEST") {
    return `Nothing has been sent. Request #${h.requestId} goes back to the requests list as pending, for a person to approve or reject it again; its amount goes back to the day's budget.`;
  }
  return `Nothing has been sent. The user's ${readableXrp(h.amount)} stays owed: pay it again from the Users screen when you decide to.`;
}

// Resume's confirmation: every held payout it sends (the list shows the oldest 100; the count and the
// total are of them all), with the code asked afterwards when step-up is needed.
export function resumePlan(
  wallet: { held: HeldPayout[]; heldCount: number; heldTotal: string },
  run: () => void,
): PayPlan {
  const { held, heldCount, heldTotal } = wallet;
  const partial = heldCount > held.length;
  return {
    title: "Resume payouts?",
    confirmLabel:
      heldCount === 0
        ? "Resume payouts"
        : heldCount === 1
          ? "Resume and send 1 payment"
          : `Resume and send ${heldCount} payments`,
    payments: held.map(heldPayment),
    summary: { count: heldCount, total: heldTotal },
    effect: "send",
    note:
      heldCount === 0
        ? { warn: false, text: "Nothing is held: approvals and payments go out as they come once payouts resume" }
        : partial
          ? {
              warn: true,
              text: `The list shows the oldest ${held.length} of the ${heldCount} held payouts; all of them are sent`,
            }
          : undefined,
    run,
  };
}
