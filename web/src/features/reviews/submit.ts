// The /reviews page's calls: whether a review earns the reviewer bonus, a new review and the bonus.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import type { Body } from "../../api/types";
import { failureToast, toast } from "../../components/ui/use-toast";
import { useProofOfWork } from "../../lib/proof-of-work";
import { reviewsKey } from "./api";
import { t } from "../../i18n";

const bonusOfferKey = ["/api/reviews/bonus-offer"] as const;

// Whether a review from this device earns the reviewer bonus (the addresses it may go to), or why
// not: asked before the visitor writes (the page keeps the answer it had while it is open).
export const useBonusOffer = () =>
  useQuery({ queryKey: bonusOfferKey, queryFn: () => unwrap(api.reviews["bonus-offer"].get()) });

// (the review form starts its proof when focused, so reading the reviews costs none)
export function useSubmitReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: Body<typeof api.reviews.submit.post>) => unwrap(api.reviews.submit.post(review)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewsKey }),
    onError: failureToast(t("reviews.toast.error")),
  });
}

export function useReviewerBonus() {
  useProofOfWork("reviewer-bonus");
  return useMutation({
    mutationFn: (claim: Body<(typeof api.reviews)["bonus-request"]["post"]>) =>
      unwrap(api.reviews["bonus-request"].post(claim)),
    onSuccess: () =>
      toast({
        title: t("reviews.toast.bonusTitle"),
        description: t("reviews.toast.bonusText"),
      }),
    onError: failureToast(t("reviews.toast.error")),
  });
}
