import { CheckCircle2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { ALERT_TYPES as TYPES, type AlertType } from "../../../../../src/shared/forms";
import { useSignup } from "../api";
import { type MessageId, t } from "../../../i18n";
import { errorText } from "../../../lib/errors";
import { warmProof } from "../../../lib/proof-of-work";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { NetworkFailure } from "../../../components/ui/form-failure";
import { failureToast, toast } from "../../../components/ui/use-toast";

// The server's alert types (src/shared/forms.ts), each with its label.
const LABELS: Record<AlertType, MessageId> = {
  daily_challenges: "signups.alerts.dailyChallenges",
  high_rewards: "signups.alerts.highRewards",
  streak_bonuses: "signups.alerts.streakBonuses",
  new_features: "signups.alerts.newFeatures",
  market_opportunities: "signups.alerts.marketOpportunities",
};
export const ALERT_TYPES = TYPES.map((id) => ({ id, label: LABELS[id] }));

const emailRequired = () => ({ title: t("signups.emailRequired.title"), description: t("signups.emailRequired.text") });

function Confirmation({ text }: { text: string }) {
  return (
    <div role="status" className="flex items-center gap-3 rounded-lg bg-green-50 p-4 text-green-800">
      <CheckCircle2 aria-hidden="true" className="h-5 w-5 shrink-0" />
      <p className="font-medium">{text}</p>
    </div>
  );
}

export function NewsletterForm({ source }: { source: string }) {
  const id = useId();
  const signup = useSignup("/api/newsletter/signup");
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [done, setDone] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return toast({ variant: "destructive", ...emailRequired() });
    signup.mutate(
      { email: email.trim(), name: name.trim() || undefined, source },
      {
        onSuccess: () => {
          setDone(true);
          toast({ title: t("signups.signedUp"), description: t("signups.newsletter.signedUp") });
        },
        onError: failureToast(t("signups.failed"), (error) => errorText(error) || t("signups.newsletter.failed")),
      },
    );
  };

  return (
    <Card className="p-6">
      <h2 className="text-xl font-bold text-slate-900">{t("signups.newsletter.title")}</h2>
      <p className="mt-1 text-slate-600">{t("signups.newsletter.intro")}</p>
      <div className="mt-4">
        {done ? (
          <Confirmation text={t("signups.newsletter.done")} />
        ) : (
          <form
            onSubmit={submit}
            onFocus={() => warmProof("newsletter")}
            className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
            noValidate
          >
            <Field
              id={`${id}-email`}
              label={t("signups.email")}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <Field
              id={`${id}-name`}
              label={t("signups.name")}
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <button type="submit" className={buttonClass({ className: "h-11" })} disabled={signup.isPending}>
              {signup.isPending ? t("signups.signingUp") : t("signups.newsletter.submit")}
            </button>
            <NetworkFailure error={signup.error} busy={signup.isPending} className="sm:col-span-3" />
          </form>
        )}
      </div>
    </Card>
  );
}

// The compact form shows the first three alert types; the full one all five.
export function EarningAlertsForm({ source, compact = false }: { source: string; compact?: boolean }) {
  const id = useId();
  const signup = useSignup("/api/earning-alerts/signup");
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [phone, setPhone] = useState("");
  const [types, setTypes] = useState<string[]>([]);
  const [done, setDone] = useState(false);
  const shown = compact ? ALERT_TYPES.slice(0, 3) : ALERT_TYPES;

  const toggle = (type: string) =>
    setTypes((current) => (current.includes(type) ? current.filter((t) => t !== type) : [...current, type]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return toast({ variant: "destructive", ...emailRequired() });
    if (types.length === 0)
      return toast({
        variant: "destructive",
        title: t("signups.typesRequired.title"),
        description: t("signups.typesRequired.text"),
      });
    signup.mutate(
      {
        email: email.trim(),
        name: name.trim() || undefined,
        phone: compact ? undefined : phone.trim() || undefined,
        alertTypes: types,
        source,
      },
      {
        onSuccess: () => {
          setDone(true);
          toast({ title: t("signups.signedUp"), description: t("signups.earning.signedUp") });
        },
        onError: failureToast(t("signups.failed"), (error) => errorText(error) || t("signups.earning.failed")),
      },
    );
  };

  return (
    <Card className="p-6">
      <h2 className="text-xl font-bold text-slate-900">{t("signups.earning.title")}</h2>
      <p className="mt-1 text-slate-600">{t("signups.earning.intro")}</p>
      <div className="mt-4">
        {done ? (
          <Confirmation text={t("signups.earning.done")} />
        ) : (
          <form onSubmit={submit} onFocus={() => warmProof("earning-alerts")} className="space-y-4" noValidate>
            <div className={compact ? "grid gap-3 sm:grid-cols-2" : "grid gap-3 sm:grid-cols-3"}>
              <Field
                id={`${id}-email`}
                label={t("signups.email")}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
              <Field
                id={`${id}-name`}
                label={t("signups.name")}
                autoComplete="name"
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
              {!compact && (
                <Field
                  id={`${id}-phone`}
                  label={t("signups.phone")}
                  type="tel"
                  autoComplete="tel"
                  value={phone}
                  onChange={(e) => setPhone(e.target.value)}
                />
              )}
            </div>
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">{t("signups.earning.types")}</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {shown.map((type) => (
                  <label
                    key={type.id}
                    className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
                  >
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-brand-600"
                      checked={types.includes(type.id)}
                      onChange={() => toggle(type.id)}
                    />
                    {t(type.label)}
                  </label>
                ))}
              </div>
            </fieldset>
            <button type="submit" className={buttonClass()} disabled={signup.isPending}>
              {signup.isPending ? t("signups.signingUp") : t("signups.earning.submit")}
            </button>
            <NetworkFailure error={signup.error} busy={signup.isPending} />
          </form>
        )}
      </div>
    </Card>
  );
}
