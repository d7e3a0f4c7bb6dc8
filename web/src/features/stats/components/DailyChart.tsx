import { Loading, Panel } from "../../../components/admin/ui";
import { type Day, useDailyStats } from "../admin-api";

// A round top for an axis: 1, 2 or 5 times a power of ten, at least the largest value (and 1).
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((m) => m * power).find((top) => top >= value)!;
}

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

// Requests and XRP paid per day for 30 days, as plain SVG bars (no chart library to download), with
// a value axis (0, half, top) and a day axis (first, middle and last day) written beside them.
export function DailyChart() {
  const days = useDailyStats();
  if (days.isPending)
    return (
      <Panel title="Last 30 Days">
        <Loading />
      </Panel>
    );
  if (days.isError)
    return (
      <Panel title="Last 30 Days">
        <p className="text-red-700">{days.error.message}</p>
      </Panel>
    );
  const data = days.data;
  const w = 600;
  const h = 120;
  const bar = w / data.length;
  const series = (value: (d: Day) => number, color: string, label: string, unit: string) => {
    const top = niceMax(Math.max(0, ...data.map(value)));
    const ticks = [top, top / 2, 0];
    const marks = [0, Math.floor((data.length - 1) / 2), data.length - 1];
    return (
      <figure className="min-w-0">
        <figcaption className="mb-1 text-sm font-medium text-slate-700">{label}</figcaption>
        <div className="flex gap-2">
          <div aria-hidden="true" className="flex h-28 flex-col justify-between text-right text-xs text-slate-600">
            {ticks.map((t) => (
              <span key={t} className="-my-1.5">
                {t.toLocaleString("en-US")}
              </span>
            ))}
          </div>
          <div className="min-w-0 flex-1">
            <svg
              viewBox={`0 0 ${w} ${h}`}
              preserveAspectRatio="none"
              className="h-28 w-full border-b border-l border-slate-400"
              role="img"
              aria-label={`${label} per day for the last 30 days`}
            >
              {ticks.slice(0, 2).map((t) => (
                <line
                  key={t}
                  x1={0}
                  x2={w}
                  y1={h - (t / top) * h}
                  y2={h - (t / top) * h}
                  stroke="#e2e8f0"
                  strokeWidth={1}
                  vectorEffect="non-scaling-stroke"
                />
              ))}
              {data.map((d, i) => {
                const height = (value(d) / top) * h;
                return (
                  <rect key={d.day} x={i * bar + 1} y={h - height} width={bar - 2} height={height} fill={color} rx={2}>
                    <title>{`${dayLabel(d.day)}: ${value(d).toLocaleString("en-US")} ${unit}`}</title>
                  </rect>
                );
              })}
            </svg>
            <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-600">
              {marks.map((i) => (
                <span key={i}>{data[i] ? dayLabel(data[i].day) : ""}</span>
              ))}
            </div>
          </div>
        </div>
      </figure>
    );
  };
  const totals = data.reduce((t, d) => ({ requests: t.requests + d.requests, paid: t.paid + d.xrpPaid }), {
    requests: 0,
    paid: 0,
  });
  return (
    <Panel title="Last 30 Days">
      <p className="mb-3 text-sm text-slate-600">
        {totals.requests.toLocaleString("en-US")} requests,{" "}
        {totals.paid.toLocaleString("en-US", { maximumFractionDigits: 6 })} XRP paid.
      </p>
      <div className="grid gap-6 md:grid-cols-2">
        {series((d) => d.requests, "#2563eb", "Faucet requests", "requests")}
        {series((d) => d.xrpPaid, "#16a34a", "XRP paid", "XRP")}
      </div>
    </Panel>
  );
}
