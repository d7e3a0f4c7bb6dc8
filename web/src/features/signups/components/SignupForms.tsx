import { CheckCircle2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import {
  ALERT_TYPES_REQUIRED,
  EMAIL_REQUIRED,
  ALERT_TYPES as TYPES,
  type AlertType,
} from "../../../../../src/shared/forms";
import { useSignup } from "../api";
import { errorText } from "../../../lib/errors";
import { warmProof } from "../../../lib/proof-of-work";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { NetworkFailure } from "../../../components/ui/form-failure";
import { failureToast, toast } from "../../../components/ui/use-toast";

// The server's alert types (src/shared/forms.ts), each with its label.
const LABELS: Record<AlertType, string> = {
  daily_challenges: "Daily Challenges",
  high_rewards: "High-Value Rewards",
  streak_bonuses: "Streak Bonuses",
  new_features: "New Features",
  market_opportunities: "Market Opportunities",
};
export const ALERT_TYPES = TYPES.map((id) => ({ id, label: LABELS[id] }));

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
    if (!email.trim()) return toast({ variant: "destructive", ...EMAIL_REQUIRED });
    signup.mutate(
      { email: email.trim(), name: name.trim() || undefined, source },
      {
        onSuccess: () => {
          setDone(true);
          toast({ title: "Successfully signed up!", description: "You are on the list for faucet news and updates." });
        },
        onError: failureToast("Signup failed", (error) => errorText(error) || "Failed to sign up for newsletter"),
      },
    );
  };

  return (
    <Card className="p-6">
      <h2 className="text-xl font-bold text-slate-900">Get faucet news in your inbox</h2>
      <p className="mt-1 text-slate-600">New rewards, giveaways and security tips. No spam, unsubscribe any time.</p>
      <div className="mt-4">
        {done ? (
          <Confirmation text="Thanks! You're subscribed to the newsletter." />
        ) : (
          <form
            onSubmit={submit}
            onFocus={() => warmProof("newsletter")}
            className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
            noValidate
          >
            <Field
              id={`${id}-email`}
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <Field
              id={`${id}-name`}
              label="Name (optional)"
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <button type="submit" className={buttonClass({ className: "h-11" })} disabled={signup.isPending}>
              {signup.isPending ? "Signing up..." : "Subscribe"}
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
    if (!email.trim()) return toast({ variant: "destructive", ...EMAIL_REQUIRED });
    if (types.length === 0) return toast({ variant: "destructive", ...ALERT_TYPES_REQUIRED });
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
          toast({ title: "Successfully signed up!", description: "We'll tell you when new ways to earn XRP appear." });
        },
        onError: failureToast("Signup failed", (error) => errorText(error) || "Failed to sign up for earning alerts"),
      },
    );
  };

  return (
    <Card className="p-6">
      <h2 className="text-xl font-bold text-slate-900">Earning alerts</h2>
      <p className="mt-1 text-slate-600">Be first to hear about new challenges and high-value rewards.</p>
      <div className="mt-4">
        {done ? (
          <Confirmation text="You're signed up for earning alerts." />
        ) : (
          <form onSubmit={submit} onFocus={() => warmProof("earning-alerts")} className="space-y-4" noValidate>
            <div className={compact ? "grid gap-3 sm:grid-cols-2" : "grid gap-3 sm:grid-cols-3"}>
              <Field
                id={`${id}-email`}
                label="Email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
              <Field
                id={`${id}-name`}
                label="Name (optional)"
                autoComplete="name"
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
              {!compact && (
                <Field
                  id={`${id}-phone`}
                  label="Phone (optional)"
                  type="tel"
                  autoComplete="tel"
                  value={phone}
                  onChange={(e) => setPhone(e.target.value)}
                />
              )}
            </div>
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">Alert types</legend>
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
                    {type.label}
                  </label>
                ))}
              </div>
            </fieldset>
            <button type="submit" className={buttonClass()} disabled={signup.isPending}>
              {signup.isPending ? "Signing up..." : "Get Alerts"}
            </button>
            <NetworkFailure error={signup.error} busy={signup.isPending} />
          </form>
        )}
      </div>
    </Card>
  );
}
