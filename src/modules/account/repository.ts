// All SQL of accounts: users by name and by network, the new user, the admin seed, a user's own
// history, users by id, the accounts registered from other networks of a wide network. Prepared once,
// all with Drizzle's builder (an `sql` fragment where it has no word: lower(), LIKE ... ESCAPE, a
// sum over a condition, a JSON list of ids).
import { and, asc, count, desc, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { faucetRequests, payouts, rewards, sessions, users, type User } from "../../db/schema.ts";
import type { FaucetRequestHistoryRow, PublicUserRow, RewardHistoryRow } from "./model.ts";

const p = sql.placeholder;
const u = users;
const HISTORY_LIMIT = 200;

// The columns of a user the API shows (publicUser).
export const PUBLIC_USER_COLUMNS = {
  id: u.id,
  username: u.username,
  email: u.email,
  isAdmin: u.isAdmin,
  xrpAddress: u.xrpAddress,
  points: u.points,
  totalClaimedDrops: u.totalClaimedDrops,
  dailyStreak: u.dailyStreak,
  lastClaimAt: u.lastClaimAt,
};

// The accounts registered from other networks (IPv6 /48, IPv4 /24) of a wide network (IPv6 /32,
// IPv4 /16) between two moments, counted up to `cap`: the LIMIT subquery reads at most `cap` rows of
// the (ip_wide, created_at) index range plus the network's own (which the new-accounts limit
// bounds), so a farm of thousands of accounts costs what 50 do. The social claims' risk and the back
// office read it (social/risk.ts, registrationWide).
export function createWideRegistrationCount(db: Db) {
  const capped = db
    .select({ id: u.id })
    .from(u)
    .where(
      and(eq(u.ipWide, p("wide")), ne(u.ipNetwork, p("network")), gt(u.createdAt, p("from")), lt(u.createdAt, p("to"))),
    )
    .limit(p("cap"))
    .as("capped");
  const counted = db.select({ n: count() }).from(capped).prepare();
  return (wide: string, network: string, from: number, to: number, cap: number): number =>
    counted.get({ wide, network, from, to, cap })!.n;
}
export type WideRegistrationCount = ReturnType<typeof createWideRegistrationCount>;

export function createAccountRepository(db: Db) {
  const byUsername = db
    .select()
    .from(u)
    .where(sql`lower(${u.username}) = lower(${p("username")})`)
    .prepare();
  // The creation times of a network's newest accounts, newest first.
  const newestFrom = db
    .select({ createdAt: u.createdAt })
    .from(u)
    .where(and(eq(u.ipGroup, p("group")), gt(u.createdAt, p("since"))))
    .orderBy(desc(u.createdAt))
    .limit(p("limit"))
    .prepare();
  // ... and of a wider network's (IPv6 /48, IPv4 /24)
  const newestFromNetwork = db
    .select({ createdAt: u.createdAt })
    .from(u)
    .where(and(eq(u.ipNetwork, p("network")), gt(u.createdAt, p("since"))))
    .orderBy(desc(u.createdAt))
    .limit(p("limit"))
    .prepare();
  const insert = db
    .insert(u)
    .values({
      username: p("username"),
      email: p("email"),
      passwordHash: p("passwordHash"),
      ipGroup: p("ipGroup"),
      ipNetwork: p("ipNetwork"),
      ipWide: p("ipWide"),
      deviceId: p("deviceId"),
      createdAt: p("createdAt"),
    })
    .returning()
    .prepare();
  const insertAdmin = db
    .insert(u)
    .values({
      username: p("username"),
      email: p("email"),
      passwordHash: p("passwordHash"),
      isAdmin: true,
      createdAt: p("createdAt"),
    })
    .returning()
    .prepare();
  const promoteToAdmin = db
    .update(u)
    .set({ isAdmin: true, passwordHash: sql`${p("passwordHash")}` })
    .where(eq(u.id, p("id")))
    .returning()
    .prepare();
  const promoteToAdminWithEmail = db
    .update(u)
    .set({ isAdmin: true, passwordHash: sql`${p("passwordHash")}`, email: sql`${p("email")}` })
    .where(eq(u.id, p("id")))
    .returning()
    .prepare();

  const faucetHistory = db
    .select({
      id: faucetRequests.id,
      status: faucetRequests.status,
      amountDrops: faucetRequests.amountDrops,
      createdAt: faucetRequests.createdAt,
      reason: faucetRequests.reason,
      rejectReason: faucetRequests.rejectReason,
      txHash: faucetRequests.txHash,
    })
    .from(faucetRequests)
    .where(eq(faucetRequests.userId, p("userId")))
    .orderBy(desc(faucetRequests.createdAt), desc(faucetRequests.id))
    .limit(HISTORY_LIMIT)
    .prepare();
  const rewardHistory = db
    .select({
      id: rewards.id,
      type: rewards.type,
      platform: rewards.platform,
      status: rewards.status,
      amountDrops: rewards.amountDrops,
      createdAt: rewards.createdAt,
      denyReason: rewards.denyReason,
      txHash: rewards.txHash,
    })
    .from(rewards)
    .where(eq(rewards.userId, p("userId")))
    .orderBy(desc(rewards.createdAt), desc(rewards.id))
    .limit(HISTORY_LIMIT)
    .prepare();

  // Users by id, in id order; the ids go in as one JSON list (one statement for any number of them).
  const byIds = db
    .select(PUBLIC_USER_COLUMNS)
    .from(u)
    .where(inArray(u.id, sql`(select value from json_each(${p("ids")}))`))
    .orderBy(asc(u.id))
    .prepare();

  // --- a user's own settings, password and reset links ---
  const userById = db
    .select()
    .from(u)
    .where(eq(u.id, p("id")))
    .prepare();
  const byEmail = db
    .select()
    .from(u)
    .where(sql`lower(${u.email}) = lower(${p("email")})`)
    .orderBy(asc(u.id))
    .limit(5)
    .prepare();
  const updateSettings = db
    .update(u)
    .set({
      email: sql`${p("email")}`,
      xrpAddress: sql`${p("xrpAddress")}`,
      xrpDestinationTag: sql`${p("xrpDestinationTag")}`,
    })
    .where(eq(u.id, p("id")))
    .returning()
    .prepare();
  const setLanguage = db
    .update(u)
    .set({ language: sql`${p("language")}` })
    .where(eq(u.id, p("id")))
    .prepare();
  const setPassword = db
    .update(u)
    .set({ passwordHash: sql`${p("passwordHash")}` })
    .where(eq(u.id, p("id")))
    .prepare();
  const endOtherSessions = db
    .delete(sessions)
    .where(and(eq(sessions.userId, p("userId")), ne(sessions.id, p("keep"))))
    .prepare();
  const endSessions = db
    .delete(sessions)
    .where(eq(sessions.userId, p("userId")))
    .prepare();
  // What has been paid to a user and validated on the ledger: their reward payments (by the payouts'
  // user index) and the payouts of the faucet requests they made while logged in (by the requests'
  // user index). Two sums, not one OR, so each reads only this user's rows on every GET /api/user.
  const paidPayments = db
    .select({ drops: sql<number | null>`sum(${payouts.amountDrops})` })
    .from(payouts)
    .where(and(eq(payouts.userId, p("userId")), eq(payouts.status, "paid")))
    .prepare();
  const paidRequests = db
    .select({ drops: sql<number | null>`sum(${payouts.amountDrops})` })
    .from(faucetRequests)
    .innerJoin(payouts, eq(payouts.faucetRequestId, faucetRequests.id))
    .where(and(eq(faucetRequests.userId, p("userId")), eq(payouts.status, "paid")))
    .prepare();

  return {
    userById: (id: number): User | undefined => userById.get({ id }),
    // The accounts registered with an email (any case); emails are not unique, at most 5.
    byEmail: (email: string): User[] => byEmail.all({ email }),
    updateSettings: (id: number, row: Pick<User, "email" | "xrpAddress" | "xrpDestinationTag">): User =>
      updateSettings.get({ id, ...row })!,
    setPassword: (id: number, passwordHash: string) => setPassword.run({ id, passwordHash }),
    setLanguage: (id: number, language: string) => setLanguage.run({ id, language }),
    // Ends every session of the user but `keep` (a session id, not the token).
    endOtherSessions: (userId: number, keep: string) => endOtherSessions.run({ userId, keep }),
    endSessions: (userId: number) => endSessions.run({ userId }),
    paidTo: (userId: number): number =>
      (paidPayments.get({ userId })?.drops ?? 0) + (paidRequests.get({ userId })?.drops ?? 0),
    byUsername: (username: string): User | undefined => byUsername.get({ username }),
    newestFrom: (group: string, since: number, limit: number): number[] =>
      newestFrom.all({ group, since, limit }).map((r) => r.createdAt),
    newestFromNetwork: (network: string, since: number, limit: number): number[] =>
      newestFromNetwork.all({ network, since, limit }).map((r) => r.createdAt),
    insert: (
      row: Pick<
        User,
        "username" | "email" | "passwordHash" | "ipGroup" | "ipNetwork" | "ipWide" | "deviceId" | "createdAt"
      >,
    ): User => insert.get(row)!,
    insertAdmin: (row: Pick<User, "username" | "email" | "passwordHash" | "createdAt">): User => insertAdmin.get(row)!,
    // Makes a user admin with a new password (and a new email when one is given).
    promoteToAdmin: (id: number, passwordHash: string, email: string | null): User =>
      (email === null
        ? promoteToAdmin.get({ id, passwordHash })
        : promoteToAdminWithEmail.get({ id, passwordHash, email }))!,
    faucetHistory: (userId: number): FaucetRequestHistoryRow[] => faucetHistory.all({ userId }),
    rewardHistory: (userId: number): RewardHistoryRow[] => rewardHistory.all({ userId }),
    byIds: (ids: number[]): PublicUserRow[] => (ids.length ? byIds.all({ ids: JSON.stringify(ids) }) : []),
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
