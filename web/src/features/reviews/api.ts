// Reviews: the approved ones everyone reads, a new review and the reviewer bonus. (The admin's
// moderation is admin-api.ts.)
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import type { Body } from "../../api/types";
import { failureToast, toast } from "../../components/ui/use-toast";
import { useProofOfWork } from "../../lib/proof-of-work";

export const reviewsKey = ["/api/reviews"] as const;

export const useReviews = () => useQuery({ queryKey: reviewsKey, queryFn: () => unwrap(api.reviews.get()) });

// (the review form starts its proof when focused, so reading the reviews costs none)
export function useSubmitReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: Body<typeof api.reviews.submit.post>) => unwrap(api.reviews.submit.post(review)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewsKey }),
    onError: failureToast("Error"),
  });
}

export function useReviewerBonus() {
  useProofOfWork("reviewer-bonus");
  return useMutation({
    mutationFn: (claim: Body<(typeof api.reviews)["bonus-request"]["post"]>) => unwrap(api.reviews["bonus-request"].post(claim)),
    onSuccess: () => toast({ title: "Bonus Request Submitted!", description: "Our team will review your reviewer bonus and send it to your wallet." }),
    onError: failureToast("Error"),
  });
}
