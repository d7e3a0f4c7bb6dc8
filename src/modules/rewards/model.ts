// What the admin's claims calls accept and answer: the decision bodies, the view of a reward (a
// "claim"), and the claims' own errors.
import type { Reward } from "../../db/schema.ts";
import { jsonBody, text } from "../../http/body.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { formatXrp } from "../../shared/money.ts";
import { iso } from "../../lib/time.ts";

// What a claim may become (POST /api/admin/claims/:id), and the subset the rewards list offers
// (POST /api/admin/rewards/:id).
export const CLAIM_STATUSES = ["APPROVED", "PAID", "DENIED"] as const;
// The filters of the pending and processed lists (lib/list-filter.ts): the statuses each may show.
export const PENDING_LIST = {
  statuses: ["PENDING", ...CLAIM_STATUSES],
  risk: false,
  sorts: ["createdAt", "amount"],
} as const;
export const PROCESSED_LIST = { statuses: CLAIM_STATUSES, risk: false, sorts: ["createdAt", "amount"] } as const;
export const REWARD_ACTIONS = ["APPROVED", "DENIED"] as const;
export type ClaimDecision = (typeof CLAIM_STATUSES)[number];

export const REASON_INVALID = "reason must be text of at most 500 characters";
const oneOf = (field: string, allowed: readonly string[]) => `${field} must be one of ${allowed.join(", ")}`;

const reason = text(500, REASON_INVALID);
export const claimDecisionBody = jsonBody({ status: text(20, oneOf("status", CLAIM_STATUSES)), reason });
export const rewardDecisionBody = jsonBody({ action: text(20, oneOf("action", REWARD_ACTIONS)), reason });

// The X-Error-Code of each is the one these answers always had: the generic code of its status.
export const rewardErrors = {
  notADecision: (field: string, allowed: readonly string[]) => badRequest(oneOf(field, allowed)),
  notFound: () => notFound("Claim not found"),
  alreadyDecided: (status: string) => conflict(`This claim was already ${status.toLowerCase()}`),
};

// The decision a body names, one of `allowed`, else 400 with the field's message. (Checked here, not
// as a required field of the schema: schemas are checked before the admin guard, and a body without
// a decision from a visitor must still get the guard's 401/403.)
export function decisionOf<D extends ClaimDecision>(
  value: string | null | undefined,
  allowed: readonly D[],
  field: string,
): D {
  const decision = allowed.find((d) => d === value);
  if (!decision) throw rewardErrors.notADecision(field, allowed);
  return decision;
}

// The admin's reason as stored: none when empty.
export const decisionReason = (value: string | null | undefined) => (value ? value.trim() : null);

// A reward as the admin's lists show it; `username` where the list joined its user.
export type RewardRow = Reward & { username?: string | null };
export const rewardView = (r: RewardRow) => ({
  id: r.id,
  userId: r.userId,
  type: r.type,
  amount: formatXrp(r.amountDrops),
  status: r.status,
  platform: r.platform,
  address: r.address,
  reason: r.reason,
  denyReason: r.denyReason,
  createdAt: new Date(r.createdAt).toISOString(),
  processedAt: iso(r.processedAt),
  txHash: r.txHash,
  username: r.username ?? null,
  // where the claim came from (the claimant's IP, its IPv6 /48 or IPv4 /24, the device cookie) and
  // what that says (social/risk.ts); null for rewards made before they were stored
  ip: r.ip,
  ipNetwork: r.ipNetwork,
  deviceId: r.deviceId,
  riskScore: r.riskScore,
  riskReasons: r.riskReasons ?? [],
});
export type RewardView = ReturnType<typeof rewardView>;
// The answer to a decision: the reward, its `reason` the admin's (as this answer always gave it).
export const decisionView = (r: RewardRow) => ({ ...rewardView(r), reason: r.denyReason ?? r.reason });
