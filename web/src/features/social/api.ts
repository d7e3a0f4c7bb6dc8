// Sharing the faucet on social media: the offer, a share, and the bonus claimed for it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import { currentUserKey, useCurrentUser } from "../../api/session";
import type { Body, Data } from "../../api/types";
import { useAfterFirstPaint } from "../../lib/useAfterFirstPaint";
import { toast } from "../../components/ui/use-toast";
import { errorText } from "../../lib/errors";
import { t } from "../../i18n";
import { plainXrp, xrpToDrops } from "../../../../src/shared/money";
import { faucetRequestsKey, rewardsHistoryKey } from "../account";

export type SocialPlatform = Data<typeof api.social.bonus.get>["platforms"][number]["platform"];
export type SocialBonusClaim = Body<(typeof api.social)["bonus-request"]["post"]>;

const socialOfferKey = ["/api/social/bonus"] as const;

// What the server grants per share and per week; keyed by user because availability is per user.
// Asked once the page has painted (the dashboard's Earn More tab waits behind its first tab).
export function useSocialOffer() {
  const { data: user } = useCurrentUser();
  const painted = useAfterFirstPaint();
  return useQuery({
    queryKey: [...socialOfferKey, user?.id ?? null],
    queryFn: () => unwrap(api.social.bonus.get()),
    enabled: painted,
  });
}

// Whole XRP amounts read "5", others keep their decimals ("2.5").
export function shortXrp(amount: string | undefined, fallback: string): string {
  const drops = amount ? xrpToDrops(amount) : null;
  return drops === null ? fallback : plainXrp(drops);
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
        title: t("earn.toast.claimedTitle"),
        description: t("earn.toast.claimedText"),
      });
      void queryClient.invalidateQueries({ queryKey: faucetRequestsKey });
      void queryClient.invalidateQueries({ queryKey: rewardsHistoryKey });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      void queryClient.invalidateQueries({ queryKey: socialOfferKey });
    },
    onError: (error) => {
      toast({ variant: "destructive", title: t("earn.toast.error"), description: errorText(error) });
    },
  });
}
