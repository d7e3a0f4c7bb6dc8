// All SQL of the back office's own reads, prepared once with Drizzle's builder: what waits for an
// admin, and everything about one user (their requests and rewards, the payouts to them or of their
// requests, the IPs and devices their requests came from, the audit entries about them).
import { and, count, desc, eq, inArray, max, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { advertisingRequests, auditLog, faucetRequests, payouts, reviews, rewards, users } from "../../db/schema.ts";
import type { AdminFaucetRequestRow } from "../faucet/model.ts";
import type { RewardRow } from "../rewards/model.ts";
import { USER_FILE_LIMIT, type UserFilePayoutRow, type WaitingCounts } from "./model.ts";

const p = sql.placeholder;
const f = faucetRequests;

export function createBackOfficeRepository(db: Db) {
  const pendingRequests = db.select({ n: count() }).from(f).where(eq(f.status, "PENDING")).prepare();
  const pendingClaims = db.select({ n: count() }).from(rewards).where(eq(rewards.status, "PENDING")).prepare();
  const heldReviews = db.select({ n: count() }).from(reviews).where(eq(reviews.approved, false)).prepare();
  const newEnquiries = db.select({ n: count() }).from(advertisingRequests).where(eq(advertisingRequests.status, "PENDING")).prepare();

  const user = db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      xrpAddress: users.xrpAddress,
      xrpDestinationTag: users.xrpDestinationTag,
      isAdmin: users.isAdmin,
      points: users.points,
      totalClaimedDrops: users.totalClaimedDrops,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, p("userId")))
    .prepare();
  const requests = db
    .select({
      request: f,
      userName: users.username,
      userEmail: users.email,
      payoutState: payouts.status,
      payoutMessage: payouts.error,
      // who decided (the faucet's admin view names them)
      processedByName: sql<string | null>`(select ${users.username} from ${users} where ${users.id} = ${f.processedBy})`,
    })
    .from(f)
    .leftJoin(users, eq(users.id, f.userId))
    .leftJoin(payouts, eq(payouts.faucetRequestId, f.id))
    .where(eq(f.userId, p("userId")))
    .orderBy(desc(f.createdAt), desc(f.id))
    .limit(USER_FILE_LIMIT)
    .prepare();
  const userRewards = db
    .select({ reward: rewards, username: users.username })
    .from(rewards)
    .innerJoin(users, eq(users.id, rewards.userId))
    .where(eq(rewards.userId, p("userId")))
    .orderBy(desc(rewards.createdAt), desc(rewards.id))
    .limit(USER_FILE_LIMIT)
    .prepare();
  // The payments to the user and the payouts of the faucet requests they made while logged in.
  const toUser = or(eq(payouts.userId, p("userId")), eq(f.userId, p("userId")));
  const userPayouts = db
    .select({
      id: payouts.id,
      kind: payouts.kind,
      amountDrops: payouts.amountDrops,
      destination: payouts.destination,
      destinationTag: payouts.destinationTag,
      status: payouts.status,
      txHash: payouts.txHash,
      ledgerIndex: payouts.ledgerIndex,
      error: payouts.error,
      createdAt: payouts.createdAt,
    })
    .from(payouts)
    .leftJoin(f, eq(f.id, payouts.faucetRequestId))
    .where(toUser)
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(USER_FILE_LIMIT)
    .prepare();
  const paid = db
    .select({ drops: sql<number | null>`sum(${payouts.amountDrops})` })
    .from(payouts)
    .leftJoin(f, eq(f.id, payouts.faucetRequestId))
    .where(and(eq(payouts.status, "paid"), toUser))
    .prepare();
  const seen = (column: typeof f.requesterIp | typeof f.deviceId) =>
    db
      .select({ key: sql<string>`${column}`, n: count(), last: max(f.createdAt) })
      .from(f)
      .where(and(eq(f.userId, p("userId")), sql`${column} is not null`))
      .groupBy(column)
      .orderBy(desc(max(f.createdAt)))
      .limit(USER_FILE_LIMIT)
      .prepare();
  const ips = seen(f.requesterIp);
  const devices = seen(f.deviceId);
  // Entries about the user, their faucet requests or their rewards (target ids are stored as text).
  const audit = db
    .select()
    .from(auditLog)
    .where(
      or(
        and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, p("userKey"))),
        and(eq(auditLog.targetType, "faucet_request"), inArray(auditLog.targetId, db.select({ id: sql<string>`cast(${f.id} as text)` }).from(f).where(eq(f.userId, p("userId"))))),
        and(eq(auditLog.targetType, "reward"), inArray(auditLog.targetId, db.select({ id: sql<string>`cast(${rewards.id} as text)` }).from(rewards).where(eq(rewards.userId, p("userId"))))),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(USER_FILE_LIMIT)
    .prepare();

  return {
    counts: (): WaitingCounts => ({
      pendingRequests: pendingRequests.get()!.n,
      pendingClaims: pendingClaims.get()!.n,
      heldReviews: heldReviews.get()!.n,
      newEnquiries: newEnquiries.get()!.n,
    }),
    user: (userId: number) => user.get({ userId }),
    requests: (userId: number): AdminFaucetRequestRow[] => requests.all({ userId }).map(({ request, ...rest }) => ({ ...request, ...rest })),
    rewards: (userId: number): RewardRow[] => userRewards.all({ userId }).map(({ reward, username }) => ({ ...reward, username })),
    payouts: (userId: number): UserFilePayoutRow[] => userPayouts.all({ userId }),
    paidDrops: (userId: number) => paid.get({ userId })?.drops ?? 0,
    ips: (userId: number) => ips.all({ userId }).map((r) => ({ key: r.key, n: r.n, last: r.last ?? 0 })),
    devices: (userId: number) => devices.all({ userId }).map((r) => ({ key: r.key, n: r.n, last: r.last ?? 0 })),
    audit: (userId: number) => audit.all({ userId, userKey: String(userId) }),
  };
}
export type BackOfficeRepository = ReturnType<typeof createBackOfficeRepository>;
