// What the reviews' calls accept and answer: body schemas with the product's messages, the views of
// a review, and the reviews' own errors.
import { t } from "elysia";
import type { FaucetRequest, Review } from "../../db/schema.ts";
import { flag, jsonBody, text } from "../../http/body.ts";
import { appError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import { INVALID_ADDRESS, REVIEW_MAX } from "../../shared/forms.ts";
import { faucetRequestView } from "../faucet/model.ts";

export { INVALID_ADDRESS, REVIEW_MAX };
export const REVIEW_REQUIRED = "Please provide both a rating and review text";
export const RATING_INVALID = "Rating must be a whole number from 1 to 5";
export const REVIEW_ID_INVALID = "reviewId must be the id of your review";
export const APPROVED_INVALID = "approved must be true or false";
export const REVIEW_FLOOD = "You have written several reviews already. Please try again later.";
export const BONUS_FLOOD = "Too many bonus requests. Please try again later.";
export const REVIEW_THANKS = "Thank you for your review!";
export const REVIEW_HELD = "Thank you! Your review will appear once an admin has checked it.";
export const BONUS_SUBMITTED = "Bonus Request Submitted!";
// Why a review from this device would earn no reviewer bonus, said before it is written.
export const BONUS_NEEDS_PAYMENT =
  "The reviewer bonus goes to an address the faucet has already paid from this device, and this device has none yet. Request XRP from the faucet first: once it is paid, a review earns the bonus.";
export const BONUS_ADDRESSES_REWARDED =
  "Each address receives one reviewer bonus, and the addresses paid from this device have received theirs.";

// Text fields are typed here and their length checked by the service once trimmed (its message
// names the limit); the 64 KiB body limit bounds them before that.
const ANY_LENGTH = 64 * 1024;
// A rating or a review id comes as a number or as the text of one (a form's select sends text).
const numberOrText = (error: string) =>
  t.Optional(t.Union([t.Number(), t.String({ maxLength: 20 }), t.Null()], { error }));

export const reviewBody = jsonBody({
  review: text(ANY_LENGTH, "review must be text"),
  rating: numberOrText(RATING_INVALID),
  name: text(ANY_LENGTH, "name must be text"),
});
export type ReviewInput = NonNullable<typeof reviewBody.static>;

export const bonusBody = jsonBody({
  address: text(ANY_LENGTH, INVALID_ADDRESS),
  reviewId: numberOrText(REVIEW_ID_INVALID),
});
export type BonusInput = NonNullable<typeof bonusBody.static>;

export const moderationBody = jsonBody({ approved: flag(APPROVED_INVALID) });

export const reviewErrors = {
  required: () => badRequest(REVIEW_REQUIRED, "REVIEW_REQUIRED"),
  ratingInvalid: () => badRequest(RATING_INVALID, "RATING_INVALID"),
  invalidAddress: () => badRequest(INVALID_ADDRESS, "INVALID_ADDRESS"),
  reviewIdInvalid: () => badRequest(REVIEW_ID_INVALID, "REVIEW_ID_INVALID"),
  approvedInvalid: () => badRequest(APPROVED_INVALID, "APPROVED_INVALID"),
  notFound: () => notFound("Review not found", "REVIEW_NOT_FOUND"),
  notTheReviewer: () =>
    appError(
      403,
      "NOT_THE_REVIEWER",
      "The reviewer bonus can only be claimed from the device that wrote the review, within 24 hours",
    ),
  bonusTaken: () => conflict("A bonus was already requested for this review", "BONUS_ALREADY_REQUESTED"),
  addressRewarded: () => conflict("This address already received a reviewer bonus", "ADDRESS_ALREADY_REWARDED"),
  addressNotPaid: () =>
    conflict(
      "The reviewer bonus goes to an address the faucet has already paid from this device. Request XRP from the faucet first; once it is paid, claim your bonus to that address.",
      "BONUS_ADDRESS_NOT_PAID",
    ),
};

// The admin's choice for a review: show it (true) or hide it (false).
export function approvedOf(body: { approved?: boolean | null } | null | undefined): boolean {
  const approved = body?.approved;
  if (typeof approved !== "boolean") throw reviewErrors.approvedInvalid();
  return approved;
}

// A review as the public list shows it.
export const reviewView = (r: Pick<Review, "id" | "rating" | "content" | "name" | "approved" | "createdAt">) => ({
  id: r.id,
  rating: r.rating,
  content: r.content,
  name: r.name ?? "Anonymous",
  approved: Boolean(r.approved),
  createdAt: new Date(r.createdAt).toISOString(),
});

// A review as the admin's list shows it: where it was written from, and whether it is shown, waits
// for an admin, or was rejected (hidden).
export const adminReviewView = (r: Review) => ({
  ...reviewView(r),
  state: r.approved ? ("shown" as const) : r.rejectedAt === null ? ("waiting" as const) : ("hidden" as const),
  ipAddress: r.ipAddress,
});

// The answer to a written review: shown at once, or held for an admin.
export const submittedView = (r: Pick<Review, "id" | "approved">) => ({
  id: r.id,
  approved: Boolean(r.approved),
  message: r.approved ? REVIEW_THANKS : REVIEW_HELD,
});

// What a review from a device can earn, before it is written: the addresses its bonus may go to, or
// why it earns none (what the faucet's status calls reviewerBonus is the amount).
export const bonusOfferView = (o: { addresses: string[]; reason: string | null }) => ({
  offered: o.reason === null,
  addresses: o.addresses,
  reason: o.reason,
});

// The reviewer bonus: the faucet request it became.
export const bonusView = (row: FaucetRequest) => ({ ...faucetRequestView(row), message: BONUS_SUBMITTED });
