import "../../../screens-shared";
import { Clock, Info, Search, ShieldCheck, Wallet } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useLocation } from "react-router";
import { looksLikeAddress } from "../../../../../src/shared/forms";
import { DROPS_PER_XRP } from "../../../../../src/shared/money";
import { waitWords } from "../../../../../src/shared/waits";
import { WITHDRAWN_BY_VISITOR } from "../../../../../src/shared/words";
import { useFaucetLookup, useFaucetPanel, useMyFaucetRequests } from "../page-api";
import { ClaimForm } from "../components/ClaimForm";
import { useWithdrawal } from "../components/Withdrawal";
import { productReason } from "../reasons";
import { rememberedAddress, statusPath } from "../status-link";
import { nextClaimSentence, useWaitUntil } from "../countdown";
import { StatusBadge } from "../../../components/ui/StatusBadge";
import { Page } from "../../../components/Page";
import { EarningAlertsForm } from "../../signups";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { invalidAddressText, WalletField } from "../../../components/ui/field";
import { TxHash } from "../../../components/ui/TxHash";
import { budgetParts, nextSliceSentence } from "../../../lib/budget-sentences";
import { ApiError, refusalText } from "../../../lib/errors";
import { formatRelativeTime, xrpText } from "../../../lib/format";
import { locale, T, t } from "../../../i18n";

// (said while rendering: the catalog arrives before the first render, not before this module runs)
const facts = () => [
  { icon: Clock, text: t("faucet.facts.once") },
  { icon: ShieldCheck, text: t("faucet.facts.reviewed") },
  { icon: Wallet, text: t("faucet.facts.payouts", { amount: xrpText(1) }) },
  { icon: Info, text: t("faucet.facts.keys") },
];

type PublicRequest = {
  id: number;
  address: string;
  status: string;
  amount: string;
  createdAt: string;
  processedAt: string | null;
  txHash: string | null;
  rejectReason: string | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;

// Before the form: online or offline (and why), that requests are reviewed by hand during a surge,
// the amount range, the wait until this browser's next claim (the typed address's, or the one it
// last asked for: the home page's countdown says the same), the budget: what is left of the part of today released so far (an hour at a time), and
// when this hour's share is used up, when more opens (the visitor's time and UTC).
function FaucetState({ typed }: { typed: string | null }) {
  const [remembered] = useState(rememberedAddress);
  const address = typed ?? remembered;
  const status = useFaucetPanel(address);
  const wait = useWaitUntil(status.data?.nextClaimSeconds, status.dataUpdatedAt);
  // the panel keeps its height while it loads, so the form below does not jump
  const frame =
    "min-h-56 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700 sm:min-h-44";
  if (status.isPending) return <p className={frame}>{t("claim.badge.checkingMessage")}</p>;
  if (status.isError) return <p className={`${frame} text-red-700`}>{refusalText(status.error)}</p>;
  const s = status.data;
  const total = s.budgetTotalDrops / DROPS_PER_XRP;
  const remaining = s.budgetLeftDrops / DROPS_PER_XRP;
  // still to open later today (released an hour at a time)
  const later = Math.max(0, total - Number(s.budgetReleased));
  const share = (xrp: number) => (total > 0 ? Math.min(100, Math.max(0, (xrp / total) * 100)) : 0);
  const nextSlice = nextSliceSentence(s);
  const budget = budgetParts(s);
  return (
    <section aria-label={t("faucet.status.label")} className={frame}>
      <p className="flex items-center gap-2 font-semibold">
        <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${s.isActive ? "bg-green-600" : "bg-red-600"}`} />
        <span className={s.isActive ? "text-green-800" : "text-red-800"}>
          {s.isActive ? t("faucet.status.online") : t("faucet.status.offline")}
        </span>
      </p>
      {nextSlice ? <p>{nextSlice}</p> : s.offlineReason && <p>{s.offlineReason}</p>}
      {s.surgeNotice && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-900">
          {s.surgeNotice}
        </p>
      )}
      <p>
        <T
          id="faucet.status.amounts"
          values={{ min: xrpText(s.minAmount), max: xrpText(s.maxAmount) }}
          components={{ 0: <strong />, 1: <strong /> }}
        />
      </p>
      {/* (not "you can make a request now" while the faucet takes none) */}
      {/* the wait in the words of the refusal a request would get now (address, device or network) */}
      {wait !== null && (wait.until > wait.now || s.isActive) && (
        <p role="timer" aria-live="off">
          {nextClaimSentence(
            wait.until,
            wait.now,
            s.nextClaimLimit ?? (address ? "address" : "device"),
            s.nextClaimReason,
          )}
        </p>
      )}
      <div>
        <p id="faucet-budget-label">{t("faucet.status.budget", { budget: budget.join(" · ") })}</p>
        {/* the whole bar is the day: dark what can be asked for now, light what opens later today */}
        <div
          role="progressbar"
          aria-labelledby="faucet-budget-label"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={remaining}
          aria-valuetext={budget.join("; ")}
          className="mt-1 flex h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-brand-600" style={{ width: `${share(remaining)}%` }} />
          <div className="h-full bg-brand-200" style={{ width: `${share(later)}%` }} />
        </div>
      </div>
    </section>
  );
}

// What a rejected request's person can do next: when its address may ask again (24 hours after it;
// a withdrawn one too).
function nextStep(r: PublicRequest): string {
  const wait = waitWords(new Date(r.createdAt).getTime() + DAY_MS, Date.now(), locale());
  if (r.rejectReason === WITHDRAWN_BY_VISITOR) return t("claim.wait.address", { wait });
  return t("faucet.requests.againAfterRejection", { wait });
}

// "Why: ..." a request was rejected: the team's own words (as they wrote them), or ours.
function rejection(r: PublicRequest) {
  const ours = productReason(r.rejectReason) ?? (r.rejectReason ? null : t("faucet.requests.noReason"));
  return (
    <T
      id="faucet.requests.why"
      values={{ reason: ours ?? r.rejectReason }}
      components={{ 0: <strong />, 1: ours ? <span /> : <span translate="no" /> }}
    />
  );
}

// "requested 3 hours ago", and when it was decided: "requested 3 hours ago, paid just now"
function requestTimes(r: PublicRequest) {
  const requested = formatRelativeTime(r.createdAt);
  const components = { 0: <time dateTime={r.createdAt} /> };
  if (!r.processedAt) return <T id="faucet.requests.requested" values={{ requested }} components={components} />;
  const values = { requested, decided: formatRelativeTime(r.processedAt) };
  const both = { ...components, 1: <time dateTime={r.processedAt} /> };
  if (r.status === "REJECTED") return <T id="faucet.requests.rejected" values={values} components={both} />;
  if (r.status === "PROCESSED") return <T id="faucet.requests.paid" values={values} components={both} />;
  return <T id="faucet.requests.approved" values={values} components={both} />;
}

// A list of requests as anyone may see them: number, amount, status, when, the payment's hash, why a
// rejected one was rejected and what next, and each one's status link. `anchors`: the rows carry
// the ids a status link scrolls to (the lookup's list only, so no id appears twice). `onWithdraw`: a
// waiting request of this browser's (`mine`: its ids, when the list holds others too) offers it.
function RequestList({
  rows,
  empty,
  anchors = false,
  current,
  onWithdraw,
  mine,
}: {
  rows: PublicRequest[];
  empty: string;
  anchors?: boolean;
  current?: number | null;
  onWithdraw?: (request: PublicRequest) => void;
  mine?: ReadonlySet<number>;
}) {
  if (rows.length === 0) return <p className="mt-3 text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
      {rows.map((r) => (
        <li
          key={r.id}
          id={anchors ? `request-${r.id}` : undefined}
          aria-current={current === r.id ? true : undefined}
          className={`flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1 p-3 text-sm ${current === r.id ? "bg-brand-50" : ""}`}
          aria-label={t("faucet.requests.label", { id: r.id })}
        >
          <span className="font-semibold text-slate-900">#{r.id}</span>
          <span className="font-semibold text-slate-800">{xrpText(r.amount)}</span>
          <StatusBadge status={r.status} />
          <span className="text-slate-600">{requestTimes(r)}</span>
          {r.txHash && <TxHash hash={r.txHash} />}
          {r.status === "REJECTED" && (
            <div className="w-full rounded-md bg-red-50 p-2 text-red-900">
              <p>{rejection(r)}</p>
              <p className="mt-0.5">{nextStep(r)}</p>
            </div>
          )}
          <Link to={statusPath(r.address, r.id)} className="text-brand-700 underline">
            <T id="faucet.requests.statusLink" values={{ id: r.id }} components={{ 0: <span className="sr-only" /> }} />
          </Link>
          {onWithdraw && r.status === "PENDING" && (mine === undefined || mine.has(r.id)) && (
            <button
              type="button"
              onClick={() => onWithdraw(r)}
              className={buttonClass({ variant: "outline", size: "sm" })}
            >
              <T id="faucet.requests.withdraw" values={{ id: r.id }} components={{ 0: <span className="sr-only" /> }} />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

function MyRequests() {
  const mine = useMyFaucetRequests();
  const withdrawal = useWithdrawal();
  return (
    <Card className="min-w-0 p-6">
      <h2 className="text-lg font-bold text-slate-900">{t("faucet.mine.title")}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("faucet.mine.text")}</p>
      {withdrawal.said}
      {mine.isPending ? (
        <p className="mt-3 text-sm text-slate-600">{t("faucet.mine.loading")}</p>
      ) : mine.isError ? (
        <p className="mt-3 text-sm text-red-700">{refusalText(mine.error)}</p>
      ) : (
        <RequestList rows={mine.data} empty={t("faucet.mine.empty")} onWithdraw={withdrawal.ask} />
      )}
      {withdrawal.dialog}
    </Card>
  );
}

// Looks a wallet up: typed here, or from a status link (`?lookup=<address>#request-<id>`), which
// also scrolls to and marks its request.
function Lookup() {
  const { hash, search } = useLocation();
  const linked = new URLSearchParams(search).get("lookup");
  const [address, setAddress] = useState(linked ?? "");
  const [asked, setAsked] = useState<string | null>(linked);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const lookup = useFaucetLookup(asked);
  // (this browser's own requests among the address's may be withdrawn from here too)
  const own = useMyFaucetRequests().data;
  const withdrawal = useWithdrawal();
  const current = /^#request-(\d+)$/.exec(hash)?.[1];
  useEffect(() => {
    if (linked === null) return;
    setAddress(linked);
    setAsked(linked);
  }, [linked]);
  useEffect(() => {
    if (current && lookup.isSuccess) document.getElementById(`request-${current}`)?.scrollIntoView({ block: "center" });
  }, [current, lookup.isSuccess]);
  // the server's sentence under the field (never "Request failed 400: {...}")
  const serverError =
    lookup.error instanceof ApiError && lookup.error.status === 400 ? refusalText(lookup.error) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = address.trim();
    if (!value) {
      setFieldError(invalidAddressText());
      return;
    }
    setFieldError(null);
    setAsked(value);
  };
  return (
    <Card className="min-w-0 p-6">
      <h2 className="text-lg font-bold text-slate-900">{t("faucet.lookup.title")}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("faucet.lookup.text")}</p>
      <form onSubmit={submit} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
        <div className="min-w-0 flex-1">
          <WalletField
            id="lookup-address"
            label={t("faucet.lookup.label")}
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
          {t("faucet.lookup.button")}
        </button>
      </form>
      {withdrawal.said}
      {asked !== null && lookup.isSuccess && (
        <RequestList
          rows={lookup.data}
          empty={t("faucet.lookup.empty")}
          anchors
          current={current ? Number(current) : null}
          onWithdraw={withdrawal.ask}
          mine={new Set(own?.map((r) => r.id))}
        />
      )}
      {withdrawal.dialog}
      {asked !== null && lookup.isError && !serverError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {refusalText(lookup.error)}
        </p>
      )}
    </Card>
  );
}

export default function Faucet() {
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <Page title={t("faucet.page.title")} intro={t("faucet.page.intro")}>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Card className="min-w-0 space-y-5 p-6 sm:p-8">
          <FaucetState typed={typed} />
          <ClaimForm onAddressChange={(value) => setTyped(looksLikeAddress(value) ? value : null)} />
          <p className="text-sm text-slate-600">
            <T
              id="faucet.page.more"
              components={{ 0: <Link to="/register" className="font-medium text-brand-700 underline" /> }}
            />
          </p>
        </Card>
        <Card className="min-w-0 p-6">
          <h2 className="text-lg font-bold text-slate-900">{t("faucet.facts.title")}</h2>
          <ul className="mt-4 space-y-3">
            {facts().map(({ icon: Icon, text }) => (
              <li key={text} className="flex gap-3 text-slate-700">
                <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                <span>{text}</span>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/shopping-rewards" className={buttonClass({ variant: "outline", size: "sm" })}>
              {t("common.nav.shopping")}
            </Link>
            <Link to="/blog" className={buttonClass({ variant: "outline", size: "sm" })}>
              {t("common.nav.blog")}
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
