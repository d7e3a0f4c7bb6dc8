// The admin actions that move money, on the database side: each is a compare-and-set in one
// transaction, so double clicks and retries queue at most one payout. The engine (src/payouts) does
// the rest; what its settlement does to a request or a user is settlement.ts. A request's decision is
// decisions.ts, withdrawing a payout not yet signed withdrawal.ts.
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, HttpError, notFound } from "../../lib/errors.ts";
import { formatXrp } from "../../shared/money.ts";
import { immediate } from "../../db/transaction.ts";
import type { Actor } from "../../auth/actor.ts";
import { requireStepUp } from "../../auth/step-up.ts";
import type { PayoutEngine } from "../../payouts/engine.ts";
import { recordAudit } from "../audit/service.ts";
import { type AutoApproval, createRequestDecisions, type FaucetBudget, type RequestTransitions } from "./decisions.ts";
import {
  BLOCKED_DESTINATION,
  DECISION_DONE,
  DEFAULT_REJECT_REASON,
  type FaucetDecision,
  PAYOUTS_NOT_CONFIGURED,
  payoutErrors,
  payoutView,
  withdrawnMessage,
} from "./model.ts";
import { createPayoutRepository } from "./repository.ts";
import { createWithdrawal } from "./withdrawal.ts";

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
  requests: RequestTransitions;
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
  const { approve, autoApprove, reject } = createRequestDecisions({ db, clock, repo, budget, requests, refuseBlocked });
  const withdraw = createWithdrawal({ db, clock, repo, budget, requests });
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

  const service = {
    approveFaucetRequest(id: number, actor: Actor, reason: string | null = null) {
      requireStepUp(actor);
      const e = requireEngine();
      const outcome = approve(id, actor, reason);
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
        const outcome = service.approveFaucetRequest(id, actor, decision.reason?.trim() || null);
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
