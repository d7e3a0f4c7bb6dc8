import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { failureToast, toast } from "../../components/ui/use-toast";
import { useProofOfWork } from "../../lib/proof-of-work";
import { faucetRequestsKey } from "../account/api";
import { api, unwrap } from "../../api/client";
import { currentUserKey } from "../../api/session";
import type { Body } from "../../api/types";

const POLL_MS = 30_000;
export const faucetStatusKey = ["/api/faucet/status"] as const;
export const payoutStatsKey = ["/api/stats/payouts"] as const;
export const reviewsKey = ["/api/reviews"] as const;

export const useFaucetStatus = () => useQuery({ queryKey: faucetStatusKey, queryFn: () => unwrap(api.faucet.status.get()), refetchInterval: POLL_MS });

// The faucet page's status: the same, plus this device's (and a typed address's) wait until the
// next claim. Its own key under the status path, so a new request refreshes it.
export const useFaucetPanel = (address: string | null) =>
  useQuery({
    queryKey: [...faucetStatusKey, "mine", address ?? ""],
    queryFn: () => unwrap(api.faucet.status.get({ query: address ? { mine: "1", address } : { mine: "1" } })),
    refetchInterval: POLL_MS,
    placeholderData: (previous) => previous,
  });

export const faucetLookupKey = ["/api/faucet/requests"] as const;

// This device's latest requests, reread every 30 s so a status follows the admin's decisions.
export const useMyFaucetRequests = () =>
  useQuery({ queryKey: [...faucetLookupKey, "mine"], queryFn: () => unwrap(api.faucet.requests.get({ query: { mine: "1" } })), refetchInterval: POLL_MS });

// Any wallet's latest requests (none until an address is asked for).
export const useFaucetLookup = (address: string | null) =>
  useQuery({
    queryKey: [...faucetLookupKey, "address", address ?? ""],
    queryFn: () => unwrap(api.faucet.requests.get({ query: { address: address ?? "" } })),
    enabled: address !== null,
    retry: false,
  });

export const usePayoutStats = () => useQuery({ queryKey: payoutStatsKey, queryFn: () => unwrap(api.stats.payouts.get()), refetchInterval: POLL_MS });

export const useReviews = () => useQuery({ queryKey: reviewsKey, queryFn: () => unwrap(api.reviews.get()) });


// POST /api/faucet/request; the device's list, the status, a logged-in user's dashboard list and
// the user are reread afterwards. The page shows a refusal itself (under the field, or beside the
// button), not as a toast.
export function useFaucetRequest() {
  useProofOfWork("faucet");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: string) => unwrap(api.faucet.request.post({ address })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: faucetRequestsKey });
      void queryClient.invalidateQueries({ queryKey: faucetLookupKey });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      void queryClient.invalidateQueries({ queryKey: faucetStatusKey });
    },
  });
}

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
