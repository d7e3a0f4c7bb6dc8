import "../../../screens-shared";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowRight, Award, Droplet, Info, Lock, PenLine, Share2, Sparkles, Users } from "lucide-react";
import { shortXrp, type SocialPlatform, useClaimSocialBonus, useSocialOffer } from "../api";
import { useCurrentUser } from "../../../api/session";
import { BonusClaimed, BonusClaimForm } from "../components/BonusClaimForm";
import {
  BonusWaits,
  bonusState,
  ShareButtons,
  SHARE_DESCRIPTION,
  SHARE_TITLE,
  shareUrl,
} from "../components/ShareButtons";
import { FormFailure } from "../../../components/ui/form-failure";
import { refusalText } from "../../../lib/errors";
import { claimedThisWeekText } from "../../../../../src/shared/social-bonus";
import { SoonBadge } from "../../../components/SoonBadge";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { toast } from "../../../components/ui/use-toast";
import { useShareThenClaim } from "../components/useShareThenClaim";
import { ADDRESS_REQUIRED } from "../wallet";
import { usePageTitle } from "../../../lib/usePageTitle";

function LoginNotice() {
  return (
    <aside
      aria-labelledby="login-required"
      className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950"
    >
      <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
      <div>
        <h2 id="login-required" className="font-semibold">
          Login required to claim bonuses
        </h2>
        <p className="mt-1 text-sm">
          Anyone can share the faucet, but only registered users can claim the social sharing bonus.{" "}
          <Link to="/login" className="font-semibold underline underline-offset-2 hover:text-amber-800">
            Log in or create a free account
          </Link>{" "}
          to earn XRP for every share.
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
      ? "old enough (the faucet's setting)"
      : hours === 0
        ? "of any age"
        : `at least ${hours === 1 ? "1 hour" : `${hours} hours`} old`;
  return (
    <section aria-labelledby="bonus-conditions" className="mt-6 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
      <h3 id="bonus-conditions" className="font-semibold text-slate-900">
        Who can claim, and when
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>A registered account {age}: a newer account can claim once it is.</li>
        <li>Share first, then claim within an hour of that share.</li>
        <li>
          One claim per platform every 7 days ({amount} XRP each), and at most {weekly} XRP a week per payout address,
          and per network and per device the accounts were registered from.
        </li>
        <li>
          Our team verifies each claim before it is paid, from a daily bonus budget: once today's is given out, claim
          again when more opens.
        </li>
      </ul>
    </section>
  );
}

const PREVIEW_REWARDS = [
  { name: "Referral Program", text: "Invite friends who claim their first drop.", reward: "+50 XRP", icon: Users },
  { name: "Staking Rewards", text: "Earn for holding XRP with us over time.", reward: "+100 XRP", icon: Lock },
  {
    name: "Educational Quests",
    text: "Learn about the XRP Ledger and pass short quizzes.",
    reward: "+25 XRP",
    icon: Award,
  },
];

// /earn-more: share the faucet (anyone), claim the sharing bonus (logged-in users).
export default function EarnMore() {
  usePageTitle("Earn More XRP");
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
        title: "Login Required",
        description: "Please log in to claim social sharing bonuses. You can still share to help spread the word!",
      });
      return;
    }
    flow.share(platform, {
      title: "Share Recorded!",
      description: `Thanks for sharing on ${platform}! Now submit your wallet address below to claim your bonus.`,
    });
  };

  const submit = () => {
    const trimmed = address.trim();
    if (!trimmed) {
      setError(ADDRESS_REQUIRED);
      return;
    }
    setError(null);
    if (!shared) {
      toast({ variant: "destructive", title: "Please share on at least one social platform first" });
      return;
    }
    if (!user) {
      toast({ variant: "destructive", title: "Please log in to claim social sharing bonus" });
      return;
    }
    claim.mutate(
      {
        address: trimmed,
        platform: shared,
        sharedUrl: shareUrl(),
        sharedContent: { title: SHARE_TITLE, description: SHARE_DESCRIPTION },
      },
      { onSuccess: flow.claimed },
    );
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Earn More XRP</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600">
        Share the faucet on social media and write reviews to earn bonus XRP on top of your daily drop.
      </p>

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
              Social Sharing Bonus
            </h2>
            <p className="mt-1 text-slate-600">
              <strong className="font-semibold text-slate-900">
                {amount} XRP per platform, up to {weekly} XRP per week.
              </strong>{" "}
              Share the faucet on Facebook, Twitter or LinkedIn, then claim your bonus; our team verifies each claim
              before it is paid.
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
            submitLabel="Claim"
            closeLabel="Close"
            onSubmit={submit}
            onClose={flow.close}
          >
            <p>
              {shared ? (
                <>
                  You shared on <strong>{shared}</strong>. Enter your XRP wallet address to claim your {amount} XRP
                  bonus.
                </>
              ) : (
                <>Share on a platform above, then enter your XRP wallet address to claim your {amount} XRP bonus.</>
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
          title="Write a Review"
          text="Tell others about your experience with the faucet. A review earns a reviewer bonus to an address the faucet has already paid from your device (one per address), claimed from that device within 24 hours."
          cta="Write a review"
        />
        <OpportunityCard
          to="/faucet"
          icon={<Droplet aria-hidden="true" className="h-5 w-5" />}
          title="Daily Faucet"
          text="Claim free XRP every 24 hours. Logged-in users build a daily streak."
          cta="Claim free XRP"
        />
      </div>

      <Card className="mt-6 p-5 sm:p-8">
        <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold text-slate-900">
          <Sparkles aria-hidden="true" className="h-5 w-5 text-amber-500" />
          More Ways to Earn
          <SoonBadge />
        </h2>
        <p className="mt-1 text-slate-600">These rewards are coming soon; the amounts are a preview.</p>
        <ul className="mt-5 grid gap-3 sm:grid-cols-3">
          {PREVIEW_REWARDS.map(({ name, text, reward, icon: Icon }) => (
            <li key={name} className="flex flex-col rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4">
              <div className="flex items-center justify-between gap-2">
                <Icon aria-hidden="true" className="h-5 w-5 text-slate-500" />
                <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-bold text-green-800">
                  {reward}
                </span>
              </div>
              <h3 className="mt-3 font-semibold text-slate-900">{name}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
