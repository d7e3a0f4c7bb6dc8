import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../components/ui/use-toast";
import { errorText } from "../lib/errors";
import { useProofOfWork } from "../lib/proof-of-work";
import { faucetRequestsKey } from "./account";
import { api, unwrap } from "./client";
import { currentUserKey } from "./session";
import type { Body } from "./types";

const POLL_MS = 30_000;
export const faucetStatusKey = ["/api/faucet/status"] as const;
export const payoutStatsKey = ["/api/stats/payouts"] as const;
export const reviewsKey = ["/api/reviews"] as const;

export const useFaucetStatus = () => useQuery({ queryKey: faucetStatusKey, queryFn: () => unwrap(api.faucet.status.get()), refetchInterval: POLL_MS });

export const usePayoutStats = () => useQuery({ queryKey: payoutStatsKey, queryFn: () => unwrap(api.stats.payouts.get()), refetchInterval: POLL_MS });

export const useReviews = () => useQuery({ queryKey: reviewsKey, queryFn: () => unwrap(api.reviews.get()) });

const failed = (title: string) => (error: unknown) => toast({ variant: "destructive", title, description: errorText(error) });

// POST /api/faucet/request; a logged-in user's dashboard rereads its list and the user afterwards.
export function useFaucetRequest() {
  useProofOfWork();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: string) => unwrap(api.faucet.request.post({ address })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: faucetRequestsKey });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      void queryClient.invalidateQueries({ queryKey: faucetStatusKey });
    },
    onError: failed("Error"),
  });
}

// (the review form starts its proof when focused, so reading the reviews costs none)
export function useSubmitReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: Body<typeof api.reviews.submit.post>) => unwrap(api.reviews.submit.post(review)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewsKey }),
    onError: failed("Error"),
  });
}

export function useReviewerBonus() {
  useProofOfWork();
  return useMutation({
    mutationFn: (claim: Body<(typeof api.reviews)["bonus-request"]["post"]>) => unwrap(api.reviews["bonus-request"].post(claim)),
    onSuccess: () => toast({ title: "Bonus Request Submitted!", description: "Our team will review your reviewer bonus and send it to your wallet." }),
    onError: failed("Error"),
  });
}

// (the signup and advertiser forms start their proof when focused: most visitors never use them)
export function useAdvertise() {
  return useMutation({ mutationFn: (enquiry: Body<typeof api.advertising.submit.post>) => unwrap(api.advertising.submit.post(enquiry)) });
}

const signups = {
  "/api/newsletter/signup": (body: Body<typeof api.newsletter.signup.post>) => unwrap(api.newsletter.signup.post(body)),
  "/api/earning-alerts/signup": (body: Body<(typeof api)["earning-alerts"]["signup"]["post"]>) => unwrap(api["earning-alerts"].signup.post(body)),
};

export function useSignup<Path extends keyof typeof signups>(path: Path) {
  return useMutation({ mutationFn: signups[path] });
}
