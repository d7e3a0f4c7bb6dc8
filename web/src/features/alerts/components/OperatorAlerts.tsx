import { AlertTriangle } from "lucide-react";
import { plural } from "../../../../../src/shared/words";
import { CopyText } from "../../../components/admin/CopyText";
import { when } from "../../../components/admin/ui";
import { useWallet } from "../../wallet";
import { useOperatorAlerts } from "../api";

// What needs the operator now (the server checks once a minute, emails each alert once and clears it
// by itself); the latest cleared ones are listed below, folded.
export function OperatorAlerts() {
  const alerts = useOperatorAlerts();
  if (alerts.isPending) return null;
  if (alerts.isError)
    return (
      <p role="alert" className="text-red-700">
        Alerts could not be loaded: {alerts.error.message}
      </p>
    );
  const { open, cleared } = alerts.data;
  return (
    <section aria-labelledby="operator-alerts" className="space-y-2">
      <h2 id="operator-alerts" className={open.length ? "text-lg font-bold text-red-800" : "sr-only"}>
        {open.length ? plural(open.length, "open alert") : "No open alerts"}
      </h2>
      {open.map((a) => (
        <div key={a.id} role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          <AlertTriangle aria-hidden="true" className="h-5 w-5 shrink-0" />
          <div>
            <p className="font-semibold">{a.title}</p>
            <p className="text-sm">{a.message}</p>
            {a.kind === "wallet_low" && <FundAddress />}
            <p className="mt-1 text-xs text-red-800">
              Since {when(a.raisedAt)}
              {a.emailed ? " · emailed to the admins" : ""}
            </p>
          </div>
        </div>
      ))}
      {cleared.length > 0 && (
        <details className="text-sm text-slate-700">
          <summary className="cursor-pointer">Cleared alerts ({cleared.length})</summary>
          <ul className="mt-2 space-y-1">
            {cleared.map((a) => (
              <li key={a.id}>
                <span className="font-medium">{a.title}</span>: {a.message} ({when(a.raisedAt)} to{" "}
                {a.clearedAt ? when(a.clearedAt) : "now"})
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

// Where to send XRP when the wallet runs low: the whole address, to copy.
function FundAddress() {
  const wallet = useWallet().data;
  if (!wallet?.configured) return null;
  return (
    <div className="mt-2 text-sm">
      <span className="mr-2">Hot wallet:</span>
      <CopyText text={wallet.address} label="the hot wallet's address" />
    </div>
  );
}
