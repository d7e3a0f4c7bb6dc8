// An admin's or the auto-approve rule's decision on a faucet request, on the database side: each is a
// compare-and-set in one transaction with the budget, the queued payout, the audit entry and the
// user's notice, so double clicks and retries queue at most one payout.
import type { Db } from "../../db/client.ts";
import { conflict, HttpError, notFound } from "../../lib/errors.ts";
import { formatXrp } from "../../shared/money.ts";
import { immediate } from "../../db/transaction.ts";
import type { Actor } from "../../auth/actor.ts";
import type { RequestStatus } from "../faucet/request-status.ts";
import { AUTO_ACTOR, recordAudit } from "../audit/service.ts";
import { notifyFaucetRequest } from "../notifications/service.ts";
import { notWithdrawable } from "./model.ts";
import { FAILED_FOR_GOOD, NOT_SIGNED, type PayoutRepository } from "./repository.ts";

// What the auto-approve rule's approval did: queued the payout, or left the request as it was.
export type AutoApproval = "queued" | "not_pending" | "over_daily_cap" | "over_budget" | "no_engine";

// The faucet's day budget, moved in the same transaction as the admin's decision.
export interface FaucetBudget {
  holdBudget(faucetRequestId: number): void;
  releaseBudget(faucetRequestId: number): void;
}

// the request's state: the faucet's transitions (modules/faucet/request-status.ts)
export type RequestTransitions = Pick<
  RequestStatus,
  "approve" | "reject" | "backToPending" | "payoutRetried" | "autoApprovedDropsSince"
>;

export function createRequestDecisions({
  db,
  clock,
  repo,
  budget,
  requests,
  refuseBlocked,
}: {
  db: Db;
  clock: () => number;
  repo: PayoutRepository;
  budget: FaucetBudget;
  requests: RequestTransitions;
  refuseBlocked: (address: string) => void;
}) {
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

  // What an approval's audit entry says: the amount, where it goes, and why (the admin's words when
  // given, else what the request was for: a bonus's kind).
  const approvalDetails = (
    request: { address: string; destinationTag: number | null; amountDrops: number; reason: string | null },
    reason: string | null,
  ) => ({
    amount: formatXrp(request.amountDrops),
    address: request.address,
    ...(request.destinationTag === null ? {} : { destinationTag: request.destinationTag }),
    reason: reason || request.reason,
  });

  const approve = (id: number, actor: Actor, reason: string | null = null) =>
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
            details: approvalDetails(request, reason),
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
          details: { ...approvalDetails(request, null), riskScore },
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

  return { approve, autoApprove, reject };
}
