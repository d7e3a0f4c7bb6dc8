import { CheckCircle2, Clock, Droplet, Info, ShieldCheck, Wallet } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { INVALID_ADDRESS } from "../../../src/shared/forms";
import { useFaucetRequest } from "../api/public";
import { Page } from "../components/Page";
import { EarningAlertsForm } from "../components/public/SignupForms";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Field } from "../components/ui/field";
import { toast } from "../components/ui/use-toast";

const FACTS = [
  { icon: Clock, text: "One claim per wallet address every 24 hours." },
  { icon: ShieldCheck, text: "Every request is reviewed by our admin team before it is paid." },
  { icon: Droplet, text: "The amount of each drop is set by the faucet, not chosen in the browser." },
  { icon: Wallet, text: "Payouts may take up to 24 hours. New wallets need at least 1 XRP to be activated on the ledger." },
  { icon: Info, text: "We never ask for your secret key or recovery phrase: only your public address (it starts with r)." },
];

export default function Faucet() {
  const [address, setAddress] = useState("");
  const [lastAmount, setLastAmount] = useState<string | null>(null);
  const request = useFaucetRequest();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!address.trim()) {
      toast({ variant: "destructive", title: "Error", description: INVALID_ADDRESS });
      return;
    }
    request.mutate(address.trim(), {
      onSuccess: (answer) => {
        setAddress("");
        setLastAmount(answer?.amount ?? null);
        toast({ title: "Request Submitted Successfully!", description: "Our admin team will review your request; payouts may take up to 24 hours." });
      },
    });
  };

  return (
    <Page title="Free XRP Faucet" intro="Request free XRP drops: enter your wallet address, and our team sends them after a quick review.">
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Card className="p-6 sm:p-8">
          <form onSubmit={submit} className="space-y-4" noValidate>
            <Field
              id="faucet-address"
              label="XRP wallet address"
              placeholder="r..."
              autoComplete="off"
              spellCheck={false}
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              disabled={request.isPending}
            />
            <button type="submit" className={buttonClass({ size: "lg", className: "w-full" })} disabled={request.isPending}>
              <Droplet aria-hidden="true" className="h-5 w-5" />
              {request.isPending ? "Processing Drop Request..." : "Claim Your XRP Drops"}
            </button>
          </form>
          {lastAmount && (
            <p role="status" className="mt-4 flex items-center gap-2 rounded-lg bg-green-50 p-3 text-sm text-green-800">
              <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
              Request received for {lastAmount} XRP. It will be paid once approved.
            </p>
          )}
          <p className="mt-6 text-sm text-slate-600">
            Want more? Track your requests and earn bonuses with a free <Link to="/login" className="font-medium text-brand-700 underline">account</Link>.
          </p>
        </Card>
        <Card className="p-6">
          <h2 className="text-lg font-bold text-slate-900">Faucet information</h2>
          <ul className="mt-4 space-y-3">
            {FACTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex gap-3 text-slate-700">
                <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                <span>{text}</span>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/shopping-rewards" className={buttonClass({ variant: "outline", size: "sm" })}>
              Shopping Rewards
            </Link>
            <Link to="/blog" className={buttonClass({ variant: "outline", size: "sm" })}>
              Blog
            </Link>
          </div>
        </Card>
      </div>
      <div className="mt-8">
        <EarningAlertsForm source="faucet" />
      </div>
    </Page>
  );
}
