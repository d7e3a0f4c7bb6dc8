import { Link } from "react-router";
import { xrpToDrops } from "../../../../../src/shared/money";
import { Panel } from "../../../components/admin/ui";
import { readableXrp } from "../../../components/admin/words";
import { timeWords } from "../../../lib/budget";
import { useBudgetToday } from "../admin-api";

// Today's faucet budget: spent (or held by requests) of the daily limit, what is released so far
// (an hour at a time) and left now, and when the next hour's share opens (settings: all budgets).
export function BudgetToday() {
  const faucet = useBudgetToday().data?.faucet;
  if (!faucet) return null;
  const total = xrpToDrops(faucet.total) ?? 0;
  const used = xrpToDrops(faucet.used) ?? 0;
  const share = total > 0 ? Math.min(100, Math.round((used / total) * 100)) : 0;
  return (
    <Panel title="Today's budget">
      <p className="mb-2 text-sm text-slate-700">
        {readableXrp(faucet.used)} used of {readableXrp(faucet.total)} ({share}%); {readableXrp(faucet.released)}{" "}
        released so far, {readableXrp(faucet.left)} left now.{" "}
        {faucet.nextSliceAt
          ? `The next ${readableXrp(faucet.slice)} opens at ${timeWords(faucet.nextSliceAt)}.`
          : "All of today is released."}{" "}
        <Link to="/admin/settings" className="text-brand-700 underline">
          All budgets
        </Link>
      </p>
      <div
        role="progressbar"
        aria-label="Today's budget used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share}
        className="h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={share >= 90 ? "h-full bg-red-600" : "h-full bg-brand-600"} style={{ width: `${share}%` }} />
      </div>
    </Panel>
  );
}
