// Withdrawing a payout not yet signed (held while payouts are paused), as if nothing was sent.
import type { Db } from "../../db/client.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { formatXrp } from "../../shared/money.ts";
import { immediate } from "../../db/transaction.ts";
import type { Actor } from "../../auth/actor.ts";
import { recordAudit } from "../audit/service.ts";
import type { FaucetBudget, RequestTransitions } from "./decisions.ts";
import { notWithdrawable } from "./model.ts";
import { type PayoutRepository, WITHDRAWN } from "./repository.ts";

// What withdrawing a payout did: withdrew it, or nothing (it was withdrawn already: a repeat click).
export type Withdrawal = "withdrawn" | "unchanged";

export function createWithdrawal({
  db,
  clock,
  repo,
  budget,
  requests,
}: {
  db: Db;
  clock: () => number;
  repo: PayoutRepository;
  budget: FaucetBudget;
  requests: RequestTransitions;
}) {
  // Withdraws a payout not yet signed ('queued'): as if nothing was sent. A faucet request goes back
  // to PENDING (nobody's decision, its budget given back) for a person to decide again; a user
  // payment's rewards are unpaid again, the amount still owed. One transaction, with the audit entry.
  return (payoutId: number, actor: Actor) =>
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
}
