// A visitor withdraws their own request while it waits for review: only the device that made it (its
// device cookie) or the signed-in user it was made for may, and to anyone else it does not exist.
// One transaction: the request rejected by its visitor (request-status.ts), its budget given back to
// the day that held it, the audit entry. It still counts for its address's day (docs/decisions.md).
import type { Db } from "../../db/client.ts";
import { immediate } from "../../db/transaction.ts";
import { formatXrp } from "../../shared/money.ts";
import { recordAudit, VISITOR_ACTOR } from "../audit/service.ts";
import type { BudgetPools } from "./budget-pools.ts";
import { faucetErrors, publicFaucetRequestView } from "./model.ts";
import type { FaucetRepository } from "./repository.ts";
import type { RequestStatus } from "./request-status.ts";

// Who asks to withdraw: their device, their account when signed in, their IP (for the audit log).
export interface Withdrawer {
  deviceId: string;
  user: { id: number; username: string } | null;
  ip: string;
}

export interface VisitorWithdrawDeps {
  db: Db;
  clock: () => number;
  repo: Pick<FaucetRepository, "byId">;
  requests: Pick<RequestStatus, "withdrawByVisitor">;
  pools: Pick<BudgetPools, "releaseBudget">;
}

export function createVisitorWithdraw({ db, clock, repo, requests, pools }: VisitorWithdrawDeps) {
  return (id: number, who: Withdrawer) =>
    immediate(db, () => {
      const request = repo.byId(id);
      const theirs =
        request !== undefined &&
        (request.deviceId === who.deviceId || (who.user !== null && request.userId === who.user.id));
      if (!theirs) throw faucetErrors.notYours();
      if (request.status !== "PENDING") throw faucetErrors.notWithdrawable(request.status);
      const at = clock();
      requests.withdrawByVisitor(id, at);
      pools.releaseBudget(id);
      recordAudit(
        db,
        {
          actor: who.user ?? VISITOR_ACTOR,
          action: "faucet_request.withdraw",
          targetType: "faucet_request",
          targetId: id,
          details: { amount: formatXrp(request.amountDrops), address: request.address },
          ip: who.ip,
        },
        at,
      );
      return publicFaucetRequestView(repo.byId(id)!);
    });
}
export type VisitorWithdraw = ReturnType<typeof createVisitorWithdraw>;
