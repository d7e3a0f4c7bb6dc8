// All SQL of the auto-approve rule: the pending faucet requests it may approve. Prepared once. (What it
// does to a request, leaving it for a person, is the faucet's request-status.ts.)
import { and, asc, count, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { faucetRequests, type FaucetRequest } from "../../db/schema.ts";

const p = sql.placeholder;
const r = faucetRequests;

// At most this many requests per run (the oldest first); the next run takes the rest.
export const AUTO_APPROVE_BATCH = 50;

export function createAutoApproveRepository(db: Db) {
  // Plain faucet requests (not reviewer bonuses) waiting since `heldSince` or earlier, scored at or
  // below the threshold when they came, that the rule has not left for a person.
  const candidates = db
    .select()
    .from(r)
    .where(
      and(
        eq(r.status, "PENDING"),
        isNull(r.reason),
        isNull(r.autoApproveSkip),
        lte(r.riskScore, p("maxRiskScore")),
        lte(r.createdAt, p("heldSince")),
      ),
    )
    .orderBy(asc(r.createdAt), asc(r.id))
    .limit(AUTO_APPROVE_BATCH)
    .prepare();

  // Requests auto-approved since a moment from one network (IPv6 /48, IPv4 /24) or IP group.
  const approvedFrom = db
    .select({ n: count() })
    .from(r)
    .where(
      and(
        eq(r.autoApproved, true),
        gte(r.processedAt, p("since")),
        or(eq(r.ipNetwork, p("network")), eq(r.ipGroup, p("group"))),
      ),
    )
    .prepare();

  return {
    approvedFromNetworkSince: (request: Pick<FaucetRequest, "ipNetwork" | "ipGroup">, since: number): number =>
      approvedFrom.get({ network: request.ipNetwork ?? request.ipGroup ?? "", group: request.ipGroup ?? "", since })!.n,
    candidates: (maxRiskScore: number, heldSince: number): FaucetRequest[] =>
      candidates.all({ maxRiskScore, heldSince }),
  };
}
