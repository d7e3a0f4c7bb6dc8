// All SQL of the admin's payout actions (service.ts): the faucet request or user an approval, a
// rejection, a payment or a withdrawal reads, the queued payout it writes (or withdraws, or queues
// again). Prepared once, Drizzle's builder throughout. (What they do to the request's state is the
// faucet's modules/faucet/request-status.ts; the engine's own SQL is its stores, src/payouts/*-store.ts;
// what a settled payout does to a request or a user is settlement.ts.)
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { faucetRequests, payouts, rewards, users } from "../../db/schema.ts";
import { NEW_LEDGER_REF_SQL } from "../../payouts/identity.ts";

const p = sql.placeholder;
const r = faucetRequests;

// A payout that failed for good: nothing was sent, an admin may retry or reject it.
export const FAILED_FOR_GOOD = ["failed_on_ledger", "preflight_refused"] as const;
// A payout not yet settled: a second user payment waits for it. ('withdrawn' is not open: nothing
// was sent, a new payment is a new payout.)
const OPEN = ["queued", "in_flight", "needs_attention"];
// A payout not yet signed: the only one an admin may withdraw (the engine also puts back to 'queued'
// a payout whose Sequence another transaction took, once its attempts are proven dead).
export const NOT_SIGNED = "queued";
// A payout an admin withdrew before it was signed: nothing was sent. Its row and attempts stay.
export const WITHDRAWN = "withdrawn";

// A payout as the admin's screens read it (payoutView), and the columns that select it (modules/account's
// history of payments selects the same).
export const PAYOUT_RECORD = {
  id: payouts.id,
  kind: payouts.kind,
  user_id: payouts.userId,
  amount_drops: payouts.amountDrops,
  status: payouts.status,
  tx_hash: payouts.txHash,
  error: payouts.error,
  found_on_ledger: payouts.foundOnLedger,
  created_at: payouts.createdAt,
  updated_at: payouts.updatedAt,
};
export interface PayoutRecord {
  id: number;
  kind: string;
  user_id: number | null;
  amount_drops: number;
  status: string;
  tx_hash: string | null;
  error: string | null;
  // paid as the wallet's history on the ledger showed (a restored or copied database had not recorded it)
  found_on_ledger: boolean;
  created_at: number;
  updated_at: number;
}

export type NewPayout = {
  kind: "FAUCET_REQUEST" | "USER_PAYMENT";
  faucetRequestId: number | null;
  userId: number | null;
  destination: string;
  destinationTag: number | null;
  amountDrops: number;
  requestedBy: number | null;
  at: number;
};

export function createPayoutRepository(db: Db) {
  const request = db
    .select({
      status: r.status,
      address: r.address,
      destinationTag: r.destinationTag,
      amountDrops: r.amountDrops,
      reason: r.reason,
    })
    .from(r)
    .where(eq(r.id, p("id")))
    .prepare();
  const insertPayout = db
    .insert(payouts)
    .values({
      kind: p("kind"),
      faucetRequestId: p("faucetRequestId"),
      userId: p("userId"),
      destination: p("destination"),
      destinationTag: p("destinationTag"),
      amountDrops: p("amountDrops"),
      requestedBy: p("requestedBy"),
      // (its name on the ledger, made by SQLite for each row)
      ledgerRef: sql.raw(NEW_LEDGER_REF_SQL),
      createdAt: p("at"),
      updatedAt: p("at"),
    })
    .returning({ id: payouts.id })
    .prepare();
  // A payout that failed for good goes back to the queue with a new Sequence to come.
  const requeueFailed = db
    .update(payouts)
    .set({ status: "queued", sequence: null, error: null, updatedAt: sql`${p("at")}` })
    .where(and(eq(payouts.faucetRequestId, p("id")), inArray(payouts.status, [...FAILED_FOR_GOOD])))
    .returning({ id: payouts.id })
    .prepare();
  const payoutOfRequest = db
    .select({ id: payouts.id, status: payouts.status })
    .from(payouts)
    .where(eq(payouts.faucetRequestId, p("id")))
    .prepare();
  // A withdrawn payout of the request queued again, as new (a request has one payout row).
  const requeueWithdrawn = db
    .update(payouts)
    .set({
      status: NOT_SIGNED,
      sequence: null,
      error: null,
      requestedBy: sql`${p("requestedBy")}`,
      updatedAt: sql`${p("at")}`,
    })
    .where(and(eq(payouts.faucetRequestId, p("id")), eq(payouts.status, WITHDRAWN)))
    .returning({ id: payouts.id })
    .prepare();
  // What a withdrawal reads of the payout, and its compare-and-set from 'queued'.
  const toWithdraw = db
    .select({
      id: payouts.id,
      kind: payouts.kind,
      status: payouts.status,
      faucetRequestId: payouts.faucetRequestId,
      userId: payouts.userId,
      destination: payouts.destination,
      amountDrops: payouts.amountDrops,
    })
    .from(payouts)
    .where(eq(payouts.id, p("id")))
    .prepare();
  const withdraw = db
    .update(payouts)
    .set({ status: WITHDRAWN, updatedAt: sql`${p("at")}` })
    .where(and(eq(payouts.id, p("id")), eq(payouts.status, NOT_SIGNED)))
    .returning({ id: payouts.id })
    .prepare();
  // The rewards a withdrawn user payment was to pay: unpaid again (the amount stays owed).
  const detachRewards = db
    .update(rewards)
    .set({ payoutId: null })
    .where(eq(rewards.payoutId, p("payoutId")))
    .prepare();
  const user = db
    .select({
      id: users.id,
      address: users.xrpAddress,
      destinationTag: users.xrpDestinationTag,
      owedDrops: users.totalClaimedDrops,
    })
    .from(users)
    .where(eq(users.id, p("id")))
    .prepare();
  const openUserPayment = db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.userId, p("userId")), eq(payouts.kind, "USER_PAYMENT"), inArray(payouts.status, OPEN)))
    .prepare();
  // The approved rewards the payment pays (its settlement marks them PAID, or frees them on failure).
  const attachRewards = db
    .update(rewards)
    .set({ payoutId: sql`${p("payoutId")}` })
    .where(and(eq(rewards.userId, p("userId")), eq(rewards.status, "APPROVED"), isNull(rewards.payoutId)))
    .prepare();
  const payoutById = db
    .select(PAYOUT_RECORD)
    .from(payouts)
    .where(eq(payouts.id, p("id")))
    .prepare();

  return {
    faucetRequest: (id: number) => request.get({ id }),
    insertPayout: (payout: NewPayout) => insertPayout.get(payout)!.id,
    // true when a failed payout of this request was queued again
    requeueFailed: (faucetRequestId: number, at: number) => requeueFailed.all({ id: faucetRequestId, at }).length > 0,
    payoutStatusOfRequest: (faucetRequestId: number) => payoutOfRequest.get({ id: faucetRequestId })?.status,
    payoutOfRequest: (faucetRequestId: number) => payoutOfRequest.get({ id: faucetRequestId }),
    // the id of the request's withdrawn payout now queued again, or undefined when it had none
    requeueWithdrawn: (faucetRequestId: number, requestedBy: number | null, at: number): number | undefined =>
      requeueWithdrawn.get({ id: faucetRequestId, requestedBy, at })?.id,
    payoutToWithdraw: (id: number) => toWithdraw.get({ id }),
    // true when this call moved the payout from 'queued' to 'withdrawn'
    withdraw: (id: number, at: number) => withdraw.get({ id, at }) !== undefined,
    detachRewards: (payoutId: number) => detachRewards.run({ payoutId }),
    user: (id: number) => user.get({ id }),
    openUserPayment: (userId: number) => openUserPayment.get({ userId })?.id,
    attachRewards: (payoutId: number, userId: number) => attachRewards.run({ payoutId, userId }),
    payoutById: (id: number): PayoutRecord | undefined => payoutById.get({ id }),
  };
}
export type PayoutRepository = ReturnType<typeof createPayoutRepository>;
