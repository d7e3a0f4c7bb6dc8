import type { ReactNode } from "react";
import { Card } from "../components/ui/card";
import { cn } from "../lib/cn";

export function Panel({ title, children, actions, id }: { title: ReactNode; children: ReactNode; actions?: ReactNode; id?: string }) {
  return (
    <Card className="p-4 sm:p-6" aria-labelledby={id}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </Card>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-slate-50 p-6 text-center text-slate-600">{children}</p>;
}

export function Loading() {
  return <p className="animate-pulse p-4 text-slate-500">Loading...</p>;
}

const TONES = {
  green: "bg-green-100 text-green-800",
  yellow: "bg-yellow-100 text-yellow-800",
  red: "bg-red-100 text-red-800",
  grey: "bg-slate-100 text-slate-700",
} as const;
export type Tone = keyof typeof TONES;

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", TONES[tone])}>{children}</span>;
}

// Risk badge thresholds of product.md section 9.
export function RiskBadge({ score }: { score: number | null }) {
  if (score === null) return <Badge tone="grey">N/A</Badge>;
  if (score >= 50) return <Badge tone="red">High ({score})</Badge>;
  if (score >= 25) return <Badge tone="yellow">Medium ({score})</Badge>;
  return <Badge tone="green">Low ({score})</Badge>;
}

export const short = (text: string | null | undefined, n: number) => (text ? (text.length > n ? `${text.slice(0, n)}...` : text) : "");
export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "");

// A row of a table that becomes a card on a phone: label: value pairs.
export function Row({ cells, actions }: { cells: [string, ReactNode][]; actions?: ReactNode }) {
  return (
    <li className="grid gap-2 border-b border-slate-100 py-3 last:border-0 md:flex md:items-center md:gap-4">
      {cells.map(([label, value]) => (
        <div key={label} className="min-w-0 text-sm md:min-w-[90px] md:flex-1">
          <span className="text-slate-500 md:sr-only">{label}: </span>
          <span className="break-words text-slate-900">{value}</span>
        </div>
      ))}
      {actions && <div className="flex flex-wrap gap-2 md:flex-none md:justify-end">{actions}</div>}
    </li>
  );
}
