// Reviews and the reviewer bonus. A review with a link or longer than REVIEW_AUTO_APPROVE_MAX waits
// for an admin; the public list shows approved reviews only.
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, HttpError, notFound } from "../../http/errors.ts";
import { optionalText } from "../../lib/validation.ts";
import { INVALID_ADDRESS, parseLedgerAddress } from "../faucet/address.ts";
import type { FaucetService } from "../faucet/service.ts";
import { recordAudit, type AuditEntry } from "../audit/service.ts";

export const REVIEW_REQUIRED = "Please provide both a rating and review text";
export const REVIEW_MAX = 2000;
export const REVIEW_AUTO_APPROVE_MAX = 1000;
export const REVIEWER_BONUS_REASON = "Reviewer bonus";
const LINK = /https?:\/\/|www\.|\b[a-z0-9-]+\.(com|net|org|io|xyz|ru|cn|info|biz|top|co)\b/i;
const BONUS_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface ReviewRow {
  id: number;
  rating: number;
  content: string;
  name: string | null;
  approved: number;
  created_at: number;
}

export const reviewView = (r: ReviewRow) => ({
  id: r.id,
  rating: r.rating,
  content: r.content,
  name: r.name ?? "Anonymous",
  approved: Boolean(r.approved),
  createdAt: new Date(r.created_at).toISOString(),
});

export function createReviewService({ db, clock, faucet }: { db: Db; clock: () => number; faucet: FaucetService }) {
  const approved = db.sqlite.prepare<ReviewRow, []>(
    "select id, rating, content, name, approved, created_at from reviews where approved = 1 order by created_at desc, id desc limit 100",
  );
  const insert = db.sqlite.prepare<{ id: number; approved: number }, [number, string, string | null, number, string, string, string | null, number]>(
    "insert into reviews (rating, content, name, approved, ip_address, device_id, user_agent, created_at) values (?, ?, ?, ?, ?, ?, ?, ?) returning id, approved",
  );
  const byId = db.sqlite.prepare<{ id: number; device_id: string | null; created_at: number }, [number]>(
    "select id, device_id, created_at from reviews where id = ?",
  );
  const bonusForAddress = db.sqlite.prepare<{ id: number }, [string, string]>(
    "select id from faucet_requests where address = ? and reason = ? limit 1",
  );
  const bonusForReview = db.sqlite.prepare<{ id: number }, [number]>("select id from faucet_requests where review_id = ?");
  const linkReview = db.sqlite.prepare<unknown, [number, number]>("update faucet_requests set review_id = ? where id = ?");
  const setApproved = db.sqlite.prepare<unknown, [number, number]>("update reviews set approved = ? where id = ?");
  const reviewById = db.sqlite.prepare<ReviewRow, [number]>("select id, rating, content, name, approved, created_at from reviews where id = ?");

  return {
    listApproved: () => approved.all().map(reviewView),

    // An admin approves a held review or hides one; the change and its audit entry land together.
    moderate(id: number, isApproved: boolean, actor: Pick<AuditEntry, "actor" | "ip">) {
      return db.sqlite.transaction(() => {
        if (!setApproved.run(isApproved ? 1 : 0, id).changes) throw notFound("Review not found");
        recordAudit(db, { ...actor, action: isApproved ? "review.approve" : "review.hide", targetType: "review", targetId: id }, clock());
        return reviewView(reviewById.get(id)!);
      }).immediate();
    },

    submit(input: { review?: unknown; rating?: unknown; name?: unknown }, who: { ip: string; deviceId: string; userAgent: string | null }) {
      const content = optionalText(input.review, "review", REVIEW_MAX);
      const rating = typeof input.rating === "string" && /^\d$/.test(input.rating.trim()) ? Number(input.rating) : input.rating;
      if (!content || rating === undefined || rating === null || rating === "") throw badRequest(REVIEW_REQUIRED);
      if (typeof rating !== "number" || !Number.isInteger(rating) || rating < 1 || rating > 5) throw badRequest("Rating must be a whole number from 1 to 5");
      const name = optionalText(input.name, "name", 60) || null;
      const autoApproved = content.length <= REVIEW_AUTO_APPROVE_MAX && !LINK.test(content) && !(name && LINK.test(name));
      const row = insert.get(rating, content, name, autoApproved ? 1 : 0, who.ip, who.deviceId, who.userAgent, clock())!;
      return {
        id: row.id,
        approved: Boolean(row.approved),
        message: row.approved ? "Thank you for your review!" : "Thank you! Your review will appear once an admin has checked it.",
      };
    },

    // The bonus becomes a faucet request with the reason 'Reviewer bonus': one per review and per address.
    requestBonus(input: { address?: unknown; reviewId?: unknown }, who: { ip: string; deviceId: string; newDevice: boolean; userAgent: string | null; userId: number | null }) {
      const address = typeof input.address === "string" ? input.address.trim() : "";
      if (!address) throw badRequest(INVALID_ADDRESS);
      const parsed = parseLedgerAddress(address);
      if (!parsed) throw badRequest(INVALID_ADDRESS);
      const reviewId = typeof input.reviewId === "string" && /^\d+$/.test(input.reviewId) ? Number(input.reviewId) : input.reviewId;
      if (typeof reviewId !== "number" || !Number.isSafeInteger(reviewId)) throw badRequest("reviewId must be the id of your review");
      return db.sqlite.transaction(() => {
        const review = byId.get(reviewId);
        if (!review) throw notFound("Review not found");
        if (review.device_id !== who.deviceId || clock() - review.created_at > BONUS_WINDOW_MS) {
          throw new HttpError(403, "The reviewer bonus can only be claimed from the device that wrote the review, within 24 hours");
        }
        if (bonusForReview.get(reviewId)) throw conflict("A bonus was already requested for this review");
        if (bonusForAddress.get(parsed.address, REVIEWER_BONUS_REASON)) throw conflict("This address already received a reviewer bonus");
        const row = faucet.requestBonus({ ...who, address, reason: REVIEWER_BONUS_REASON });
        linkReview.run(reviewId, row.id);
        return { ...row, review_id: reviewId };
      }).immediate();
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
