// The admin actions that move money, on the database side: each is a compare-and-set in one
// transaction, so double clicks and retries queue at most one payout. The engine (src/payouts) does
// the rest; what its settlement does to a request or a user is settlement.ts. And the one that stops
// it: withdrawing a payout not yet signed (held while payouts are paused), as if nothing was sent.
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, HttpError, notFound } from "../../lib/errors.ts";
import { formatXrp } from "../../shared/money.ts";
import { immediate } from "../../db/transaction.ts";
import type { Actor } from "../../auth/actor.ts";
import { requireStepUp } from "../../auth/step-up.ts";
import type { PayoutEngine } from "../../payouts/engine.ts";
import type { RequestStatus } from "../faucet/request-status.ts";
import { AUTO_ACTOR, recordAudit } from "../audit/service.ts";
import { notifyFaucetRequest } from "../notifications/service.ts";
import {
  BLOCKED_DESTINATION,
  DECISION_DONE,
  DEFAULT_REJECT_REASON,
  type FaucetDecision,
  notWithdrawable,
  PAYOUTS_NOT_CONFIGURED,
  payoutErrors,
  payoutView,
  withdrawnMessage,
} from "./model.ts";
import { createPayoutRepository, FAILED_FOR_GOOD, NOT_SIGNED, WITHDRAWN } from "./repository.ts";

// What the auto-approve rule's approval did: queued the payout, or left the request as it was.
export type AutoApproval = "queued" | "not_pending" | "over_daily_cap" | "over_budget" | "no_engine";

// What withdrawing a payout did: withdrew it, or nothing (it was withdrawn already: a repeat click).
export type Withdrawal = "withdrawn" | "unchanged";

// The faucet's day budget, moved in the same transaction as the admin's decision.
export interface FaucetBudget {
  holdBudget(faucetRequestId: number): void;
  releaseBudget(faucetRequestId: number): void;
}

export function createPayoutService({
  db,
  clock,
  engine,
  budget,
  requests,
  blockedAddress = () => false,
}: {
  db: Db;
  clock: () => number;
  engine: () => PayoutEngine | null;
  budget: FaucetBudget;
  // the request's state: the faucet's transitions (modules/faucet/request-status.ts)
  requests: Pick<RequestStatus, "approve" | "reject" | "backToPending" | "payoutRetried" | "autoApprovedDropsSince">;
  blockedAddress?: (address: string) => boolean;
}) {
  const repo = createPayoutRepository(db);
  const refuseBlocked = (address: string) => {
    if (blockedAddress(address)) throw conflict(BLOCKED_DESTINATION, "BLOCKED_DESTINATION");
  };
  const requireEngine = () => {
    const e = engine();
    if (!e) throw new HttpError(503, PAYOUTS_NOT_CONFIGURED);
    return e;
  };
  // The approved request's payout: a new row, or the one withdrawn before (a request has one payout
  // row: withdrawn, nothing was sent, so it is queued again as new).
  const queueRequestPayout = (
    id: number,
    request: { address: string; destinationTag: number | null; amountDrops: number },
    requestedBy: number | null,
    at: number,
  ): number => {
    if (repo.payoutOfRequest(id) === undefined) {
      return repo.insertPayout({
        kind: "FAUCET_REQUEST",
        faucetRequestId: id,
        userId: null,
        destination: request.address,
        destinationTag: request.destinationTag,
        amountDrops: request.amountDrops,
        requestedBy,
        at,
      });
    }
    const requeued = repo.requeueWithdrawn(id, requestedBy, at);
    // (a pending request has no payout but a withdrawn one: anything else is not this request's to queue)
    if (requeued === undefined) throw conflict("This request already has a payout");
    return requeued;
  };

  const approve = (id: number, actor: Actor) =>
    immediate(db, () => {
      const request = repo.faucetRequest(id);
      if (!request) throw notFound("Faucet request not found");
      const t = clock();
      if (request.status === "PENDING") {
        refuseBlocked(request.address);
        budget.holdBudget(id);
        requests.approve(id, actor.admin.id, t);
        queueRequestPayout(id, request, actor.admin.id, t);
        recordAudit(
          db,
          {
            actor: actor.admin,
            action: "faucet_request.approve",
            targetType: "faucet_request",
            targetId: id,
            details: { amount: formatXrp(request.amountDrops) },
            ip: actor.ip,
          },
          t,
        );
        notifyFaucetRequest(db, id, { kind: "REQUEST_APPROVED" }, t);
        return "queued";
      }
      if (request.status === "APPROVED") {
        // A payout that failed for good may be tried again (a new Sequence); anything else is a repeat click.
        if (FAILED_FOR_GOOD.includes(repo.payoutStatusOfRequest(id) as never)) refuseBlocked(request.address);
        if (repo.requeueFailed(id, t)) {
          requests.payoutRetried(id);
          recordAudit(
            db,
            {
              actor: actor.admin,
              action: "faucet_request.retry_payout",
              targetType: "faucet_request",
              targetId: id,
              ip: actor.ip,
            },
            t,
          );
          return "retried";
        }
        return "unchanged";
      }
      throw conflict(`This request was already ${request.status.toLowerCase()}`);
    });

  // The auto-approve rule's approval: what an admin's approval does (the budget, the queued payout),
  // by nobody (processed_by NULL, auto_approved 1), audited as 'Auto' with the risk score; only
  // while the requests auto-approved since `dayStart` stay within `maxPerDayDrops`.
  const autoApprove = (id: number, riskScore: number, dayStart: number, maxPerDayDrops: number): AutoApproval =>
    immediate(db, () => {
      const request = repo.faucetRequest(id);
      if (request?.status !== "PENDING") return "not_pending";
      if (requests.autoApprovedDropsSince(dayStart) + request.amountDrops > maxPerDayDrops) return "over_daily_cap";
      const t = clock();
      try {
        budget.holdBudget(id);
      } catch (error) {
        if (error instanceof HttpError) return "over_budget";
        throw error;
      }
      requests.approve(id, null, t);
      queueRequestPayout(id, request, null, t);
      recordAudit(
        db,
        {
          actor: AUTO_ACTOR,
          action: "faucet_request.approve",
          targetType: "faucet_request",
          targetId: id,
          details: { amount: formatXrp(request.amountDrops), riskScore },
          ip: null,
        },
        t,
      );
      notifyFaucetRequest(db, id, { kind: "REQUEST_APPROVED" }, t);
      return "queued";
    });

  const reject = (id: number, reason: string, actor: Actor) =>
    immediate(db, () => {
      const request = repo.faucetRequest(id);
      if (!request) throw notFound("Faucet request not found");
      const payout = repo.payoutOfRequest(id);
      const failedForGood = (FAILED_FOR_GOOD as readonly string[]).includes(payout?.status ?? "");
      // approved, its payout not yet signed (held while payouts are paused): withdrawn with the rejection
      const held = request.status === "APPROVED" && payout?.status === NOT_SIGNED;
      const rejectable = request.status === "PENDING" || (request.status === "APPROVED" && (failedForGood || held));
      if (request.status === "REJECTED") return;
      if (!rejectable) throw conflict(`This request is ${request.status.toLowerCase()} and can no longer be rejected`);
      const t = clock();
      if (held && !repo.withdraw(payout.id, t)) throw conflict(notWithdrawable(payout.status));
      requests.reject(id, reason, actor.admin.id, t);
      budget.releaseBudget(id);
      const details = held ? { reason, withdrawnPayout: payout.id } : { reason };
      recordAudit(
        db,
        {
          actor: actor.admin,
          action: "faucet_request.reject",
          targetType: "faucet_request",
          targetId: id,
          details,
          ip: actor.ip,
        },
        t,
      );
      notifyFaucetRequest(db, id, { kind: "REQUEST_REJECTED", reason: reason || null }, t);
    });

  const pay = (userId: number, actor: Actor): number =>
    immediate(db, () => {
      const user = repo.user(userId);
      if (!user) throw notFound("User not found");
      const open = repo.openUserPayment(userId);
      if (open !== undefined) return open;
      if (!user.address) throw badRequest("This user has no XRP address set");
      if (user.owedDrops <= 0) throw badRequest("Nothing is owed to this user");
      refuseBlocked(user.address);
      const t = clock();
      const payoutId = repo.insertPayout({
        kind: "USER_PAYMENT",
        faucetRequestId: null,
        userId,
        destination: user.address,
        destinationTag: user.destinationTag,
        amountDrops: user.owedDrops,
        requestedBy: actor.admin.id,
        at: t,
      });
      repo.attachRewards(payoutId, userId);
      recordAudit(
        db,
        {
          actor: actor.admin,
          action: "user.pay",
          targetType: "user",
          targetId: userId,
          details: { amount: formatXrp(user.owedDrops), payoutId },
          ip: actor.ip,
        },
        t,
      );
      return payoutId;
    });

  // Withdraws a payout not yet signed ('queued'): as if nothing was sent. A faucet request goes back
  // to PENDING (nobody's decision, its budget given back) for a person to decide again; a user
  // payment's rewards are unpaid again, the amount still owed. One transaction, with the audit entry.
  const withdraw = (payoutId: number, actor: Actor) =>
    immediate(db, () => {
      const payout = repo.payoutToWithdraw(payoutId);
      if (!payout) throw notFound("Payout not found");
      if (payout.status === WITHDRAWN) return { payout, outcome: "unchanged" as Withdrawal };
      const t = clock();
      if (!repo.withdraw(payoutId, t)) throw conflict(notWithdrawable(payout.status), "PAYOUT_NOT_WITHDRAWABLE");
      if (payout.kind === "FAUCET_REQUEST" && payout.faucetRequestId !== null) {
        // (a queued payout's request is APPROVED: anything else rolls the withdrawal back)
        if (!requests.backToPending(payout.faucetRequestId))
          throw conflict("This payout's request is no longer approved: reload the page", "PAYOUT_NOT_WITHDRAWABLE");
        budget.releaseBudget(payout.faucetRequestId);
      } else {
        repo.detachRewards(payoutId);
      }
      const details = {
        kind: payout.kind,
        amount: formatXrp(payout.amountDrops),
        destination: payout.destination,
        requestId: payout.faucetRequestId,
        userId: payout.userId,
      };
      recordAudit(
        db,
        {
          actor: actor.admin,
          action: "payout.withdraw",
          targetType: "payout",
          targetId: payoutId,
          details,
          ip: actor.ip,
        },
        t,
      );
      return { payout, outcome: "withdrawn" as Withdrawal };
    });

  const service = {
    approveFaucetRequest(id: number, actor: Actor) {
      requireStepUp(actor);
      const e = requireEngine();
      const outcome = approve(id, actor);
      if (outcome !== "unchanged") void e.kick().catch(() => {});
      return outcome;
    },

    // The auto-approve rule approving a pending request (modules/auto-approve); no engine, no approval.
    autoApproveFaucetRequest(
      id: number,
      riskScore: number,
      { dayStart, maxPerDayDrops }: { dayStart: number; maxPerDayDrops: number },
    ): AutoApproval {
      const e = engine();
      if (!e) return "no_engine";
      const outcome = autoApprove(id, riskScore, dayStart, maxPerDayDrops);
      if (outcome === "queued") void e.kick().catch(() => {});
      return outcome;
    },

    rejectFaucetRequest(id: number, reason: string, actor: Actor) {
      reject(id, reason, actor);
    },

    // The admin's decision on a faucet request: APPROVED queues its payout (step-up first), REJECTED
    // gives its budget back with the reason (or the default one).
    decideFaucetRequest(id: number, decision: FaucetDecision, actor: Actor) {
      if (decision.action === "APPROVED") {
        const outcome = service.approveFaucetRequest(id, actor);
        return { message: outcome === "unchanged" ? "Already approved" : DECISION_DONE, outcome };
      }
      if (decision.action !== "REJECTED") throw payoutErrors.unknownDecision();
      reject(id, decision.reason?.trim() || DEFAULT_REJECT_REASON, actor);
      return { message: DECISION_DONE, outcome: "rejected" as const };
    },

    // Withdraws a payout not yet signed (POST /api/admin/payouts/:id/withdraw). No fresh code: it
    // stops money, it does not move it; no engine needed either.
    withdrawPayout(payoutId: number, actor: Actor) {
      const { payout, outcome } = withdraw(payoutId, actor);
      return { message: withdrawnMessage(payout, outcome), outcome, payout: payoutView(repo.payoutById(payoutId)!) };
    },

    // Queues (or finds) the user's payment and waits up to `waitMs` for the ledger's verdict.
    async payUser(userId: number, actor: Actor, waitMs: number) {
      requireStepUp(actor);
      const e = requireEngine();
      const id = pay(userId, actor);
      void e.kick().catch(() => {});
      const deadline = Date.now() + waitMs;
      let payout = repo.payoutById(id)!;
      while (
        !["paid", "failed_on_ledger", "preflight_refused", "needs_attention"].includes(payout.status) &&
        Date.now() < deadline
      ) {
        await Bun.sleep(100);
        payout = repo.payoutById(id)!;
      }
      return payoutView(payout);
    },
  };
  return service;
}
export type PayoutService = ReturnType<typeof createPayoutService>;
