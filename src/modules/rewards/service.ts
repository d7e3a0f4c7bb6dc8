// Rewards (the admin's "claims"): PENDING -> APPROVED (owed: added to totalClaimed), PAID (paid
// outside the app: recorded only) or DENIED (with a reason). A claim waits holding none of the
// bonus budget; approving it or marking it paid takes its amount from today's (or is refused when
// the day's bonus budget cannot cover it). A compare-and-set from PENDING, in one transaction with
// the owed total, the budget and the audit record.
import type { Db } from "../../db/client.ts";
import { immediate } from "../../db/transaction.ts";
import type { ListFilter } from "../../lib/list-filter.ts";
import { formatXrp } from "../../shared/money.ts";
import type { Actor } from "../../auth/actor.ts";
import { requireStepUp } from "../../auth/step-up.ts";
import type { PublicUser } from "../account/model.ts";
import type { FaucetService } from "../faucet/service.ts";
import { recordAudit } from "../audit/service.ts";
import { notifyRewardDecision } from "../notifications/service.ts";
import { type ClaimDecision, decisionView, type RewardRow, rewardErrors, rewardView } from "./model.ts";
import { createRewardRepository } from "./repository.ts";
import { type LiveChanged, NOTHING_WATCHES } from "../live/model.ts";

export const PROCESSED_LIMIT = 200;
// A page of the filtered view.
export const CLAIMS_PAGE_SIZE = 200;

export interface RewardDeps {
  db: Db;
  clock: () => number;
  // Users as the API shows them, by id: the account feature's publicUsersByIds.
  publicUsersByIds: (ids: number[]) => PublicUser[];
  // the day's bonus budget, which an approved claim takes its amount from (and a denied one that
  // held some, made before claims waited holding none, gives back)
  faucet: Pick<FaucetService, "holdBonus" | "releaseBonus">;
  // told of each decision, for the admins watching (modules/live)
  changed?: LiveChanged;
}

export function createRewardService({ db, clock, publicUsersByIds, faucet, changed = NOTHING_WATCHES }: RewardDeps) {
  const repo = createRewardRepository(db);
  // The users behind a list of rewards.
  const usersOf = (rows: RewardRow[]) => publicUsersByIds(rows.map((row) => row.userId));

  const decide = (id: number, decision: ClaimDecision, reason: string | null, actor: Actor): RewardRow => {
    const reward = repo.byId(id);
    if (!reward) throw rewardErrors.notFound();
    if (reward.status !== "PENDING") {
      if (reward.status === decision) return reward; // a repeated click
      throw rewardErrors.alreadyDecided(reward.status);
    }
    const at = clock();
    if (decision !== "DENIED" && reward.budgetDay === null) repo.setBudgetDay(id, faucet.holdBonus(reward.amountDrops));
    repo.decide(id, decision, reason, actor.admin.id, at);
    if (decision === "APPROVED") repo.addOwed(reward.userId, reward.amountDrops);
    if (decision === "DENIED" && reward.budgetDay !== null) {
      repo.setBudgetDay(id, null);
      faucet.releaseBonus(reward.budgetDay, reward.amountDrops);
    }
    recordAudit(
      db,
      {
        actor: actor.admin,
        action: `reward.${decision.toLowerCase()}`,
        targetType: "reward",
        targetId: id,
        // (the address the claim names, shown with the amount in the audit log)
        details: { amount: formatXrp(reward.amountDrops), address: reward.address, reason },
        ip: actor.ip,
      },
      at,
    );
    notifyRewardDecision(db, reward, decision, reason, at);
    return repo.byId(id)!;
  };

  return {
    // A user payment settled (modules/payouts/settlement.ts, inside the engine's transaction): paid
    // on the ledger, the rewards it paid are PAID and the owed balance lowered by its amount; failed,
    // its rewards are free for the next payment and the balance stays owed.
    payoutPaid(payout: { id: number; userId: number | null; amountDrops: number }, txHash: string, at: number) {
      repo.paidBy(payout.id, txHash, at);
      repo.lowerOwed(payout.userId, payout.amountDrops);
    },
    payoutFailed: (payoutId: number) => void repo.freeFrom(payoutId),

    // approving a claim or marking it paid moves money: a fresh two-factor code (auth/step-up.ts)
    decide(id: number, decision: ClaimDecision, reason: string | null, actor: Actor) {
      if (decision === "APPROVED" || decision === "PAID") requireStepUp(actor);
      const decided = decisionView(immediate(db, () => decide(id, decision, reason, actor)));
      changed("claims");
      return decided;
    },
    // The pending rewards, oldest first (at most 500).
    pending: () => repo.pending().map(rewardView),
    // The admin's claims screen: the pending rewards and their users. With a filter (status,
    // reason, dates, search, sort): the matching rewards, a page, and how many match.
    pendingClaims(filter: ListFilter | null = null) {
      const { rows, total } = filter
        ? repo.filteredPage(filter, false, CLAIMS_PAGE_SIZE)
        : { rows: repo.pending(), total: null };
      return {
        pendingRewards: rows.map(rewardView),
        users: usersOf(rows),
        total,
        pageSize: filter ? CLAIMS_PAGE_SIZE : null,
      };
    },
    // The processed ones, last decided first, and their users; filtered likewise.
    processedClaims(filter: ListFilter | null = null) {
      const { rows, total } = filter
        ? repo.filteredPage(filter, true, CLAIMS_PAGE_SIZE)
        : { rows: repo.processed(PROCESSED_LIMIT), total: null };
      return {
        processedClaims: rows.map(rewardView),
        users: usersOf(rows),
        total,
        pageSize: filter ? CLAIMS_PAGE_SIZE : null,
      };
    },
  };
}
export type RewardService = ReturnType<typeof createRewardService>;
