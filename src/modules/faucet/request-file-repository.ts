// The SQL of one request's file on /admin/requests (request-file.ts) besides the request itself (the
// admin list's row: admin-list-repository.ts): its address's other requests with their payouts, and
// the audit entries about it. Each read is served by an index: the address's
// (faucet_requests_address_time), the payout's request (payouts_faucet_request), the audit log's
// target (audit_log_target).
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditLog, faucetRequests as r, payouts } from "../../db/schema.ts";

const p = sql.placeholder;
// how many of the address's other requests, and of the audit entries, the file shows (newest first)
export const REQUEST_FILE_LIMIT = 20;

export function createRequestFileRepository(db: Db) {
  const sameAddress = db
    .select({
      id: r.id,
      status: r.status,
      amountDrops: r.amountDrops,
      createdAt: r.createdAt,
      processedAt: r.processedAt,
      txHash: r.txHash,
      rejectReason: r.rejectReason,
      riskScore: r.riskScore,
      payoutState: payouts.status,
    })
    .from(r)
    .leftJoin(payouts, eq(payouts.faucetRequestId, r.id))
    .where(and(eq(r.address, p("address")), ne(r.id, p("id"))))
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(REQUEST_FILE_LIMIT)
    .prepare();
  const trail = db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, "faucet_request"), eq(auditLog.targetId, p("id"))))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(REQUEST_FILE_LIMIT)
    .prepare();

  return {
    sameAddress: (address: string, id: number) => sameAddress.all({ address, id }),
    trail: (id: number) => trail.all({ id: String(id) }),
  };
}
export type RequestFileRepository = ReturnType<typeof createRequestFileRepository>;
export type SameAddressRow = ReturnType<RequestFileRepository["sameAddress"]>[number];
