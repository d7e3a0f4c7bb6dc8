import { CheckCircle2, Clock, Droplet, Info, Search, ShieldCheck, Wallet } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { INVALID_ADDRESS } from "../../../../../src/shared/forms";
import { useFaucetLookup, useFaucetPanel, useFaucetRequest, useMyFaucetRequests } from "../api";
import { StatusBadge } from "../../../components/ui/StatusBadge";
import { Page } from "../../../components/Page";
import { EarningAlertsForm } from "../../signups";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { FormFailure } from "../../../components/ui/form-failure";
import { TxHash } from "../../../components/ui/TxHash";
import { toast } from "../../../components/ui/use-toast";
import { budgetWords, nextSliceSentence } from "../../../lib/budget";
import { ApiError, errorText, isNetworkFailure } from "../../../lib/errors";
import { formatRelativeTime } from "../../../lib/format";

const FACTS = [
  { icon: Clock, text: "One claim per wallet address every 24 hours." },
  { icon: ShieldCheck, text: "Every request is reviewed by our admin team before it is paid." },
  { icon: Wallet, text: "Payouts may take up to 24 hours. New wallets need at least 1 XRP to be activated on the ledger." },
  { icon: Info, text: "We never ask for your secret key or recovery phrase: only your public address (it starts with r)." },
];

// What a typed address must look like before the status is asked about it (the server checks it for real).
const ADDRESS_SHAPE = /^[rX][1-9A-HJ-NP-Za-km-z]{24,46}$/;

type PublicRequest = { id: number; status: string; amount: string; createdAt: string; processedAt: string | null; txHash: string | null };

// "23:59:12" for a wait in seconds.
function clockText(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

// Seconds left of a wait the server gave at `since` (ms), ticking every second.
function useCountdown(seconds: number | null | undefined, since: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!seconds) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  if (seconds === null || seconds === undefined) return null;
  return Math.max(0, seconds - Math.floor(Math.max(0, now - since) / 1000));
}

// Before the form: online or offline (and why), that requests are reviewed by hand during a surge,
// the amount range, the wait until this device's next
// claim, the budget: what is left of the part of today released so far (an hour at a time), and
// when this hour's share is used up, when more opens (the visitor's time and UTC).
function FaucetState({ address }: { address: string | null }) {
  const status = useFaucetPanel(address);
  const left = useCountdown(status.data?.nextClaimSeconds, status.dataUpdatedAt);
  // the panel keeps its height while it loads, so the form below does not jump
  const frame = "min-h-56 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700 sm:min-h-44";
  if (status.isPending) return <p className={frame}>Checking the faucet...</p>;
  if (status.isError) return <p className={`${frame} text-red-700`}>{errorText(status.error)}</p>;
  const s = status.data;
  const total = s.budgetTotalDrops / 1_000_000;
  const remaining = s.budgetLeftDrops / 1_000_000;
  // still to open later today (released an hour at a time)
  const later = Math.max(0, total - Number(s.budgetReleased));
  const share = (xrp: number) => (total > 0 ? Math.min(100, Math.max(0, (xrp / total) * 100)) : 0);
  const nextSlice = nextSliceSentence(s);
  const words = budgetWords(s);
  return (
    <section aria-label="Faucet status" className={frame}>
      <p className="flex items-center gap-2 font-semibold">
        <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${s.isActive ? "bg-green-600" : "bg-red-600"}`} />
        <span className={s.isActive ? "text-green-800" : "text-red-800"}>{s.isActive ? "The faucet is online" : "The faucet is offline"}</span>
      </p>
      {nextSlice ? <p>{nextSlice}</p> : s.offlineReason && <p>{s.offlineReason}</p>}
      {s.surgeNotice && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-900">
          {s.surgeNotice}
        </p>
      )}
      <p>
        Each request pays between <strong>{s.minAmount} XRP</strong> and <strong>{s.maxAmount} XRP</strong>, drawn by the faucet.
      </p>
      {/* (not "you can make a request now" while the faucet takes none) */}
      {left !== null && (left > 0 || s.isActive) && (
        <p role="timer" aria-live="off">
          {left === 0 ? "You can make a request now." : `Next request allowed in ${clockText(left)}${address ? " for this address" : " from this device"}.`}
        </p>
      )}
      <div>
        <p id="faucet-budget-label">Today's budget: {words}</p>
        {/* the whole bar is the day: dark what can be asked for now, light what opens later today */}
        <div
          role="progressbar"
          aria-labelledby="faucet-budget-label"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={remaining}
          aria-valuetext={words.replace(" · ", "; ")}
          className="mt-1 flex h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-brand-600" style={{ width: `${share(remaining)}%` }} />
          <div className="h-full bg-brand-200" style={{ width: `${share(later)}%` }} />
        </div>
      </div>
    </section>
  );
}

// A list of requests as anyone may see them: number, amount, status, when, and the payment's hash.
function RequestList({ rows, empty }: { rows: PublicRequest[]; empty: string }) {
  if (rows.length === 0) return <p className="mt-3 text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
      {rows.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3 text-sm" aria-label={`Request #${r.id}`}>
          <span className="font-semibold text-slate-900">#{r.id}</span>
          <span className="font-mono text-slate-800">{r.amount} XRP</span>
          <StatusBadge status={r.status} />
          <span className="text-slate-600">
            requested <time dateTime={r.createdAt}>{formatRelativeTime(r.createdAt)}</time>
            {r.processedAt && (
              <>
                , {r.status === "REJECTED" ? "rejected" : "processed"} <time dateTime={r.processedAt}>{formatRelativeTime(r.processedAt)}</time>
              </>
            )}
          </span>
          {r.txHash && <TxHash hash={r.txHash} />}
        </li>
      ))}
    </ul>
  );
}

function MyRequests() {
  const mine = useMyFaucetRequests();
  return (
    <Card className="p-6">
      <h2 className="text-lg font-bold text-slate-900">Your requests</h2>
      <p className="mt-1 text-sm text-slate-600">The latest requests from this browser. Their status updates as our team reviews and pays them.</p>
      {mine.isPending ? (
        <p className="mt-3 text-sm text-slate-600">Loading your requests...</p>
      ) : mine.isError ? (
        <p className="mt-3 text-sm text-red-700">{errorText(mine.error)}</p>
      ) : (
        <RequestList rows={mine.data} empty="No requests from this browser yet." />
      )}
    </Card>
  );
}

function Lookup() {
  const [address, setAddress] = useState("");
  const [asked, setAsked] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const lookup = useFaucetLookup(asked);
  const serverError = lookup.error instanceof ApiError && lookup.error.status === 400 ? lookup.error.message : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = address.trim();
    if (!value) {
      setFieldError(INVALID_ADDRESS);
      return;
    }
    setFieldError(null);
    setAsked(value);
  };
  return (
    <Card className="p-6">
      <h2 className="text-lg font-bold text-slate-900">Look up a wallet</h2>
      <p className="mt-1 text-sm text-slate-600">Anyone can see a wallet address's latest requests and their payments.</p>
      <form onSubmit={submit} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
        <div className="flex-1">
          <Field
            id="lookup-address"
            label="Wallet address to look up"
            placeholder="r..."
            autoComplete="off"
            spellCheck={false}
            value={address}
            error={fieldError ?? (asked === address.trim() ? serverError : null)}
            onChange={(e) => {
              setAddress(e.target.value);
              setFieldError(null);
            }}
          />
        </div>
        <button type="submit" className={buttonClass({ variant: "outline", className: "sm:mt-7" })}>
          <Search aria-hidden="true" className="h-4 w-4" />
          Look up
        </button>
      </form>
      {asked !== null && lookup.isSuccess && <RequestList rows={lookup.data} empty="No requests for this address yet." />}
      {asked !== null && lookup.isError && !serverError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errorText(lookup.error)}
        </p>
      )}
    </Card>
  );
}

export default function Faucet() {
  const [address, setAddress] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ message: string; network: boolean } | null>(null);
  const [last, setLast] = useState<{ id: number; amount: string; status: string } | null>(null);
  const request = useFaucetRequest();
  const typed = address.trim();

  const send = (value: string) => {
    setFailure(null);
    request.mutate(value, {
      onSuccess: (answer) => {
        setAddress("");
        setLast({ id: answer.id, amount: answer.amount, status: answer.status });
        toast({ title: "Request Submitted Successfully!", description: `Request #${answer.id} for ${answer.amount} XRP is waiting for review.` });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) setFieldError(error.message);
        else setFailure({ message: errorText(error), network: isNetworkFailure(error) });
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!typed) {
      setFieldError(INVALID_ADDRESS);
      return;
    }
    send(typed);
  };

  return (
    <Page title="Free XRP Faucet" intro="Request free XRP: enter your wallet address, and our team pays it after a review.">
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Card className="space-y-5 p-6 sm:p-8">
          <FaucetState address={ADDRESS_SHAPE.test(typed) ? typed : null} />
          <form onSubmit={submit} className="space-y-4" noValidate>
            <Field
              id="faucet-address"
              label="XRP wallet address"
              placeholder="r..."
              autoComplete="off"
              spellCheck={false}
              value={address}
              error={fieldError}
              onChange={(e) => {
                setAddress(e.target.value);
                setFieldError(null);
                setFailure(null);
              }}
              disabled={request.isPending}
            />
            <button type="submit" className={buttonClass({ size: "lg", className: "w-full" })} disabled={request.isPending}>
              <Droplet aria-hidden="true" className="h-5 w-5" />
              {request.isPending ? "Processing Drop Request..." : "Claim Your XRP Drops"}
            </button>
          </form>
          {failure && (
            <FormFailure message={failure.message} retry={failure.network} busy={request.isPending} onRetry={() => send(typed)} />
          )}
          {last && (
            <div role="status" className="flex flex-wrap items-center gap-2 rounded-lg bg-green-50 p-3 text-sm text-green-900">
              <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
              <span>
                Request <strong>#{last.id}</strong> received for <strong>{last.amount} XRP</strong>:
              </span>
              <StatusBadge status={last.status} />
              <span>It is paid once our team approves it; follow it under "Your requests".</span>
            </div>
          )}
          <p className="text-sm text-slate-600">
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
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <MyRequests />
        <Lookup />
      </div>
      <div className="mt-8">
        <EarningAlertsForm source="faucet" />
      </div>
    </Page>
  );
}
