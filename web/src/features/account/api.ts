import { useEffect } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../components/ui/use-toast";
import { errorText } from "../../lib/errors";
import { api, unwrap } from "../../api/client";
import { currentUserKey, useCurrentUser } from "../../api/session";
import type { SocialBonusClaim, SocialPlatform } from "../../api/types";

export type { SocialPlatform };

export const faucetRequestsKey = ["/api/user/faucet-requests"] as const;
export const rewardsHistoryKey = ["/api/user/rewards-history"] as const;
const socialOfferKey = ["/api/social/bonus"] as const;

// The logged-in user's faucet requests, newest first; never fetched without a user. Refetched whenever the
// dashboard opens, because requests made on /faucet and an admin's decisions change them.
export function useFaucetRequests() {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: faucetRequestsKey,
    queryFn: () => unwrap(api.user["faucet-requests"].get()),
    enabled: Boolean(user),
    refetchOnMount: "always",
  });
}

// The logged-in user's rewards (social, review, streak bonuses), newest first.
export function useRewardsHistory() {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: rewardsHistoryKey,
    queryFn: () => unwrap(api.user["rewards-history"].get()),
    enabled: Boolean(user),
    refetchOnMount: "always",
  });
}

// What the server grants per share and per week; keyed by user because availability is per user.
export function useSocialOffer() {
  const { data: user } = useCurrentUser();
  return useQuery({ queryKey: [...socialOfferKey, user?.id ?? null], queryFn: () => unwrap(api.social.bonus.get()) });
}

// Whole XRP amounts read "5", others keep their decimals ("2.5").
export function shortXrp(amount: string | undefined, fallback: string): string {
  if (!amount) return fallback;
  const value = Number.parseFloat(amount);
  return Number.isFinite(value) ? String(value) : fallback;
}

// The points, streak and last claim change with every faucet request: the dashboard rereads the user when it opens.
export function useRefreshUserOnMount() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
  }, [queryClient]);
}

// POST /api/social/share: records that the logged-in user shared on a platform.
export function useRecordShare() {
  return useMutation({
    mutationFn: (platform: SocialPlatform) => unwrap(api.social.share.post({ platform })),
  });
}

// POST /api/social/bonus-request; on success the user's lists, the user and the offer are refetched.
export function useClaimSocialBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claim: SocialBonusClaim) => unwrap(api.social["bonus-request"].post(claim)),
    onSuccess: () => {
      toast({
        title: "Social Sharing Bonus Submitted!",
        description: "Your request has been sent to the admin team for verification.",
      });
      void queryClient.invalidateQueries({ queryKey: faucetRequestsKey });
      void queryClient.invalidateQueries({ queryKey: rewardsHistoryKey });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      void queryClient.invalidateQueries({ queryKey: socialOfferKey });
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "Error", description: errorText(error) });
    },
  });
}
