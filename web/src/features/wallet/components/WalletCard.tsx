// The hot wallet's card (on /admin and /admin/wallet): its address, balance and queue, and while
// payouts are paused, why, with "Resume payouts": a confirmation listing what it will send (the held
// payouts, their count and total), then the two-factor code when step-up is needed (the shell's
// step-up dialog, as for an approval).
import { AlertTriangle, FlaskConical, Wallet as WalletIcon } from "lucide-react";
import { useState } from "react";
import { CopyText } from "../../../components/admin/CopyText";
import { ConfirmPayDialog } from "../../../components/admin/dialogs";
import { Loading } from "../../../components/admin/ui";
import { readableXrp } from "../../../components/admin/words";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { useHealth } from "../../at-a-glance";
import { useResumePayouts, useWallet } from "../api";
import { resumePlan } from "../held";

export function WalletCard() {
  const wallet = useWallet();
  // low: the "wallet running low" alert is open (the health strip's chip follows the same)
  const lowAlert = useHealth().data?.wallet?.low ?? false;
  const resume = useResumePayouts();
  // (the plan is read from the wallet's latest answer while the dialog is open: what Resume sends now)
  const [confirming, setConfirming] = useState(false);
  if (wallet.isPending)
    return (
      <Card className="p-6">
        <Loading />
      </Card>
    );
  if (wallet.isError) return <Card className="p-6 text-red-700">{wallet.error.message}</Card>;
  const w = wallet.data;
  if (!w.configured) {
    return (
      <Card className="flex gap-3 border-amber-200 bg-amber-50 p-6 text-amber-900" role="status">
        <WalletIcon aria-hidden="true" className="h-6 w-6 shrink-0" />
        <div>
          <h2 className="font-bold">Payouts are not configured</h2>
          <p className="mt-1 text-sm">
            Approving and paying need a wallet. Start the server with <code>--xrpl sandbox</code> to try it on a
            simulated ledger, or set <code>XRPL_URL</code>, <code>XRPL_SEED</code> (or <code>--xrpl-seed-file</code>)
            and <code>XRPL_ADDRESS</code>.
          </p>
        </div>
      </Card>
    );
  }
  // The ledger's figures when it answered, else why not.
  const { balance, spendable, ledgerError } =
    "balance" in w
      ? { ...w, ledgerError: undefined }
      : { balance: undefined, spendable: undefined, ledgerError: w.ledgerError };
  const low = lowAlert && spendable !== undefined;
  return (
    <Card className="space-y-3 p-6">
      {w.sandbox && (
        <p role="status" className="flex items-center gap-2 rounded-lg bg-violet-50 p-3 font-medium text-violet-900">
          <FlaskConical aria-hidden="true" className="h-5 w-5" /> Sandbox ledger: payments are simulated and nothing
          real is sent.
        </p>
      )}
      {w.paused && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 p-3 text-red-800"
        >
          <span className="flex items-center gap-2">
            <AlertTriangle aria-hidden="true" className="h-5 w-5" /> Payouts are paused: {w.pausedReason}
          </span>
          {w.pausedUntil ? (
            <span className="text-sm font-medium">
              They resume by themselves at {new Date(w.pausedUntil).toLocaleString()}.
            </span>
          ) : (
            <button
              type="button"
              className={buttonClass({ size: "sm" })}
              onClick={() => setConfirming(true)}
              disabled={resume.isPending}
            >
              Resume payouts
            </button>
          )}
        </div>
      )}
      {low && !w.paused && (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-amber-900">
          Low funds: only {readableXrp(spendable)} can be spent. Send XRP to the hot wallet below.
        </p>
      )}
      <div className="text-sm">
        <p className="text-slate-500">Hot wallet (send XRP here to fund it)</p>
        <CopyText text={w.address} label="the hot wallet's address" />
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-3 lg:grid-cols-5">
        {[
          ["Balance", balance ? readableXrp(balance) : "unknown"],
          ["Spendable", spendable ? readableXrp(spendable) : "unknown"],
          ["Queued", w.queued],
          ["In flight", w.inFlight],
          ["Needs attention", w.needsAttention],
        ].map(([label, value]) => (
          <div key={label as string}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {(ledgerError || w.lastError) && <p className="text-sm text-red-700">{ledgerError ?? w.lastError}</p>}
      {w.rebuiltFromLedger && (
        <p role="status" className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900">
          {w.rebuiltFromLedger.message}
        </p>
      )}
      <ConfirmPayDialog
        plan={confirming && w.paused ? resumePlan(w, () => resume.mutate(undefined)) : null}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
