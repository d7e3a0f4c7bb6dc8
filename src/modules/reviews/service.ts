// Reviews and the reviewer bonus. A review with a link or longer than REVIEW_AUTO_APPROVE_MAX waits
// for an admin, and so does a burst: a review from a network (IPv6 /48, IPv4 /24) that wrote one in
// the last 24 hours, or one written while more than NEW_DEVICE_REVIEWS_PER_HOUR reviews of the last
// hour came from devices never seen before; and so does a review from a network or a device the
// faucet paid today (a farm pays its devices, then has them praise it), and one whose writer asks for
// the reviewer bonus. The public list shows approved reviews only. Both forms are limited per IP
// group (an IPv6 /64, an IPv4 /24 under subnet grouping), like the faucet; the bonus goes only to an
// address the faucet already paid from the reviewer's device.
import type { Db } from "../../db/client.ts";
import type { FaucetRequest } from "../../db/schema.ts";
import { immediate } from "../../db/transaction.ts";
import type { Actor } from "../../auth/actor.ts";
import { createRateLimit } from "../../lib/rate-limit.ts";
import { DAY_MS, dayStart, HOUR_MS } from "../../lib/time.ts";
import { optionalText } from "../../lib/validation.ts";
import { recordAudit } from "../audit/service.ts";
import { parseLedgerAddress } from "../../lib/ledger-address.ts";
import type { FaucetService } from "../faucet/service.ts";
import type { RequestStatus } from "../faucet/request-status.ts";
import {
  BONUS_ADDRESSES_REWARDED,
  BONUS_FLOOD,
  BONUS_NEEDS_PAYMENT,
  type BonusInput,
  REVIEW_FLOOD,
  REVIEW_MAX,
  type ReviewInput,
  reviewErrors,
} from "./model.ts";
import { createReviewRepository } from "./repository.ts";
import { type LiveChanged, NOTHING_WATCHES } from "../live/model.ts";

export const REVIEW_AUTO_APPROVE_MAX = 1000;
export const REVIEWER_BONUS_REASON = "Reviewer bonus";
const LINK = /https?:\/\/|www\.|\b[a-z0-9-]+\.(com|net|org|io|xyz|ru|cn|info|biz|top|co)\b/i;
const BONUS_WINDOW_MS = DAY_MS;
// A network's second review within this window waits for an admin.
export const NETWORK_REVIEW_WINDOW_MS = DAY_MS;
// Reviews an hour from devices never seen before (no earlier faucet request or review) that are
// shown at once; past them every review waits for an admin until the hour is quiet again.
export const NEW_DEVICE_REVIEWS_PER_HOUR = 3;
// A review from a network or a device paid since 00:00 UTC waits for an admin: the requests and
// claims looked at are those made in this window before now (a decision comes within days).
export const PAID_LOOKBACK_MS = 7 * DAY_MS;
// The public list is read at most once a second (every open page polls it), and again at once after
// a review is written or moderated.
const LIST_CACHE_MS = 1000;

export interface Reviewer {
  ip: string;
  ipGroup: string;
  // the IPv6 /48 or IPv4 /24
  ipNetwork: string;
  deviceId: string;
  newDevice: boolean;
  userAgent: string | null;
  userId: number | null;
}

export function createReviewService({
  db,
  clock,
  faucet,
  requests,
  changed = NOTHING_WATCHES,
}: {
  db: Db;
  clock: () => number;
  faucet: FaucetService;
  // told of each review written, for the admins watching (modules/live)
  changed?: LiveChanged;
  // a bonus request's link to its review: the faucet's transitions (modules/faucet/request-status.ts)
  requests: Pick<RequestStatus, "linkReview">;
}) {
  const repo = createReviewRepository(db);
  const reviewLimit = createRateLimit({ limit: 5, windowMs: HOUR_MS, clock, message: REVIEW_FLOOD });
  const bonusLimit = createRateLimit({ limit: 10, windowMs: HOUR_MS, clock, message: BONUS_FLOOD });
  let listCache: { at: number; rows: ReturnType<typeof repo.approved> } | null = null;

  return {
    // The same array until the list may have changed, so a caller can reuse what it made of it.
    listApproved() {
      const now = clock();
      if (!listCache || now - listCache.at >= LIST_CACHE_MS || now < listCache.at)
        listCache = { at: now, rows: repo.approved() };
      return listCache.rows;
    },

    // The admin's list: the 300 latest, held and hidden ones included.
    listLatest: () => repo.latest(),

    // An admin approves a held review or rejects one (hidden: it waits for nobody any more); the
    // change and its audit entry land together.
    moderate(id: number, approved: boolean, actor: Actor) {
      const row = immediate(db, () => {
        const row = repo.setApproved(id, approved, approved ? null : clock());
        if (!row) throw reviewErrors.notFound();
        recordAudit(
          db,
          {
            actor: actor.admin,
            ip: actor.ip,
            action: approved ? "review.approve" : "review.hide",
            targetType: "review",
            targetId: id,
          },
          clock(),
        );
        return row;
      });
      listCache = null;
      return row;
    },

    // An admin deletes a review (spam): gone from every list; the audit entry keeps who wrote what.
    remove(id: number, actor: Actor) {
      immediate(db, () => {
        const row = repo.remove(id);
        if (!row) throw reviewErrors.notFound();
        recordAudit(
          db,
          {
            actor: actor.admin,
            ip: actor.ip,
            action: "review.delete",
            targetType: "review",
            targetId: id,
            details: { name: row.name, rating: row.rating, content: row.content.slice(0, 300) },
          },
          clock(),
        );
      });
      listCache = null;
    },

    submit(input: ReviewInput, who: Pick<Reviewer, "ip" | "ipGroup" | "ipNetwork" | "deviceId" | "userAgent">) {
      reviewLimit.hit(who.ipGroup);
      const content = optionalText(input.review, "review", REVIEW_MAX);
      const rating =
        typeof input.rating === "string" && /^\d$/.test(input.rating.trim()) ? Number(input.rating) : input.rating;
      if (!content || rating === undefined || rating === null || rating === "") throw reviewErrors.required();
      if (typeof rating !== "number" || !Number.isInteger(rating) || rating < 1 || rating > 5)
        throw reviewErrors.ratingInvalid();
      const name = optionalText(input.name, "name", 60) || null;
      const plain = content.length <= REVIEW_AUTO_APPROVE_MAX && !LINK.test(content) && !(name && LINK.test(name));
      // The burst rule's reads and the write under one write lock: two reviews from one network at
      // once cannot both be shown. The writer gets the same answer as for any held review.
      const row = immediate(db, () => {
        const now = clock();
        const burst = () =>
          repo.fromNetworkSince(who.ipNetwork, now - NETWORK_REVIEW_WINDOW_MS) ||
          repo.newDeviceReviewsSince(now - HOUR_MS) + (repo.deviceSeen(who.deviceId) ? 0 : 1) >
            NEW_DEVICE_REVIEWS_PER_HOUR;
        const paidToday = () => repo.paidSince(who.ipNetwork, who.deviceId, dayStart(now), now - PAID_LOOKBACK_MS);
        const approved = plain && !burst() && !paidToday();
        return repo.insert({
          rating,
          content,
          name,
          approved,
          ipAddress: who.ip,
          deviceId: who.deviceId,
          userAgent: who.userAgent,
          ipNetwork: who.ipNetwork,
          createdAt: now,
        });
      });
      if (row.approved) listCache = null;
      changed("reviews");
      return row;
    },

    // Whether a review from this device can earn the bonus, said before the review is written: the
    // addresses it may go to (the rule requestBonus applies), or why none.
    bonusOffer(deviceId: string) {
      const paid = repo.paidAddressesFromDevice(deviceId);
      const addresses = paid.filter((address) => !repo.hasBonusForAddress(address, REVIEWER_BONUS_REASON));
      const reason = addresses.length > 0 ? null : paid.length > 0 ? BONUS_ADDRESSES_REWARDED : BONUS_NEEDS_PAYMENT;
      return { addresses, reason };
    },

    // The bonus becomes a faucet request with the reason 'Reviewer bonus': one per review and per
    // address, from the device that wrote the review, within 24 hours, to an address the faucet
    // already paid from that device (a PROCESSED faucet-form request). A review paid for is not
    // published without a person: the review waits for an admin again (approved = false).
    requestBonus(input: BonusInput, who: Reviewer): FaucetRequest {
      bonusLimit.hit(who.ipGroup);
      const address = typeof input.address === "string" ? input.address.trim() : "";
      const parsed = address ? parseLedgerAddress(address) : null;
      if (!parsed) throw reviewErrors.invalidAddress();
      const reviewId =
        typeof input.reviewId === "string" && /^\d+$/.test(input.reviewId) ? Number(input.reviewId) : input.reviewId;
      if (typeof reviewId !== "number" || !Number.isSafeInteger(reviewId)) throw reviewErrors.reviewIdInvalid();
      const row = immediate(db, () => {
        const review = repo.writer(reviewId);
        if (!review) throw reviewErrors.notFound();
        if (review.deviceId !== who.deviceId || clock() - review.createdAt > BONUS_WINDOW_MS)
          throw reviewErrors.notTheReviewer();
        if (repo.hasBonusForReview(reviewId)) throw reviewErrors.bonusTaken();
        if (repo.hasBonusForAddress(parsed.address, REVIEWER_BONUS_REASON)) throw reviewErrors.addressRewarded();
        if (!repo.paidFromDevice(who.deviceId, parsed.address)) throw reviewErrors.addressNotPaid();
        const row = faucet.requestBonus({
          address,
          reason: REVIEWER_BONUS_REASON,
          ip: who.ip,
          deviceId: who.deviceId,
          newDevice: who.newDevice,
          userAgent: who.userAgent,
          userId: who.userId,
        });
        requests.linkReview(row.id, reviewId);
        // (held for an admin: it waits, it is not rejected)
        repo.setApproved(reviewId, false, null);
        return { ...row, reviewId };
      });
      listCache = null;
      return row;
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
