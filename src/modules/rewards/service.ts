// Rewards (the admin's "claims"): PENDING -> APPROVED (owed: added to totalClaimed), PAID (paid
// outside the app: recorded only) or DENIED (with a reason). A compare-and-set from PENDING.
import type { Db } from "../../db/client.ts";
import { conflict, notFound } from "../../http/errors.ts";
import { formatXrp } from "../../money.ts";
import { recordAudit } from "../audit/service.ts";
import type { Actor } from "../../payouts/service.ts";

export const CLAIM_STATUSES = ["APPROVED", "PAID", "DENIED"] as const;
export type ClaimDecision = (typeof CLAIM_STATUSES)[number];

interface RewardRecord {
  id: number;
  user_id: number;
  type: string;
  amount_drops: number;
  status: string;
  platform: string | null;
  address: string | null;
  reason: string | null;
  created_at: number;
  processed_at: number | null;
  tx_hash: string | null;
  username?: string;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const rewardView = (r: RewardRecord) => ({
  id: r.id,
  userId: r.user_id,
  type: r.type,
  amount: formatXrp(r.amount_drops),
  status: r.status,
  platform: r.platform,
  address: r.address,
  reason: r.reason,
  createdAt: iso(r.created_at)!,
  processedAt: iso(r.processed_at),
  txHash: r.tx_hash,
  username: r.username ?? null,
});

export function createRewardService({ db, clock }: { db: Db; clock: () => number }) {
  const sqlite = db.sqlite;
  const decide = sqlite.transaction((id: number, decision: ClaimDecision, reason: string | null, actor: Actor) => {
    const reward = sqlite.query<RewardRecord, [number]>("select * from rewards where id = ?").get(id);
    if (!reward) throw notFound("Claim not found");
    if (reward.status !== "PENDING") {
      if (reward.status === decision) return reward; // a repeated click
      throw conflict(`This claim was already ${reward.status.toLowerCase()}`);
    }
    const t = clock();
    sqlite.run("update rewards set status = ?, reason = ?, processed_by = ?, processed_at = ? where id = ? and status = 'PENDING'", [decision, reason, actor.admin.id, t, id]);
    if (decision === "APPROVED") sqlite.run("update users set total_claimed_drops = total_claimed_drops + ? where id = ?", [reward.amount_drops, reward.user_id]);
    recordAudit(db, { actor: actor.admin, action: `reward.${decision.toLowerCase()}`, targetType: "reward", targetId: id, details: { amount: formatXrp(reward.amount_drops), reason }, ip: actor.ip }, t);
    return sqlite.query<RewardRecord, [number]>("select * from rewards where id = ?").get(id)!;
  });

  return {
    decide: (id: number, decision: ClaimDecision, reason: string | null, actor: Actor) => rewardView(decide.immediate(id, decision, reason, actor)),
    pending: () => sqlite.query<RewardRecord, []>("select r.*, u.username from rewards r join users u on u.id = r.user_id where r.status = 'PENDING' order by r.created_at, r.id limit 500").all().map(rewardView),
    processed: (limit = 200) =>
      sqlite.query<RewardRecord, [number]>("select r.*, u.username from rewards r join users u on u.id = r.user_id where r.status != 'PENDING' order by r.processed_at desc, r.id desc limit ?").all(limit).map(rewardView),
  };
}
export type RewardService = ReturnType<typeof createRewardService>;
