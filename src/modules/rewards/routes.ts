// The admin's claims and rewards: the pending and processed lists, and the decisions (approving
// adds the amount to what the user is owed).
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { idParam } from "../../http/params.ts";
import { CLAIM_STATUSES, claimDecisionBody, decisionOf, decisionReason, REWARD_ACTIONS, rewardDecisionBody } from "./model.ts";
import type { RewardService } from "./service.ts";

export interface RewardRouteDeps {
  context: ContextDeps;
  rewards: RewardService;
}

export function rewardRoutes({ context, rewards }: RewardRouteDeps) {
  return (
    new Elysia()
      .use(adminContext(context))
      .get("/api/admin/claims", () => rewards.pendingClaims())
      .get("/api/admin/processed-claims", () => rewards.processedClaims())
      // (the decision is read before the id, as the API always has)
      .post(
        "/api/admin/claims/:id",
        ({ params, body, actor }) => {
          const status = decisionOf(body?.status, CLAIM_STATUSES, "status");
          return rewards.decide(idParam(params.id), status, decisionReason(body?.reason), actor);
        },
        { body: claimDecisionBody },
      )
      .post(
        "/api/admin/rewards/:id",
        ({ params, body, actor }) => {
          const action = decisionOf(body?.action, REWARD_ACTIONS, "action");
          return rewards.decide(idParam(params.id), action, decisionReason(body?.reason), actor);
        },
        { body: rewardDecisionBody },
      )
  );
}
