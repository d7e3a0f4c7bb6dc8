// The admin's claims and rewards: the pending and processed lists, and the decisions (approving
// adds the amount to what the user is owed).
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { adminListQuery, idParam } from "../../http/params.ts";
import { hasListFilter, type ListFilter, listFilter } from "../../lib/list-filter.ts";
import {
  CLAIM_STATUSES,
  claimDecisionBody,
  decisionOf,
  decisionReason,
  PENDING_LIST,
  PROCESSED_LIST,
  REWARD_ACTIONS,
  rewardDecisionBody,
} from "./model.ts";
import type { RewardService } from "./service.ts";

export interface RewardRouteDeps {
  context: ContextDeps;
  rewards: RewardService;
}

// A filtered list's page: the count of matches and the page size in the headers, as the faucet's list.
function paged<T extends { total: number | null; pageSize: number | null }>(
  { total, pageSize, ...body }: T,
  set: { headers: Record<string, unknown> },
) {
  if (total !== null) {
    set.headers["x-total-count"] = String(total);
    set.headers["x-page-size"] = String(pageSize);
  }
  return body;
}
const filterOf = (query: Record<string, unknown>, list: Parameters<typeof listFilter>[1]): ListFilter | null =>
  hasListFilter(query) ? listFilter(query, list) : null;

export function rewardRoutes({ context, rewards }: RewardRouteDeps) {
  return (
    new Elysia()
      .use(adminContext(context))
      .get("/api/admin/claims", ({ query, set }) => paged(rewards.pendingClaims(filterOf(query, PENDING_LIST)), set), {
        query: adminListQuery,
      })
      .get(
        "/api/admin/processed-claims",
        ({ query, set }) => paged(rewards.processedClaims(filterOf(query, PROCESSED_LIST)), set),
        { query: adminListQuery },
      )
      // the decision is checked before the id, so a bad decision is the error a client sees first
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
