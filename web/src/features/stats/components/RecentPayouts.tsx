import { TxHash } from "../../../components/ui/TxHash";
import { formatRelativeTime, xrpText } from "../../../lib/format";
import { useRecentPayouts } from "../api";

// What the feed's shortened addresses do not hide: each hash opens the payment on the ledger, which
// shows the whole address (every payment on the XRP Ledger is public), so the page says so.
const FEED_NOTE =
  "Addresses are shortened here, but every payment is public on the XRP Ledger: its transaction, linked beside it, shows the whole address.";

// The home page's live feed of the latest payments (the newest `limit`), each with its explorer link:
// proof the faucet pays.
export function RecentPayouts({ limit }: { limit?: number }) {
  const feed = useRecentPayouts();
  if (feed.isPending) return <p className="min-h-24 text-slate-600">Loading the latest payouts...</p>;
  if (feed.isError || feed.data.length === 0)
    return <p className="text-slate-600">No payouts yet: the first ones show here as they are paid.</p>;
  return (
    <>
      <ul aria-label="Latest payouts" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {feed.data.slice(0, limit).map((p) => (
          <li
            key={`${p.txHash}-${p.paidAt}`}
            className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm"
          >
            <span className="font-semibold text-slate-900">{xrpText(p.amount)}</span>
            <span className="font-mono text-slate-700">to {p.address}</span>
            <time dateTime={p.paidAt} className="text-slate-600">
              {formatRelativeTime(p.paidAt)}
            </time>
            {p.txHash && <TxHash hash={p.txHash} className="ml-auto" />}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-600">{FEED_NOTE}</p>
    </>
  );
}
