// A faucet request's state after it is made, written here and nowhere else: each transition is one
// statement whose WHERE names the states it may leave, so an illegal one changes nothing and returns
// false. The faucet holds and releases its budget day; the admin's payout actions (modules/payouts)
// approve, reject and withdraw; the visitor who asked withdraws a waiting one; the auto-approve rule leaves a request for a person; the reviews link
// a bonus to its review; the engine's settlement (given these by the composition, through
// modules/payouts/settlement.ts) marks it paid, says why not, or records a payment found on the ledger.
// src/sql-homes.test.ts fails on a statement that writes faucet_requests outside modules/faucet.
import { and, eq, gte, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { faucetRequests } from "../../db/schema.ts";
import type { FaucetPaymentFound } from "../../payouts/settle.ts";
import { WITHDRAWN_BY_VISITOR } from "../../shared/words.ts";
import { type LiveChanged, NOTHING_WATCHES } from "../live/model.ts";

const p = sql.placeholder;
const r = faucetRequests;

// Why the auto-approve rule leaves a request whose payout was withdrawn alone: a person decides again.
const WITHDRAWN_SKIP = "withdrawn";

// `changed`: told when a request moved, for the admins watching (modules/live).
export function createRequestStatus(db: Db, changed: LiveChanged = NOTHING_WATCHES) {
  const told = (moved: boolean) => {
    if (moved) changed("requests");
    return moved;
  };
  const moved = { id: r.id };
  // By an admin (processed_by) or by the auto-approve rule (null, auto_approved 1).
  const approve = db
    .update(r)
    .set({
      status: "APPROVED",
      processedBy: sql`${p("adminId")}`,
      processedAt: sql`${p("at")}`,
      autoApproved: sql`${p("auto")}`,
    })
    .where(and(eq(r.id, p("id")), eq(r.status, "PENDING")))
    .returning(moved)
    .prepare();
  // (an approved one only while its payout failed for good or was not signed: the service checks)
  const reject = db
    .update(r)
    .set({
      status: "REJECTED",
      rejectReason: sql`${p("reason")}`,
      processedBy: sql`${p("adminId")}`,
      processedAt: sql`${p("at")}`,
    })
    .where(and(eq(r.id, p("id")), inArray(r.status, ["PENDING", "APPROVED"])))
    .returning(moved)
    .prepare();
  // Withdrawn by the visitor who asked, while it waits: nobody's decision (processed_by null), and
  // its reason in the product's words.
  const withdrawByVisitor = db
    .update(r)
    .set({ status: "REJECTED", rejectReason: WITHDRAWN_BY_VISITOR, processedBy: null, processedAt: sql`${p("at")}` })
    .where(and(eq(r.id, p("id")), eq(r.status, "PENDING")))
    .returning(moved)
    .prepare();
  // Its payout withdrawn before it was signed: nobody's decision, no error, and the auto-approve
  // rule leaves it alone.
  const backToPending = db
    .update(r)
    .set({
      status: "PENDING",
      processedBy: null,
      processedAt: null,
      autoApproved: false,
      payoutError: null,
      autoApproveSkip: WITHDRAWN_SKIP,
    })
    .where(and(eq(r.id, p("id")), eq(r.status, "APPROVED")))
    .returning(moved)
    .prepare();
  // Paid on the ledger, with the hash. A rejected request too: the ledger is the truth, and its
  // address meets the one-claim-a-day limit again. (A request recorded as found on the ledger keeps
  // the moment its ledger closed.)
  const markPaid = db
    .update(r)
    .set({
      status: "PROCESSED",
      txHash: sql`${p("txHash")}`,
      processedAt: sql`coalesce(${r.processedAt}, ${p("at")})`,
      payoutError: null,
    })
    .where(and(eq(r.id, p("id")), ne(r.status, "PROCESSED")))
    .returning(moved)
    .prepare();
  // Why an open request's payout was not paid (failed, or in doubt), or none once it is retried.
  const setPayoutError = db
    .update(r)
    .set({ payoutError: sql`${p("message")}` })
    .where(and(eq(r.id, p("id")), inArray(r.status, ["PENDING", "APPROVED"])))
    .returning(moved)
    .prepare();
  const leaveForPerson = db
    .update(r)
    .set({ autoApproveSkip: sql`${p("why")}` })
    .where(and(eq(r.id, p("id")), eq(r.status, "PENDING"), isNull(r.autoApproveSkip)))
    .returning(moved)
    .prepare();
  const holdBudget = db
    .update(r)
    .set({ budgetDay: sql`${p("day")}` })
    .where(and(eq(r.id, p("id")), isNull(r.budgetDay)))
    .returning(moved)
    .prepare();
  const releaseBudget = db
    .update(r)
    .set({ budgetDay: null })
    .where(and(eq(r.id, p("id")), isNotNull(r.budgetDay)))
    .returning(moved)
    .prepare();
  const linkReview = db
    .update(r)
    .set({ reviewId: sql`${p("reviewId")}` })
    .where(and(eq(r.id, p("id")), isNull(r.reviewId)))
    .returning(moved)
    .prepare();
  // approved as it is recorded; the settlement then marks it paid
  const foundOnLedger = db
    .insert(r)
    .values({
      address: p("address"),
      destinationTag: p("destinationTag"),
      amountDrops: p("amountDrops"),
      status: "APPROVED",
      txHash: p("txHash"),
      processedAt: p("at"),
      createdAt: p("at"),
    })
    .returning(moved)
    .prepare();
  // What the auto-approve rule approved since a moment, that moment included: the cap it keeps to
  // (modules/payouts) and the cap the admin's settings show.
  const autoApprovedSince = db
    .select({ drops: sql<number>`coalesce(sum(${r.amountDrops}), 0)` })
    .from(r)
    .where(and(eq(r.autoApproved, true), gte(r.processedAt, p("since"))))
    .prepare();

  return {
    // PENDING -> APPROVED (adminId null: the auto-approve rule)
    approve: (id: number, adminId: number | null, at: number) =>
      told(approve.get({ id, adminId, at, auto: adminId === null ? 1 : 0 }) !== undefined),
    // PENDING or APPROVED -> REJECTED
    reject: (id: number, reason: string, adminId: number, at: number) =>
      told(reject.get({ id, reason, adminId, at }) !== undefined),
    // PENDING -> REJECTED, by the visitor who asked (visitor-withdraw.ts)
    withdrawByVisitor: (id: number, at: number) => told(withdrawByVisitor.get({ id, at }) !== undefined),
    // APPROVED -> PENDING, its payout withdrawn
    backToPending: (id: number) => told(backToPending.get({ id }) !== undefined),
    // -> PROCESSED (not from PROCESSED)
    markPaid: (id: number, txHash: string, at: number) => told(markPaid.get({ id, txHash, at }) !== undefined),
    // PENDING or APPROVED stays, with why its payout was not paid
    payoutFailed: (id: number, message: string) => told(setPayoutError.get({ id, message }) !== undefined),
    // APPROVED stays, its payout queued again
    payoutRetried: (id: number) => told(setPayoutError.get({ id, message: null }) !== undefined),
    // PENDING stays, the auto-approve rule no longer looks at it (why: faucet/model.ts's words)
    leaveForPerson: (id: number, why: string) => told(leaveForPerson.get({ id, why }) !== undefined),
    // its amount taken from `day`'s budget (once) and given back
    holdBudget: (id: number, day: string) => holdBudget.get({ id, day }) !== undefined,
    releaseBudget: (id: number) => releaseBudget.get({ id }) !== undefined,
    // a reviewer bonus names its review (once)
    linkReview: (id: number, reviewId: number) => linkReview.get({ id, reviewId }) !== undefined,
    // a request recorded for a payment found on the ledger (reconcile.ts), its id
    recordFoundOnLedger: (payment: FaucetPaymentFound): number => {
      changed("requests");
      return foundOnLedger.get({ ...payment })!.id;
    },
    autoApprovedDropsSince: (since: number) => autoApprovedSince.get({ since })?.drops ?? 0,
  };
}
export type RequestStatus = ReturnType<typeof createRequestStatus>;
