// The admin's calls that move money: the decision on a faucet request (approving queues its payout,
// rejecting gives the budget back), paying a user what they are owed, and withdrawing a payout not
// yet signed (held while payouts are paused).
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { idParam } from "../../http/params.ts";
import { faucetDecisionBody, paymentAnswer } from "./model.ts";
import type { PayoutService } from "./service.ts";

export interface PayoutRouteDeps {
  context: ContextDeps;
  payouts: PayoutService;
  // How long POST /api/admin/pay waits for the ledger's verdict before answering 202.
  payWaitMs: number;
}

export function payoutRoutes({ context, payouts, payWaitMs }: PayoutRouteDeps) {
  return new Elysia()
    .use(adminContext(context))
    .post(
      "/api/admin/faucet/requests/:id",
      ({ params, body, actor }) => payouts.decideFaucetRequest(idParam(params.id), body ?? {}, actor),
      {
        body: faucetDecisionBody,
      },
    )
    .post("/api/admin/pay/:userId", async ({ params, actor, set }) => {
      const answer = paymentAnswer(await payouts.payUser(idParam(params.userId), actor, payWaitMs));
      set.status = answer.status;
      return answer.body;
    })
    .post("/api/admin/payouts/:id/withdraw", ({ params, actor }) => payouts.withdrawPayout(idParam(params.id), actor));
}
