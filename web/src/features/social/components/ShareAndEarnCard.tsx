import { Share2 } from "lucide-react";
import { shortXrp, type SocialPlatform, useClaimSocialBonus, useSocialOffer } from "../api";
import { useCurrentUser } from "../../../api/session";
import { BonusWaits, claimedThisWeekText, ShareButtons } from "./ShareButtons";
import { FormFailure } from "../../../components/ui/form-failure";
import { refusalText } from "../../../lib/errors";
import { Card } from "../../../components/ui/card";
import { toast } from "../../../components/ui/use-toast";
import { BonusClaimed, BonusClaimForm } from "./BonusClaimForm";
import { useShareThenClaim } from "./useShareThenClaim";
import { checkBonusAddress } from "../wallet";
import { T, t } from "../../../i18n";

// The dashboard's share-and-earn card: share, then claim the bonus for the platform shared on last.
export function ShareAndEarnCard() {
  const { data: user } = useCurrentUser();
  const offer = useSocialOffer();
  const claim = useClaimSocialBonus();
  const flow = useShareThenClaim(user);
  const { heading, shared, formOpen, address, error, setError, recordShare } = flow;

  const amount = shortXrp(offer.data?.amountPerPlatform, "5");
  const weekly = shortXrp(offer.data?.weeklyMaximum, "15");
  const availableAt = offer.data?.platforms.find((p) => p.platform === shared)?.availableAt;
  const claimedThisWeek = availableAt && new Date(availableAt).getTime() > Date.now() ? availableAt : null;

  const share = (platform: SocialPlatform) =>
    flow.share(platform, {
      title: t("earn.toast.thanksTitle"),
      description: t("earn.toast.thanksText"),
    });

  const submit = () => {
    const checked = checkBonusAddress(address);
    if (checked.error !== null) {
      setError(checked.error);
      return;
    }
    setError(null);
    if (!shared) {
      toast({
        variant: "destructive",
        title: t("earn.toast.shareFirstTitle"),
        description: t("earn.toast.shareFirstText"),
      });
      return;
    }
    claim.mutate({ address: checked.address }, { onSuccess: flow.claimed });
  };

  return (
    <Card className="p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Share2 aria-hidden="true" className="h-5 w-5" />
        </div>
        <div>
          <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            {t("earn.tab.shareTitle")}
          </h3>
          <p className="mt-1 text-sm text-slate-600">{t("earn.tab.shareText", { amount, weekly })}</p>
        </div>
      </div>
      <ShareButtons
        className="mt-5"
        onShare={share}
        busyPlatform={recordShare.isPending ? recordShare.variables : null}
        availableAt={Object.fromEntries(
          (offer.data?.platforms ?? []).map((p) => [p.platform, { at: p.claimableAt, limit: p.waitLimit }]),
        )}
      />
      <BonusWaits waits={offer.data?.waits} />
      {claim.data && !formOpen && <BonusClaimed claim={claim.data} />}
      {claim.error !== null && (
        <FormFailure message={refusalText(claim.error)} retry={false} busy={claim.isPending} className="mt-4" />
      )}
      {formOpen && (
        <BonusClaimForm
          address={address}
          onAddressChange={flow.changeAddress}
          error={error}
          busy={claim.isPending}
          submitLabel={t("earn.tab.claim", { amount })}
          closeLabel={t("common.cancel")}
          onSubmit={submit}
          onClose={flow.close}
        >
          {shared ? (
            <p>
              <T id="earn.tab.shared" values={{ platform: shared }} components={{ 0: <strong /> }} />
            </p>
          ) : (
            <p>{t("earn.tab.notShared")}</p>
          )}
          {claimedThisWeek && shared && (
            <p className="mt-1 font-medium text-amber-800">{claimedThisWeekText(shared, claimedThisWeek)}</p>
          )}
        </BonusClaimForm>
      )}
    </Card>
  );
}
