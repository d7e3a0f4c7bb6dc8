// The server's ceiling beside the budgets: what it signs in a day and in one payment, where that
// came from, that only a restart changes it, and a warning when the budgets add up to more.
import { AlertTriangle } from "lucide-react";
import { readableXrp } from "../../../components/admin/words";
import { useHealth } from "../api";

export function CeilingNote() {
  const ceiling = useHealth().data?.ceiling;
  if (!ceiling) return null;
  const source =
    ceiling.dailySource === "flag"
      ? "set by --max-daily-payout when the server started"
      : "the faucet's and the bonuses' daily budgets as they were when the server started (start it with --max-daily-payout to choose)";
  return (
    <section
      aria-labelledby="ceiling-title"
      className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm"
    >
      <h3 id="ceiling-title" className="font-semibold text-slate-900">
        The server's ceiling
      </h3>
      <dl className="mt-2 grid gap-2 sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Signed in a day at most</dt>
          <dd className="font-medium text-slate-900">
            {ceiling.daily === null ? "no daily ceiling" : readableXrp(ceiling.daily)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">One payment at most</dt>
          <dd className="font-medium text-slate-900">{readableXrp(ceiling.payment)} (--max-payout)</dd>
        </div>
        <div>
          <dt className="text-slate-600">The daily budgets add up to</dt>
          <dd className="font-medium text-slate-900">{readableXrp(ceiling.budgets)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-slate-600">
        The daily ceiling is {source}. Nothing on this screen changes it: it stays until the server restarts.
      </p>
      {ceiling.warnings.map((warning) => (
        <p key={warning} role="alert" className="mt-2 flex gap-2 rounded-lg bg-amber-50 p-3 font-medium text-amber-900">
          <AlertTriangle aria-hidden="true" className="h-5 w-5 shrink-0" />
          {warning}
        </p>
      ))}
    </section>
  );
}
