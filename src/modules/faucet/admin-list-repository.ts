// The SQL of the admin's list of faucet requests (admin-list.ts): the open requests a page at a
// time with the last processed ones, or a filtered view of any status; each row with who asked,
// who decided, its payout and whether its review still waits for moderation.
import { and, asc, count, desc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rangeAndSearch } from "../../db/list-filter.ts";
import { faucetRequests as r, payouts, reviews, users } from "../../db/schema.ts";
import type { ListFilter } from "../../lib/list-filter.ts";
import { RISK_BANDS } from "../../shared/risk-bands.ts";
import type { AdminFaucetRequestRow } from "./model.ts";

// a reviewer bonus whose review still waits for moderation (1), or was published (0)
const reviewHeld = sql<
  number | null
>`(select ${reviews.approved} = 0 from ${reviews} where ${reviews.id} = ${r.reviewId})`;
const sortColumn = { createdAt: r.createdAt, amount: r.amountDrops, risk: sql`coalesce(${r.riskScore}, 0)` } as const;

export function createAdminListRepository(db: Db) {
  // Open requests (PENDING, then APPROVED, newest first) a page at a time: a union of the two
  // per-status index ranges (one `status in (...)` scan sorted every open row).
  const openIds = db.sqlite.prepare<{ id: number }, [{ limit: number; offset: number }]>(
    `select id from (
       select id, created_at from faucet_requests where status = 'PENDING'
       union all select id, created_at from faucet_requests where status = 'APPROVED'
     ) order by created_at desc, id desc limit $limit offset $offset`,
  );
  const openCount = db.sqlite.prepare<{ n: number }, []>(
    `select (select count(*) from faucet_requests where status = 'PENDING')
       + (select count(*) from faucet_requests where status = 'APPROVED') as n`,
  );
  const recentlyProcessed = db
    .select({ id: r.id })
    .from(r)
    .where(and(isNotNull(r.processedAt), inArray(r.status, ["PROCESSED", "REJECTED"])))
    .orderBy(desc(r.processedAt))
    .limit(10)
    .prepare();
  // Each row with who asked, who decided, its payout and its review.
  const people = () =>
    db
      .select({
        request: r,
        userName: users.username,
        userEmail: users.email,
        payoutState: payouts.status,
        payoutMessage: payouts.error,
        processedByName: sql<
          string | null
        >`(select ${users.username} from ${users} where ${users.id} = ${r.processedBy})`,
        reviewHeld,
      })
      .from(r)
      .leftJoin(users, eq(users.id, r.userId))
      .leftJoin(payouts, eq(payouts.faucetRequestId, r.id));

  const withPeople = (ids: number[]): AdminFaucetRequestRow[] =>
    people()
      .where(inArray(r.id, ids))
      .orderBy(desc(r.createdAt), desc(r.id))
      .all()
      .map(({ request, ...rest }) => ({ ...request, ...rest }));

  return {
    openPage(page: number, size: number, withRecent: boolean): AdminFaucetRequestRow[] {
      const ids = openIds.all({ limit: size, offset: (page - 1) * size }).map((row) => row.id);
      if (withRecent) ids.push(...recentlyProcessed.all().map((row) => row.id));
      return ids.length ? withPeople(ids) : [];
    },
    openCount: () => openCount.get()!.n,
    // One request as the list shows it (its file: request-file.ts).
    one: (id: number): AdminFaucetRequestRow | undefined => withPeople([id])[0],
    // The filtered view (lib/list-filter.ts): requests of any status matching every filter given,
    // sorted, a page at a time, and how many match. Built per call, not prepared: which conditions
    // and which order it has depend on the query.
    filteredPage(f: ListFilter, size: number): { rows: AdminFaucetRequestRow[]; total: number } {
      const where = filtered(f);
      const by = f.order === "asc" ? asc : desc;
      const rows = people()
        .where(where)
        .orderBy(by(sortColumn[f.sort]), by(r.id))
        .limit(size)
        .offset((f.page - 1) * size)
        .all()
        .map(({ request, ...rest }) => ({ ...request, ...rest }));
      // (the users only when the search needs their names)
      const counted = db.select({ n: count() }).from(r);
      const total = (f.q ? counted.leftJoin(users, eq(users.id, r.userId)).where(where) : counted.where(where)).get()!
        .n;
      return { rows, total };
    },
  };
}
export type AdminListRepository = ReturnType<typeof createAdminListRepository>;

function filtered(f: ListFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (f.status) where.push(eq(r.status, f.status));
  if (f.risk) {
    const { min: low, below } = RISK_BANDS[f.risk];
    // a request scored before risk scores existed counts as low
    const score = sql`coalesce(${r.riskScore}, 0)`;
    where.push(sql`${score} >= ${low}`, below === null ? undefined : sql`${score} < ${below}`);
  }
  if (f.reason) where.push(eq(r.reason, f.reason));
  where.push(
    ...rangeAndSearch(f, {
      id: r.id,
      createdAt: r.createdAt,
      searched: [r.address, users.username, users.email, r.txHash],
    }),
  );
  return and(...where);
}
