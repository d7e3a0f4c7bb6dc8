// All SQL of the auto-approve rule: the pending faucet requests it may approve. Prepared once.
import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { faucetRequests, type FaucetRequest } from "../../db/schema.ts";

const p = sql.placeholder;
const r = faucetRequests;

// At most this many requests per run (the oldest first); the next run takes the rest.
export const AUTO_APPROVE_BATCH = 50;

export function createAutoApproveRepository(db: Db) {
  // Plain faucet requests (not reviewer bonuses) waiting since `heldSince` or earlier, scored at or
  // below the threshold when they came.
  const candidates = db
    .select()
    .from(r)
    .where(and(eq(r.status, "PENDING"), isNull(r.reason), lte(r.riskScore, p("maxRiskScore")), lte(r.createdAt, p("heldSince"))))
    .orderBy(asc(r.createdAt), asc(r.id))
    .limit(AUTO_APPROVE_BATCH)
    .prepare();

  return {
    candidates: (maxRiskScore: number, heldSince: number): FaucetRequest[] => candidates.all({ maxRiskScore, heldSince }),
  };
}
