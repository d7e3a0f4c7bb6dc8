import { TxHash } from "../../../components/ui/TxHash";
import { formatRelativeTime, xrpText } from "../../../lib/format";
import { useRecentPayouts } from "../api";
import { t } from "../../../i18n";

// The home page's live feed of the latest payments (the newest `limit`), each with its explorer link:
// proof the faucet pays.
export function RecentPayouts({ limit }: { limit?: number }) {
  const feed = useRecentPayouts();
  if (feed.isPending) return <p className="min-h-24 text-slate-600">{t("claim.feed.loading")}</p>;
  if (feed.isError || feed.data.length === 0) return <p className="text-slate-600">{t("claim.feed.empty")}</p>;
  return (
    <>
      <ul
        aria-label={t("claim.feed.label")}
        className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
      >
        {feed.data.slice(0, limit).map((p) => (
          <li
            key={`${p.txHash}-${p.paidAt}`}
            className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm"
          >
            <span className="font-semibold text-slate-900">{xrpText(p.amount)}</span>
            <span className="font-mono text-slate-700">{t("claim.feed.to", { address: p.address })}</span>
            <time dateTime={p.paidAt} className="text-slate-600">
              {formatRelativeTime(p.paidAt)}
            </time>
            {p.txHash && <TxHash hash={p.txHash} className="ml-auto" />}
          </li>
        ))}
      </ul>
      {/* what the shortened addresses do not hide: each hash opens the payment on the ledger */}
      <p className="mt-2 text-sm text-slate-600">{t("claim.feed.note")}</p>
    </>
  );
}
