import "../../../screens-shared";
import { CheckCircle2, Gift, Info } from "lucide-react";
import { Link } from "react-router";
import { useState, type FormEvent } from "react";
import { REVIEW_MAX } from "../../../../../src/shared/forms";
import { type MessageId, t, T } from "../../../i18n";
import { RequestReceived, useFaucetStatus } from "../../faucet";
import { useBonusOffer, useReviewerBonus, useSubmitReview } from "../submit";
import { Page } from "../../../components/Page";
import { ReviewList } from "../components/ReviewList";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Field, WalletField } from "../../../components/ui/field";
import { FormFailure, NetworkFailure } from "../../../components/ui/form-failure";
import { isNetworkFailure, refusalText } from "../../../lib/errors";
import { xrpText } from "../../../lib/format";
import { toast } from "../../../components/ui/use-toast";
import { warmProof } from "../../../lib/proof-of-work";

// Why the server offers no reviewer bonus (its two reasons, src/modules/reviews/model.ts), in the
// page's language; another reason shows as the server says it.
const NO_BONUS_BECAUSE: Record<string, MessageId> = {
  "The reviewer bonus goes to an address the faucet has already paid from this device, and this device has none yet. Request XRP from the faucet first: once it is paid, a review earns the bonus.":
    "reviews.bonus.needsPayment",
  "Each address receives one reviewer bonus, and the addresses paid from this device have received theirs.":
    "reviews.bonus.addressesRewarded",
};

// Before the visitor writes: whether a review from this device earns the reviewer bonus, and on
// which conditions (the server's rule), or why it earns none.
function BonusConditions() {
  const offer = useBonusOffer().data;
  const worth = useFaucetStatus().data?.reviewerBonus;
  // (the box takes its place before the answer comes, so the form below it does not move)
  if (!offer)
    return (
      <aside
        aria-label={t("reviews.bonus.label")}
        aria-busy="true"
        className="flex min-h-28 gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700 sm:min-h-20"
      >
        <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        <p>{t("reviews.bonus.checking")}</p>
      </aside>
    );
  const Icon = offer.offered ? Gift : Info;
  const because = offer.reason ? NO_BONUS_BECAUSE[offer.reason] : undefined;
  const reason = because ? t(because) : offer.reason;
  return (
    <aside
      aria-label={t("reviews.bonus.label")}
      className={`flex min-h-28 gap-3 rounded-xl border p-4 text-sm sm:min-h-20 ${offer.offered ? "border-green-200 bg-green-50 text-green-950" : "border-slate-200 bg-slate-50 text-slate-700"}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      {offer.offered ? (
        <p>
          <strong className="font-semibold">
            {worth ? t("reviews.bonus.offeredWorth", { amount: xrpText(worth) }) : t("reviews.bonus.offered")}
          </strong>{" "}
          {t("reviews.bonus.conditions")}
        </p>
      ) : (
        <p>
          <strong className="font-semibold text-slate-900">{t("reviews.bonus.none")}</strong> {reason}{" "}
          <Link to="/faucet" className="font-medium text-brand-700 underline">
            {t("reviews.bonus.requestXrp")}
          </Link>
        </p>
      )}
    </aside>
  );
}

function BonusCard({ reviewId, onSkip }: { reviewId: number; onSkip: () => void }) {
  const offer = useBonusOffer().data;
  const [address, setAddress] = useState(offer?.addresses[0] ?? "");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const bonus = useReviewerBonus();
  const worth = useFaucetStatus().data?.reviewerBonus;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!address.trim()) return setFieldError(t("reviews.claim.invalidAddress"));
    bonus.mutate({ address: address.trim(), reviewId }, { onSuccess: () => setAddress("") });
  };
  // claimed: the form gives way to what was received and where to follow it (the toast goes, this stays)
  if (bonus.data)
    return (
      <Card className="p-6">
        <h2 className="text-lg font-bold text-slate-900">{t("reviews.claim.requested")}</h2>
        <div className="mt-3">
          <RequestReceived request={bonus.data} />
        </div>
      </Card>
    );
  return (
    <Card className="p-6">
      <h2 className="text-lg font-bold text-slate-900">{t("reviews.claim.title")}</h2>
      <p className="mt-1 text-slate-600">
        {worth ? (
          <T id="reviews.claim.intro" values={{ amount: xrpText(worth) }} components={{ 0: <strong /> }} />
        ) : (
          t("reviews.claim.introNoAmount")
        )}
      </p>
      <form onSubmit={submit} className="mt-4 space-y-3" noValidate>
        <WalletField
          id="bonus-address"
          value={address}
          error={fieldError}
          onChange={(e) => {
            setAddress(e.target.value);
            setFieldError(null);
          }}
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass()} disabled={bonus.isPending}>
            {bonus.isPending ? t("reviews.submitting") : t("reviews.claim.submit")}
          </button>
          <button type="button" className={buttonClass({ variant: "outline" })} onClick={onSkip}>
            {t("reviews.claim.skip")}
          </button>
        </div>
        {/* a refusal stays here, in words, beside its button (the toast goes) */}
        {bonus.error !== null && (
          <FormFailure
            message={refusalText(bonus.error)}
            retry={isNetworkFailure(bonus.error)}
            busy={bonus.isPending}
          />
        )}
      </form>
    </Card>
  );
}

function ReviewForm({ onSubmitted }: { onSubmitted: (id: number, approved: boolean) => void }) {
  const [name, setName] = useState("");
  const [rating, setRating] = useState("");
  const [text, setText] = useState("");
  // the form's own error, shown under the fields it is about until they change
  const [missing, setMissing] = useState(false);
  const submitReview = useSubmitReview();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || !rating) return setMissing(true);
    submitReview.mutate(
      { review: text.trim(), rating: Number(rating), name: name.trim() },
      {
        onSuccess: (answer) => {
          toast({ title: t("reviews.toast.submitted") });
          onSubmitted(answer.id, answer.approved);
        },
      },
    );
  };
  return (
    <Card className="p-6">
      <h2 className="text-lg font-bold text-slate-900">{t("reviews.form.title")}</h2>
      {/* The anti-bot proof is solved while the visitor writes, from the first focus on the form. */}
      <form onSubmit={submit} onFocus={() => warmProof("review")} className="mt-4 space-y-4" noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="review-name"
            label={t("reviews.form.name")}
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <div className="space-y-1.5">
            <label htmlFor="review-rating" className="block text-sm font-medium text-slate-800">
              {t("reviews.form.rating")}
            </label>
            <select
              id="review-rating"
              value={rating}
              onChange={(e) => {
                setRating(e.target.value);
                setMissing(false);
              }}
              aria-invalid={missing && !rating ? true : undefined}
              aria-describedby={missing ? "review-error" : undefined}
              className="block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-brand-600"
            >
              <option value="">{t("reviews.form.chooseRating")}</option>
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {t("reviews.form.stars", { count: n })}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="space-y-1.5">
          <label htmlFor="review-text" className="block text-sm font-medium text-slate-800">
            {t("reviews.form.text")}
          </label>
          <textarea
            id="review-text"
            rows={4}
            maxLength={REVIEW_MAX}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setMissing(false);
            }}
            aria-invalid={missing && !text.trim() ? true : undefined}
            aria-describedby={missing ? "review-error" : undefined}
            className="block w-full rounded-lg border border-slate-300 bg-white p-3 text-base text-slate-900 shadow-sm focus:border-brand-600"
          />
          {missing && (
            <p id="review-error" className="text-sm text-red-700">
              {t("reviews.form.missing")}
            </p>
          )}
        </div>
        <button type="submit" className={buttonClass()} disabled={submitReview.isPending}>
          {submitReview.isPending ? t("reviews.submitting") : t("reviews.form.submit")}
        </button>
        <NetworkFailure error={submitReview.error} busy={submitReview.isPending} />
      </form>
    </Card>
  );
}

export default function Reviews() {
  const [submitted, setSubmitted] = useState<{ id: number; approved: boolean } | null>(null);
  const [skipped, setSkipped] = useState(false);
  // the bonus is offered only where it will be paid (the conditions said before the review)
  const offered = useBonusOffer().data?.offered === true;
  return (
    <Page title={t("reviews.page.title")} intro={t("reviews.page.intro")}>
      <div className="grid gap-6">
        {submitted ? (
          <>
            <Card className="flex items-center gap-3 p-6">
              <CheckCircle2 aria-hidden="true" className="h-6 w-6 text-green-600" />
              <div>
                <h2 className="text-lg font-bold text-slate-900">{t("reviews.page.thanks")}</h2>
                {/* a review held for an admin says so */}
                {!submitted.approved && <p className="text-slate-600">{t("reviews.page.held")}</p>}
              </div>
            </Card>
            {!skipped && offered && <BonusCard reviewId={submitted.id} onSkip={() => setSkipped(true)} />}
          </>
        ) : (
          <>
            <BonusConditions />
            <ReviewForm onSubmitted={(id, approved) => setSubmitted({ id, approved })} />
          </>
        )}
        <section>
          <h2 className="mb-4 text-2xl font-bold text-slate-900">{t("reviews.page.community")}</h2>
          <ReviewList />
        </section>
      </div>
    </Page>
  );
}
