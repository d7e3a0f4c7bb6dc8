// All SQL of reviews, what the reviewer bonus reads of its faucet request (the faucet writes the
// link: request-status.ts), and what the burst rule, the paid-today rule and the bonus count
// (reviews per network, devices never seen before, payments to a network or a device, addresses
// paid from a device). Prepared once.
import { and, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client.ts";
import { faucetRequests, reviews, rewards } from "../../db/schema.ts";

const p = sql.placeholder;
const r = reviews;
const f = faucetRequests;
const w = rewards;

export function createReviewRepository(db: Db) {
  const approved = db
    .select({
      id: r.id,
      rating: r.rating,
      content: r.content,
      name: r.name,
      approved: r.approved,
      createdAt: r.createdAt,
    })
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
      ipNetwork: p("ipNetwork"),
      createdAt: p("createdAt"),
    })
    .returning({ id: r.id, approved: r.approved })
    .prepare();
  // The burst rule: a review from the network since a moment; a device seen before (an earlier
  // faucet request or review); the reviews since a moment whose device had not been seen before them.
  const fromNetwork = db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.ipNetwork, p("network")), gt(r.createdAt, p("since"))))
    .limit(1)
    .prepare();
  const requestFromDevice = db
    .select({ id: f.id })
    .from(f)
    .where(eq(f.deviceId, p("deviceId")))
    .limit(1)
    .prepare();
  const reviewFromDevice = db
    .select({ id: r.id })
    .from(r)
    .where(eq(r.deviceId, p("deviceId")))
    .limit(1)
    .prepare();
  const earlier = alias(reviews, "earlier");
  const newDeviceReviews = db
    .select({ n: count() })
    .from(r)
    .where(
      and(
        gt(r.createdAt, p("since")),
        isNotNull(r.deviceId),
        notExists(
          db
            .select({ id: f.id })
            .from(f)
            .where(and(eq(f.deviceId, r.deviceId), lte(f.createdAt, r.createdAt))),
        ),
        notExists(
          db
            .select({ id: earlier.id })
            .from(earlier)
            .where(and(eq(earlier.deviceId, r.deviceId), lt(earlier.id, r.id))),
        ),
      ),
    )
    .prepare();
  // The paid-today rule: a faucet request from a network (IPv6 /48, IPv4 /24) or a device approved or
  // paid since a moment, or a reward claimed from one approved or paid since then. Each is one range
  // of a (network or device, created_at) index, from `madeSince` (a request or claim decided today
  // was made in the days before), its status and decision time read from those few rows.
  const paidBy = (
    table: typeof f | typeof w,
    column: typeof f.ipNetwork | typeof f.deviceId | typeof w.ipNetwork | typeof w.deviceId,
    paid: string[],
  ) =>
    db
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          eq(column, p("key")),
          gt(table.createdAt, p("madeSince")),
          inArray(table.status, paid),
          gte(table.processedAt, p("since")),
        ),
      )
      .limit(1)
      .prepare();
  const REQUEST_PAID = ["APPROVED", "PROCESSED"];
  const REWARD_PAID = ["APPROVED", "PAID"];
  const paidTo = [paidBy(f, f.ipNetwork, REQUEST_PAID), paidBy(w, w.ipNetwork, REWARD_PAID)];
  const paidOn = [paidBy(f, f.deviceId, REQUEST_PAID), paidBy(w, w.deviceId, REWARD_PAID)];
  // The reviewer bonus's address: a faucet-form request (no reason) to it from the device, paid.
  const paidFromDevice = db
    .select({ id: f.id })
    .from(f)
    .where(and(eq(f.deviceId, p("deviceId")), eq(f.address, p("address")), eq(f.status, "PROCESSED"), isNull(f.reason)))
    .limit(1)
    .prepare();
  const writer = db
    .select({ id: r.id, deviceId: r.deviceId, createdAt: r.createdAt })
    .from(r)
    .where(eq(r.id, p("id")))
    .prepare();
  // (a placeholder inside sql`` skips the column's boolean mapping: it is bound as 1 or 0)
  const setApproved = db
    .update(r)
    .set({ approved: sql`${p("approved")}`, rejectedAt: sql`${p("rejectedAt")}` })
    .where(eq(r.id, p("id")))
    .returning()
    .prepare();
  const remove = db
    .delete(r)
    .where(eq(r.id, p("id")))
    .returning()
    .prepare();
  const bonusForAddress = db
    .select({ id: f.id })
    .from(f)
    .where(and(eq(f.address, p("address")), eq(f.reason, p("reason"))))
    .limit(1)
    .prepare();
  const bonusForReview = db
    .select({ id: f.id })
    .from(f)
    .where(eq(f.reviewId, p("reviewId")))
    .prepare();
  // The addresses the faucet paid from a device (faucet-form requests), a few, the newest first.
  const paidAddresses = db
    .select({ address: f.address })
    .from(f)
    .where(and(eq(f.deviceId, p("deviceId")), eq(f.status, "PROCESSED"), isNull(f.reason)))
    .groupBy(f.address)
    .orderBy(desc(sql`max(${f.id})`))
    .limit(20)
    .prepare();

  return {
    approved: () => approved.all(),
    latest: () => latest.all(),
    insert: (row: {
      rating: number;
      content: string;
      name: string | null;
      approved: boolean;
      ipAddress: string;
      deviceId: string;
      userAgent: string | null;
      ipNetwork: string;
      createdAt: number;
    }) => insert.get(row)!,
    fromNetworkSince: (network: string, since: number) => fromNetwork.get({ network, since }) !== undefined,
    deviceSeen: (deviceId: string) =>
      requestFromDevice.get({ deviceId }) !== undefined || reviewFromDevice.get({ deviceId }) !== undefined,
    newDeviceReviewsSince: (since: number) => newDeviceReviews.get({ since })!.n,
    // Whether the faucet approved or paid a request from the network or the device since `since`, or
    // a reward claimed from either (counting the requests and claims made after `madeSince`).
    paidSince: (network: string, deviceId: string, since: number, madeSince: number) =>
      paidTo.some((q) => q.get({ key: network, since, madeSince }) !== undefined) ||
      paidOn.some((q) => q.get({ key: deviceId, since, madeSince }) !== undefined),
    paidFromDevice: (deviceId: string, address: string) => paidFromDevice.get({ deviceId, address }) !== undefined,
    writer: (id: number) => writer.get({ id }),
    // shown, or not: waiting for an admin (`rejectedAt` null) or rejected then (hidden)
    setApproved: (id: number, isApproved: boolean, rejectedAt: number | null) =>
      setApproved.get({ id, approved: isApproved ? 1 : 0, rejectedAt: isApproved ? null : rejectedAt }),
    remove: (id: number) => remove.get({ id }),
    hasBonusForAddress: (address: string, reason: string) => bonusForAddress.get({ address, reason }) !== undefined,
    hasBonusForReview: (reviewId: number) => bonusForReview.get({ reviewId }) !== undefined,
    paidAddressesFromDevice: (deviceId: string) => paidAddresses.all({ deviceId }).map((row) => row.address),
  };
}
export type ReviewRepository = ReturnType<typeof createReviewRepository>;
