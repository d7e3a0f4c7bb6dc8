import "../../../screens-shared";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowRight, Award, Droplet, Info, Lock, PenLine, Share2, Sparkles, Users } from "lucide-react";
import { shortXrp, type SocialPlatform, useClaimSocialBonus, useSocialOffer } from "../api";
import { useCurrentUser } from "../../../api/session";
import { BonusClaimed, BonusClaimForm } from "../components/BonusClaimForm";
import { BonusWaits, bonusState, claimedThisWeekText, ShareButtons, shareUrl } from "../components/ShareButtons";
import { FormFailure } from "../../../components/ui/form-failure";
import { refusalText } from "../../../lib/errors";
import { SoonBadge } from "../../../components/SoonBadge";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { toast } from "../../../components/ui/use-toast";
import { useShareThenClaim } from "../components/useShareThenClaim";
import { usePageTitle } from "../../../lib/usePageTitle";
import { type MessageId, T, t } from "../../../i18n";

function LoginNotice() {
  return (
    <aside
      aria-labelledby="login-required"
      className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950"
    >
      <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
      <div>
        <h2 id="login-required" className="font-semibold">
          {t("earn.login.title")}
        </h2>
        <p className="mt-1 text-sm">
          <T
            id="earn.login.text"
            components={{
              0: <Link to="/login" className="font-semibold underline underline-offset-2 hover:text-amber-800" />,
            }}
          />
        </p>
      </div>
    </aside>
  );
}

function OpportunityCard({
  to,
  icon,
  title,
  text,
  cta,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  text: string;
  cta: string;
}) {
  return (
    <Card className="flex flex-col p-5 sm:p-6">
      <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-50 text-brand-600">{icon}</span>
      <h2 className="mt-3 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 flex-1 text-sm text-slate-600">{text}</p>
      <Link to={to} className={buttonClass({ variant: "outline", className: "mt-4 self-start" })}>
        {cta}
        <ArrowRight aria-hidden="true" className="h-4 w-4" />
      </Link>
    </Card>
  );
}

// Every condition the server applies to the social bonus (modules/social), said before any share:
// the account's age is the operator's setting, as the offer gives it.
function BonusConditions({ hours, amount, weekly }: { hours: number | undefined; amount: string; weekly: string }) {
  const age =
    hours === undefined
      ? t("earn.conditions.ageSetting")
      : hours === 0
        ? t("earn.conditions.ageAny")
        : t("earn.conditions.ageHours", { hours });
  return (
    <section aria-labelledby="bonus-conditions" className="mt-6 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
      <h3 id="bonus-conditions" className="font-semibold text-slate-900">
        {t("earn.conditions.title")}
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>{age}</li>
        <li>{t("earn.conditions.window")}</li>
        <li>{t("earn.conditions.limits", { amount, weekly })}</li>
        <li>{t("earn.conditions.budget")}</li>
      </ul>
    </section>
  );
}

const PREVIEW_REWARDS: { name: MessageId; text: MessageId; reward: string; icon: typeof Users }[] = [
  { name: "earn.preview.referral", text: "earn.preview.referralText", reward: "+50 XRP", icon: Users },
  { name: "earn.preview.staking", text: "earn.preview.stakingText", reward: "+100 XRP", icon: Lock },
  { name: "earn.preview.quests", text: "earn.preview.questsText", reward: "+25 XRP", icon: Award },
];

// /earn-more: share the faucet (anyone), claim the sharing bonus (logged-in users).
export default function EarnMore() {
  usePageTitle(t("earn.page.title"));
  const { data: user } = useCurrentUser();
  const offer = useSocialOffer();
  const claim = useClaimSocialBonus();
  const flow = useShareThenClaim(user);
  const { heading, shared, formOpen, address, error, setError, recordShare } = flow;

  const amount = shortXrp(offer.data?.amountPerPlatform, "5");
  const weekly = shortXrp(offer.data?.weeklyMaximum, "15");

  const share = (platform: SocialPlatform) => {
    if (!user) {
      toast({
        title: t("earn.toast.loginTitle"),
        description: t("earn.toast.loginText"),
      });
      return;
    }
    flow.share(platform, {
      title: t("earn.toast.recordedTitle"),
      description: t("earn.toast.recordedText", { platform }),
    });
  };

  const submit = () => {
    const trimmed = address.trim();
    if (!trimmed) {
      setError(t("earn.form.required"));
      return;
    }
    setError(null);
    if (!shared) {
      toast({ variant: "destructive", title: t("earn.toast.shareFirstAny") });
      return;
    }
    if (!user) {
      toast({ variant: "destructive", title: t("earn.toast.loginToClaim") });
      return;
    }
    claim.mutate(
      {
        address: trimmed,
        platform: shared,
        sharedUrl: shareUrl(),
        sharedContent: { title: t("earn.share.title"), description: t("earn.share.description") },
      },
      { onSuccess: flow.claimed },
    );
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t("earn.page.title")}</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600">{t("earn.page.intro")}</p>

      {!user && (
        <div className="mt-6">
          <LoginNotice />
        </div>
      )}

      <Card className="mt-8 p-5 sm:p-8">
        <div className="flex items-start gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Share2 aria-hidden="true" className="h-5 w-5" />
          </span>
          <div>
            <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
              {t("earn.social.title")}
            </h2>
            <p className="mt-1 text-slate-600">
              <T
                id="earn.social.text"
                values={{ amount, weekly }}
                components={{ 0: <strong className="font-semibold text-slate-900" /> }}
              />
            </p>
          </div>
        </div>
        <ShareButtons
          className="mt-6"
          onShare={share}
          busyPlatform={recordShare.isPending ? recordShare.variables : null}
          availableAt={
            user
              ? Object.fromEntries(
                  (offer.data?.platforms ?? []).map((p) => [p.platform, { at: p.claimableAt, limit: p.waitLimit }]),
                )
              : undefined
          }
        />
        <BonusConditions hours={offer.data?.accountAgeHours} amount={amount} weekly={weekly} />
        {user && <BonusWaits waits={offer.data?.waits} />}
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
            submitLabel={t("earn.form.claim")}
            closeLabel={t("earn.form.close")}
            onSubmit={submit}
            onClose={flow.close}
          >
            <p>
              {shared ? (
                <T id="earn.form.shared" values={{ platform: shared, amount }} components={{ 0: <strong /> }} />
              ) : (
                t("earn.form.notShared", { amount })
              )}
            </p>
            {shared && !bonusState(offer.data?.platforms.find((p) => p.platform === shared)?.availableAt).ready && (
              <p className="mt-1 font-medium text-amber-800">
                {claimedThisWeekText(shared, offer.data!.platforms.find((p) => p.platform === shared)!.availableAt!)}
              </p>
            )}
          </BonusClaimForm>
        )}
      </Card>

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <OpportunityCard
          to="/reviews"
          icon={<PenLine aria-hidden="true" className="h-5 w-5" />}
          title={t("earn.cards.review")}
          text={t("earn.cards.reviewText")}
          cta={t("earn.cards.reviewCta")}
        />
        <OpportunityCard
          to="/faucet"
          icon={<Droplet aria-hidden="true" className="h-5 w-5" />}
          title={t("earn.cards.faucet")}
          text={t("earn.cards.faucetText")}
          cta={t("earn.cards.faucetCta")}
        />
      </div>

      <Card className="mt-6 p-5 sm:p-8">
        <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold text-slate-900">
          <Sparkles aria-hidden="true" className="h-5 w-5 text-amber-500" />
          {t("earn.more.title")}
          <SoonBadge />
        </h2>
        <p className="mt-1 text-slate-600">{t("earn.more.text")}</p>
        <ul className="mt-5 grid gap-3 sm:grid-cols-3">
          {PREVIEW_REWARDS.map(({ name, text, reward, icon: Icon }) => (
            <li key={name} className="flex flex-col rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4">
              <div className="flex items-center justify-between gap-2">
                <Icon aria-hidden="true" className="h-5 w-5 text-slate-500" />
                <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-bold text-green-800">
                  {reward}
                </span>
              </div>
              <h3 className="mt-3 font-semibold text-slate-900">{t(name)}</h3>
              <p className="mt-1 text-sm text-slate-600">{t(text)}</p>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
