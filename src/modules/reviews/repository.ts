// All SQL of reviews and of the reviewer bonus's link to its faucet request. Prepared once.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { faucetRequests, reviews } from "../../db/schema.ts";

const p = sql.placeholder;
const r = reviews;
const f = faucetRequests;

export function createReviewRepository(db: Db) {
  const approved = db
    .select({ id: r.id, rating: r.rating, content: r.content, name: r.name, approved: r.approved, createdAt: r.createdAt })
    .from(r)
    .where(eq(r.approved, true))
    .orderBy(desc(r.createdAt), desc(r.id))
    .limit(100)
    .prepare();
  const latest = db.select().from(r).orderBy(desc(r.createdAt), desc(r.id)).limit(300).prepare();
  const insert = db
    .insert(r)
    .values({
      rating: p("rating"),
      content: p("content"),
      name: p("name"),
      approved: p("approved"),
      ipAddress: p("ipAddress"),
      deviceId: p("deviceId"),
      userAgent: p("userAgent"),
      createdAt: p("createdAt"),
    })
    .returning({ id: r.id, approved: r.approved })
    .prepare();
  const writer = db.select({ id: r.id, deviceId: r.deviceId, createdAt: r.createdAt }).from(r).where(eq(r.id, p("id"))).prepare();
  // (a placeholder inside sql`` skips the column's boolean mapping: it is bound as 1 or 0)
  const setApproved = db.update(r).set({ approved: sql`${p("approved")}` }).where(eq(r.id, p("id"))).returning().prepare();
  const bonusForAddress = db.select({ id: f.id }).from(f).where(and(eq(f.address, p("address")), eq(f.reason, p("reason")))).limit(1).prepare();
  const bonusForReview = db.select({ id: f.id }).from(f).where(eq(f.reviewId, p("reviewId"))).prepare();
  const linkReview = db.update(f).set({ reviewId: sql`${p("reviewId")}` }).where(eq(f.id, p("id"))).prepare();

  return {
    approved: () => approved.all(),
    latest: () => latest.all(),
    insert: (row: { rating: number; content: string; name: string | null; approved: boolean; ipAddress: string; deviceId: string; userAgent: string | null; createdAt: number }) =>
      insert.get(row)!,
    writer: (id: number) => writer.get({ id }),
    setApproved: (id: number, isApproved: boolean) => setApproved.get({ id, approved: isApproved ? 1 : 0 }),
    hasBonusForAddress: (address: string, reason: string) => bonusForAddress.get({ address, reason }) !== undefined,
    hasBonusForReview: (reviewId: number) => bonusForReview.get({ reviewId }) !== undefined,
    linkReview: (faucetRequestId: number, reviewId: number) => linkReview.run({ id: faucetRequestId, reviewId }),
  };
}
export type ReviewRepository = ReturnType<typeof createReviewRepository>;
