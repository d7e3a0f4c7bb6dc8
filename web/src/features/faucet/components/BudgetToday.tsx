import { Link } from "react-router";
import { xrpToDrops } from "../../../../../src/shared/money";
import { Panel } from "../../../components/admin/ui";
import { locale, t } from "../../../i18n";
import { timeWords } from "../../../lib/budget";
import { xrpText } from "../../../lib/format";
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
    <Panel title={t("faucet.today.title")}>
      <p className="mb-2 text-sm text-slate-700">
        {t("faucet.today.figures", {
          used: xrpText(faucet.used),
          total: xrpText(faucet.total),
          share: new Intl.NumberFormat(locale(), { style: "percent" }).format(share / 100),
          released: xrpText(faucet.released),
          left: xrpText(faucet.left),
        })}{" "}
        {faucet.nextSliceAt
          ? t("faucet.today.next", { slice: xrpText(faucet.slice), time: timeWords(faucet.nextSliceAt) })
          : t("faucet.today.allReleased")}{" "}
        <Link to="/admin/settings" className="text-brand-700 underline">
          {t("faucet.today.all")}
        </Link>
      </p>
      <div
        role="progressbar"
        aria-label={t("faucet.today.used")}
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
