import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../components/ui/use-toast";
import { errorText } from "../lib/errors";
import { faucetRequestsKey } from "./account";
import { useProofOfWork } from "../lib/proof-of-work";
import { getJson, sendJson } from "./client";
import { currentUserKey } from "./session";

export type FaucetStatus = { isActive: boolean; message: string };
export type Review = { id: number; rating: number; content: string; name: string; approved: boolean; createdAt: string };
export type FaucetRequestAnswer = { id: number; status: string; amount: string; address: string };

const POLL_MS = 30_000;
export const faucetStatusKey = ["/api/faucet/status"] as const;
export const payoutStatsKey = ["/api/stats/payouts"] as const;
export const reviewsKey = ["/api/reviews"] as const;

export const useFaucetStatus = () =>
  useQuery({ queryKey: faucetStatusKey, queryFn: () => getJson<FaucetStatus>("/api/faucet/status"), refetchInterval: POLL_MS });

export const usePayoutStats = () =>
  useQuery({ queryKey: payoutStatsKey, queryFn: () => getJson<{ totalPayouts: number }>("/api/stats/payouts"), refetchInterval: POLL_MS });

export const useReviews = () => useQuery({ queryKey: reviewsKey, queryFn: () => getJson<Review[]>("/api/reviews") });

const failed = (title: string) => (error: unknown) => toast({ variant: "destructive", title, description: errorText(error) });

// POST /api/faucet/request; a logged-in user's dashboard rereads its list and the user afterwards.
export function useFaucetRequest() {
  useProofOfWork();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: string) => sendJson<FaucetRequestAnswer>("POST", "/api/faucet/request", { address }),
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
    mutationFn: (review: { review: string; rating: number; name: string }) =>
      sendJson<{ id: number; approved: boolean; message: string }>("POST", "/api/reviews/submit", review),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reviewsKey }),
    onError: failed("Error"),
  });
}

export function useReviewerBonus() {
  useProofOfWork();
  return useMutation({
    mutationFn: (claim: { address: string; reviewId: number }) => sendJson<{ message: string }>("POST", "/api/reviews/bonus-request", claim),
    onSuccess: () => toast({ title: "Bonus Request Submitted!", description: "Our team will review your reviewer bonus and send it to your wallet." }),
    onError: failed("Error"),
  });
}

// (the signup and advertiser forms start their proof when focused: most visitors never use them)
export function useAdvertise() {
  return useMutation({
    mutationFn: (enquiry: { companyName: string; email: string; website: string; budget: string; message: string }) =>
      sendJson<{ message: string }>("POST", "/api/advertising/submit", enquiry),
  });
}

export function useSignup(path: "/api/newsletter/signup" | "/api/earning-alerts/signup") {
  return useMutation({ mutationFn: (payload: Record<string, unknown>) => sendJson<{ message: string }>("POST", path, payload) });
}
