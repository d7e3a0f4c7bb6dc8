// All SQL of one user's file in the back office, prepared once with Drizzle's builder: their
// requests and rewards, the payouts to them or of their requests, the IPs and devices they were seen
// from, the accounts that share their registration network, device or payout addresses, and the
// audit entries about them.
import { and, count, countDistinct, desc, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client.ts";
import { auditLog, faucetRequests, payouts, rewards, users } from "../../db/schema.ts";
import type { AdminFaucetRequestRow } from "../faucet/model.ts";
import type { RewardRow } from "../rewards/model.ts";
import { USER_FILE_LIMIT, type UserFilePayoutRow } from "./model.ts";

const p = sql.placeholder;
const f = faucetRequests;

export function createUserFileStore(db: Db) {
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
      ipNetwork: users.ipNetwork,
      ipWide: users.ipWide,
      deviceId: users.deviceId,
      disabledAt: users.disabledAt,
      adminNote: users.adminNote,
      totpEnabledAt: users.totpEnabledAt,
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
      processedByName: sql<
        string | null
      >`(select ${users.username} from ${users} where ${users.id} = ${f.processedBy})`,
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
  // Every place the user was seen: their registration (its IP group: the address, or its IPv4 /24
  // or IPv6 /64, as the grouping stored it; its device), their faucet requests and their claims.
  const seen = (
    registered: typeof users.ipGroup | typeof users.deviceId,
    requested: typeof f.requesterIp | typeof f.deviceId,
    claimed: typeof rewards.ip | typeof rewards.deviceId,
  ) => {
    const sightings = db
      .select({ key: sql<string>`${registered}`.as("key"), at: sql<number>`${users.createdAt}`.as("at") })
      .from(users)
      .where(and(eq(users.id, p("userId")), isNotNull(registered)))
      .unionAll(
        db
          .select({ key: sql<string>`${requested}`.as("key"), at: sql<number>`${f.createdAt}`.as("at") })
          .from(f)
          .where(and(eq(f.userId, p("userId")), isNotNull(requested))),
      )
      .unionAll(
        db
          .select({ key: sql<string>`${claimed}`.as("key"), at: sql<number>`${rewards.createdAt}`.as("at") })
          .from(rewards)
          .where(and(eq(rewards.userId, p("userId")), isNotNull(claimed))),
      )
      .as("sightings");
    const last = sql<number | null>`max(${sightings.at})`;
    return db
      .select({ key: sightings.key, n: count(), last })
      .from(sightings)
      .groupBy(sql`${sightings.key}`)
      .orderBy(desc(last), sql`${sightings.key}`)
      .limit(USER_FILE_LIMIT)
      .prepare();
  };
  const ips = seen(users.ipGroup, f.requesterIp, rewards.ip);
  const devices = seen(users.deviceId, f.deviceId, rewards.deviceId);

  // The user's risk signals (social/risk.ts scoreAccount): other accounts registered from their
  // network within 7 days of them, on their device, and claiming to an address they claimed to or set.
  const others = alias(users, "others");
  const fromNetwork = db
    .select({ n: count() })
    .from(others)
    .where(
      and(
        eq(others.ipNetwork, p("network")),
        ne(others.id, p("userId")),
        sql`${others.createdAt} > ${p("registeredAt")} - ${p("window")} and ${others.createdAt} < ${p("registeredAt")} + ${p("window")}`,
      ),
    )
    .prepare();
  const onDevice = db
    .select({ n: count() })
    .from(others)
    .where(and(eq(others.deviceId, p("deviceId")), ne(others.id, p("userId"))))
    .prepare();
  const mine = alias(rewards, "mine");
  const toItsAddresses = db
    .select({ n: countDistinct(rewards.userId) })
    .from(rewards)
    .where(
      and(
        ne(rewards.userId, p("userId")),
        or(
          inArray(
            rewards.address,
            db
              .select({ address: mine.address })
              .from(mine)
              .where(eq(mine.userId, p("userId"))),
          ),
          eq(
            rewards.address,
            db
              .select({ address: users.xrpAddress })
              .from(users)
              .where(eq(users.id, p("userId"))),
          ),
        ),
      ),
    )
    .prepare();
  // Entries about the user, their faucet requests or their rewards (target ids are stored as text).
  const audit = db
    .select()
    .from(auditLog)
    .where(
      or(
        and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, p("userKey"))),
        and(
          eq(auditLog.targetType, "faucet_request"),
          inArray(
            auditLog.targetId,
            db
              .select({ id: sql<string>`cast(${f.id} as text)` })
              .from(f)
              .where(eq(f.userId, p("userId"))),
          ),
        ),
        and(
          eq(auditLog.targetType, "reward"),
          inArray(
            auditLog.targetId,
            db
              .select({ id: sql<string>`cast(${rewards.id} as text)` })
              .from(rewards)
              .where(eq(rewards.userId, p("userId"))),
          ),
        ),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(USER_FILE_LIMIT)
    .prepare();

  return {
    user: (userId: number) => user.get({ userId }),
    requests: (userId: number): AdminFaucetRequestRow[] =>
      requests.all({ userId }).map(({ request, ...rest }) => ({ ...request, ...rest })),
    rewards: (userId: number): RewardRow[] =>
      userRewards.all({ userId }).map(({ reward, username }) => ({ ...reward, username })),
    payouts: (userId: number): UserFilePayoutRow[] => userPayouts.all({ userId }),
    paidDrops: (userId: number) => paid.get({ userId })?.drops ?? 0,
    ips: (userId: number) => ips.all({ userId }).map((r) => ({ key: r.key, n: r.n, last: r.last ?? 0 })),
    devices: (userId: number) => devices.all({ userId }).map((r) => ({ key: r.key, n: r.n, last: r.last ?? 0 })),
    audit: (userId: number) => audit.all({ userId, userKey: String(userId) }),
    accountsFromNetwork: (userId: number, network: string, registeredAt: number, window: number) =>
      fromNetwork.get({ userId, network, registeredAt, window })!.n,
    accountsOnDevice: (userId: number, deviceId: string) => onDevice.get({ userId, deviceId })!.n,
    accountsToItsAddresses: (userId: number) => toItsAddresses.get({ userId })!.n,
  };
}
