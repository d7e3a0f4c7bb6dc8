// All SQL of the back office's own reads, prepared once with Drizzle's builder: what waits for an
// admin, the admin's list of users with its totals, the payments made to users, and (from
// user-file-store.ts) everything about one user.
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { likeLiteral } from "../../db/list-filter.ts";
import { advertisingRequests, faucetRequests, payouts, reviews, rewards, users } from "../../db/schema.ts";
import { createWideRegistrationCount, PUBLIC_USER_COLUMNS } from "../account/repository.ts";
import { PAYOUT_RECORD } from "../payouts/repository.ts";
import { type AdminUserRow, PAYMENTS_LIMIT, type UserSummaryRow, type WaitingCounts } from "./model.ts";
import { createUserFileStore } from "./user-file-store.ts";

const p = sql.placeholder;
const f = faucetRequests;

export function createBackOfficeRepository(db: Db) {
  const pendingRequests = db.select({ n: count() }).from(f).where(eq(f.status, "PENDING")).prepare();
  const pendingClaims = db.select({ n: count() }).from(rewards).where(eq(rewards.status, "PENDING")).prepare();
  // (a review an admin rejected waits for nobody)
  const heldReviews = db
    .select({ n: count() })
    .from(reviews)
    .where(and(eq(reviews.approved, false), isNull(reviews.rejectedAt)))
    .prepare();
  const newEnquiries = db
    .select({ n: count() })
    .from(advertisingRequests)
    .where(eq(advertisingRequests.status, "PENDING"))
    .prepare();

  // The admin's list of users, newest first: everyone, or those whose username contains the search
  // (any case) or whose XRP address starts with it; with where each registered from.
  const listed = {
    ...PUBLIC_USER_COLUMNS,
    xrpDestinationTag: users.xrpDestinationTag,
    createdAt: users.createdAt,
    ipNetwork: users.ipNetwork,
    ipWide: users.ipWide,
    disabledAt: users.disabledAt,
  };
  const matches = sql`lower(${users.username}) like ${p("name")} escape '\\' or ${users.xrpAddress} like ${p("address")} escape '\\'`;
  const usersPage = (where: typeof matches | undefined) =>
    db
      .select(listed)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(p("limit"))
      .offset(p("offset"))
      .prepare();
  const allUsersPage = usersPage(undefined);
  const searchUsersPage = usersPage(matches);
  const allUsersCount = db.select({ n: count() }).from(users).prepare();
  const searchUsersCount = db.select({ n: count() }).from(users).where(matches).prepare();
  const usersSummary = db
    .select({
      owed: sql<number | null>`sum(${users.totalClaimedDrops})`,
      users: count(),
      wallets: sql<number | null>`sum(${users.xrpAddress} is not null)`,
      active: sql<number | null>`sum(${users.dailyStreak} > 0)`,
    })
    .from(users)
    .prepare();
  // The payments to users, newest first, as payoutView (modules/payouts/model.ts) reads a payout.
  const payments = db
    .select({ ...PAYOUT_RECORD, username: users.username })
    .from(payouts)
    .leftJoin(users, eq(users.id, payouts.userId))
    .where(eq(payouts.kind, "USER_PAYMENT"))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(PAYMENTS_LIMIT)
    .prepare();

  const setDisabled = db
    .update(users)
    .set({ disabledAt: sql`${p("at")}` })
    .where(eq(users.id, p("userId")))
    .prepare();
  const setNote = db
    .update(users)
    .set({ adminNote: sql`${p("note")}` })
    .where(eq(users.id, p("userId")))
    .prepare();

  return {
    counts: (): Omit<WaitingCounts, "unreadMessages"> => ({
      pendingRequests: pendingRequests.get()!.n,
      pendingClaims: pendingClaims.get()!.n,
      heldReviews: heldReviews.get()!.n,
      newEnquiries: newEnquiries.get()!.n,
    }),
    // the accounts registered from other networks of a wide network (capped: social/risk.ts)
    accountsFromWide: createWideRegistrationCount(db),
    // `search`: lowercased and trimmed, matched inside usernames; `addressPrefix`: matched at the
    // start of XRP addresses. Empty: everyone.
    usersPage(
      search: string,
      addressPrefix: string,
      page: number,
      size: number,
    ): { rows: AdminUserRow[]; total: number } {
      const window = { limit: size, offset: (page - 1) * size };
      if (!search) return { rows: allUsersPage.all(window), total: allUsersCount.get()!.n };
      const pattern = { name: `%${likeLiteral(search)}%`, address: `${likeLiteral(addressPrefix)}%` };
      return { rows: searchUsersPage.all({ ...pattern, ...window }), total: searchUsersCount.get(pattern)!.n };
    },
    usersSummary: (): UserSummaryRow => ({ ...usersSummary.get()!, pendingRewards: pendingClaims.get()!.n }),
    payments: () => payments.all(),
    // disabled since `at`, or (null) enabled
    setDisabled: (userId: number, at: number | null) => setDisabled.run({ userId, at }),
    setNote: (userId: number, note: string | null) => setNote.run({ userId, note }),
    ...createUserFileStore(db),
  };
}
export type BackOfficeRepository = ReturnType<typeof createBackOfficeRepository>;
