import { Download } from "lucide-react";
import { useState } from "react";
import { api } from "../../../api/client";
import { reviewsKey } from "../../faucet/api";
import type { Day } from "../../../api/types";
import { buttonClass } from "../../../components/ui/button";
import { keys, useAdminAction, useAdminReviews, useAuditLog, useDailyStats } from "../../back-office/api";
import { Badge, type Column, columnsFor, DataTable, Empty, Loading, Panel, when } from "../../../components/admin/ui";

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

export function Exports() {
  return (
    <Panel title="Exports">
      <div className="flex flex-wrap gap-3">
        {[
          ["payments", "Payment history"],
          ["newsletter", "Newsletter signups"],
          ["earning-alerts", "Earning alerts signups"],
        ].map(([name, label]) => (
          <a key={name} href={`/api/admin/export/${name}.csv`} download className={buttonClass({ variant: "outline", size: "sm" })}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {label} (CSV)
          </a>
        ))}
      </div>
    </Panel>
  );
}

type AdminReview = NonNullable<ReturnType<typeof useAdminReviews>["data"]>[number];
type AuditEntry = NonNullable<ReturnType<typeof useAuditLog>["data"]>["entries"][number];

export function ReviewModeration() {
  const reviews = useAdminReviews();
  const moderate = useAdminAction({
    send: ({ id, approved }: { id: number; approved: boolean }) => api.admin.reviews({ id }).patch({ approved }),
    refresh: [keys.reviews, reviewsKey],
    success: (_o, i) => ({ title: i.approved ? "Review approved" : "Review hidden" }),
    failure: "Update Failed",
  });
  const list = reviews.data ?? [];
  const c = columnsFor<AdminReview>();
  const columns: Column<AdminReview>[] = [
    c.display({ id: "name", header: "Name", cell: ({ row: { original: r } }) => r.name }),
    c.display({ id: "rating", header: "Rating", cell: ({ row: { original: r } }) => `${r.rating}/5` }),
    c.display({ id: "review", header: "Review", cell: ({ row: { original: r } }) => <span className="block max-w-md">{r.content}</span> }),
    c.display({ id: "state", header: "State", cell: ({ row: { original: r } }) => <Badge tone={r.approved ? "green" : "yellow"}>{r.approved ? "Shown" : "Waiting"}</Badge> }),
    c.display({ id: "date", header: "Date", cell: ({ row: { original: r } }) => when(r.createdAt) }),
    c.display({
      id: "actions",
      header: "Actions",
      cell: ({ row: { original: r } }) => (
        <button type="button" className={buttonClass({ size: "sm", variant: r.approved ? "outline" : "primary" })} onClick={() => moderate.mutate({ id: r.id, approved: !r.approved })}>
          {r.approved ? "Hide" : "Approve"}
        </button>
      ),
    }),
  ];
  return (
    <Panel title={`Reviews (${list.filter((r) => !r.approved).length} waiting)`}>
      {reviews.isPending ? <Loading /> : list.length === 0 ? <Empty>No reviews yet</Empty> : <DataTable label="Reviews to moderate" columns={columns} data={list.slice(0, 100)} rowKey={(r) => r.id} />}
    </Panel>
  );
}

export function AuditLog() {
  const [before, setBefore] = useState<number | null>(null);
  const log = useAuditLog(before);
  const c = columnsFor<AuditEntry>();
  const columns: Column<AuditEntry>[] = [
    c.display({ id: "when", header: "When", cell: ({ row: { original: e } }) => when(e.createdAt) }),
    c.display({ id: "admin", header: "Admin", cell: ({ row: { original: e } }) => e.actorName }),
    c.display({ id: "action", header: "Action", cell: ({ row: { original: e } }) => e.action }),
    c.display({ id: "target", header: "Target", cell: ({ row: { original: e } }) => (e.targetType ? `${e.targetType} #${e.targetId}` : "") }),
    c.display({ id: "ip", header: "IP", cell: ({ row: { original: e } }) => e.ipAddress ?? "" }),
  ];
  return (
    <Panel title="Audit Log" actions={before !== null && <button type="button" className={buttonClass({ size: "sm", variant: "outline" })} onClick={() => setBefore(null)}>Newest</button>}>
      {log.isPending ? <Loading /> : (log.data?.entries.length ?? 0) === 0 ? <Empty>No admin actions yet</Empty> : (
        <>
          <DataTable label="Audit log" columns={columns} data={log.data!.entries} rowKey={(e) => e.id} />
          {log.data!.nextBefore && (
            <button type="button" className={buttonClass({ size: "sm", variant: "outline", className: "mt-3" })} onClick={() => setBefore(log.data!.nextBefore)}>
              Older
            </button>
          )}
        </>
      )}
    </Panel>
  );
}
