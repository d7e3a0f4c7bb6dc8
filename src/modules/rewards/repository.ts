// All SQL of the admin's claims: a reward, its decision and the owed total an approval adds to, the
// pending and processed lists. Prepared once, Drizzle's builder throughout (the filtered view is
// built per call: its conditions and order depend on the query).
import { and, asc, count, desc, eq, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rewards, users } from "../../db/schema.ts";
import { rangeAndSearch } from "../../db/list-filter.ts";
import type { ListFilter } from "../../lib/list-filter.ts";
import type { ClaimDecision, RewardRow } from "./model.ts";

const p = sql.placeholder;
const r = rewards;

export const PENDING_LIMIT = 500;

export function createRewardRepository(db: Db) {
  const byId = db
    .select()
    .from(r)
    .where(eq(r.id, p("id")))
    .prepare();
  // A compare-and-set from PENDING. The admin's reason goes to deny_reason (the user sees it beside a
  // DENIED reward); the reward's own reason stays.
  const decide = db
    .update(r)
    .set({
      status: sql`${p("status")}`,
      denyReason: sql`${p("denyReason")}`,
      processedBy: sql`${p("adminId")}`,
      processedAt: sql`${p("at")}`,
    })
    .where(and(eq(r.id, p("id")), eq(r.status, "PENDING")))
    .prepare();
  // a denied claim holds no budget any more
  const setBudgetDay = db
    .update(r)
    .set({ budgetDay: sql`${p("day")}` })
    .where(eq(r.id, p("id")))
    .prepare();
  const addOwed = db
    .update(users)
    .set({ totalClaimedDrops: sql`${users.totalClaimedDrops} + ${p("amount")}` })
    .where(eq(users.id, p("userId")))
    .prepare();
  // what a user payment's settlement writes: the rewards it paid PAID and the owed balance lowered,
  // or, failed, the rewards freed for the next payment
  const paidBy = db
    .update(r)
    .set({ status: "PAID", txHash: sql`${p("txHash")}`, processedAt: sql`${p("at")}` })
    .where(eq(r.payoutId, p("payoutId")))
    .prepare();
  const lowerOwed = db
    .update(users)
    .set({ totalClaimedDrops: sql`max(0, ${users.totalClaimedDrops} - ${p("amount")})` })
    .where(eq(users.id, p("userId")))
    .prepare();
  const freeFrom = db
    .update(r)
    .set({ payoutId: null })
    .where(eq(r.payoutId, p("payoutId")))
    .prepare();
  const withUsername = { reward: r, username: users.username };
  const pending = db
    .select(withUsername)
    .from(r)
    .innerJoin(users, eq(users.id, r.userId))
    .where(eq(r.status, "PENDING"))
    .orderBy(asc(r.createdAt), asc(r.id))
    .limit(PENDING_LIMIT)
    .prepare();
  const processed = db
    .select(withUsername)
    .from(r)
    .innerJoin(users, eq(users.id, r.userId))
    .where(ne(r.status, "PENDING"))
    .orderBy(desc(r.processedAt), desc(r.id))
    .limit(p("limit"))
    .prepare();
  const flatten = ({ reward, username }: { reward: RewardRow; username: string }): RewardRow => ({
    ...reward,
    username,
  });

  // The admin's filtered view (lib/list-filter.ts): `decided` limits it to the processed rewards
  // (any status but PENDING) when no status is given; without one the pending list shows PENDING.
  const filtered = (f: ListFilter, decided: boolean): SQL | undefined => {
    const where: (SQL | undefined)[] = [
      f.status ? eq(r.status, f.status) : decided ? ne(r.status, "PENDING") : eq(r.status, "PENDING"),
    ];
    // a reward's reason, or its type (SOCIAL_SHARE, REVIEW, ...)
    if (f.reason) where.push(or(eq(r.reason, f.reason), eq(r.type, f.reason)));
    where.push(
      ...rangeAndSearch(f, {
        id: r.id,
        createdAt: r.createdAt,
        searched: [r.address, users.username, users.email, r.txHash],
      }),
    );
    return and(...where);
  };
  const sortColumn = { createdAt: r.createdAt, amount: r.amountDrops, risk: r.createdAt } as const;

  return {
    byId: (id: number): RewardRow | undefined => byId.get({ id }),
    decide: (id: number, status: ClaimDecision, reason: string | null, adminId: number, at: number) =>
      decide.run({ id, status, denyReason: status === "DENIED" ? reason : null, adminId, at }),
    addOwed: (userId: number, amount: number) => addOwed.run({ userId, amount }),
    setBudgetDay: (id: number, day: string | null) => setBudgetDay.run({ id, day }),
    paidBy: (payoutId: number, txHash: string, at: number) => paidBy.run({ payoutId, txHash, at }),
    lowerOwed: (userId: number | null, amount: number) => lowerOwed.run({ userId, amount }),
    freeFrom: (payoutId: number) => freeFrom.run({ payoutId }),
    pending: (): RewardRow[] => pending.all().map(flatten),
    processed: (limit: number): RewardRow[] => processed.all({ limit }).map(flatten),
    filteredPage(f: ListFilter, decided: boolean, size: number): { rows: RewardRow[]; total: number } {
      const where = filtered(f, decided);
      const by = f.order === "asc" ? asc : desc;
      const rows = db
        .select(withUsername)
        .from(r)
        .innerJoin(users, eq(users.id, r.userId))
        .where(where)
        .orderBy(by(sortColumn[f.sort]), by(r.id))
        .limit(size)
        .offset((f.page - 1) * size)
        .all()
        .map(flatten);
      // (the users only when the search needs their names: every reward has one)
      const counted = db.select({ n: count() }).from(r);
      const total = (f.q ? counted.innerJoin(users, eq(users.id, r.userId)).where(where) : counted.where(where)).get()!
        .n;
      return { rows, total };
    },
  };
}
export type RewardRepository = ReturnType<typeof createRewardRepository>;
