import { Loading, Panel } from "../../../components/admin/ui";
import { type Day, useDailyStats } from "../admin-api";

// Requests and XRP paid per day for 30 days, as plain SVG bars (no chart library to download).
export function DailyChart() {
  const days = useDailyStats();
  if (days.isPending) return <Panel title="Last 30 Days"><Loading /></Panel>;
  if (days.isError) return <Panel title="Last 30 Days"><p className="text-red-700">{days.error.message}</p></Panel>;
  const data = days.data;
  const maxRequests = Math.max(1, ...data.map((d) => d.requests));
  const maxPaid = Math.max(1, ...data.map((d) => d.xrpPaid));
  const w = 600;
  const h = 120;
  const bar = w / data.length;
  const series = (value: (d: Day) => number, max: number, color: string, label: string) => (
    <figure className="min-w-0">
      <figcaption className="mb-1 text-sm font-medium text-slate-700">{label}</figcaption>
      <svg viewBox={`0 0 ${w} ${h}`} className="h-28 w-full" role="img" aria-label={`${label} per day for the last 30 days`}>
        {data.map((d, i) => {
          const height = (value(d) / max) * (h - 4);
          return (
            <rect key={d.day} x={i * bar + 1} y={h - height} width={bar - 2} height={height} fill={color} rx={2}>
              <title>{`${d.day}: ${value(d)}`}</title>
            </rect>
          );
        })}
      </svg>
    </figure>
  );
  const totals = data.reduce((t, d) => ({ requests: t.requests + d.requests, paid: t.paid + d.xrpPaid }), { requests: 0, paid: 0 });
  return (
    <Panel title="Last 30 Days">
      <p className="mb-3 text-sm text-slate-600">{totals.requests} requests, {totals.paid.toFixed(6)} XRP paid.</p>
      <div className="grid gap-6 md:grid-cols-2">
        {series((d) => d.requests, maxRequests, "#2563eb", "Faucet requests")}
        {series((d) => d.xrpPaid, maxPaid, "#16a34a", "XRP paid")}
      </div>
    </Panel>
  );
}
