import { createColumnHelper, tableFeatures, useTable, type ColumnDef, type RowData } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { buttonClass } from "../ui/button";
import { Card } from "../ui/card";
import { cn } from "../../lib/cn";
import { type RiskLevel, riskBand } from "../../../../src/shared/risk-bands";

export function Panel({
  title,
  children,
  actions,
  id,
}: {
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  id?: string;
}) {
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
  return (
    <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", TONES[tone])}>
      {children}
    </span>
  );
}

const BAND_BADGES: Record<RiskLevel, { tone: Tone; label: string }> = {
  low: { tone: "green", label: "Low" },
  medium: { tone: "yellow", label: "Medium" },
  high: { tone: "red", label: "High" },
};

export function RiskBadge({ score }: { score: number | null }) {
  if (score === null) return <Badge tone="grey">N/A</Badge>;
  const { tone, label } = BAND_BADGES[riskBand(score)];
  return (
    <Badge tone={tone}>
      {label} ({score})
    </Badge>
  );
}

// A request's or a claim's risk: the badge and, under it, why (the reasons the score counted).
export function RiskCell({ score, reasons }: { score: number | null; reasons: readonly string[] }) {
  return (
    <span title={reasons.join("; ")} className="block md:min-w-44">
      <RiskBadge score={score} />
      {reasons.length > 0 && <span className="block text-xs text-slate-500">{reasons.join("; ")}</span>}
    </span>
  );
}

// A device id as a list shows it: its first 12 characters (the whole id in the tooltip).
export function DeviceId({ id }: { id: string | null | undefined }) {
  if (!id) return null;
  return (
    <span className="block font-mono text-xs text-slate-500" title={id}>
      {id.slice(0, 12)}
    </span>
  );
}

export const short = (text: string | null | undefined, n: number) =>
  text ? (text.length > n ? `${text.slice(0, n)}...` : text) : "";
export const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "";

// ---- Tables (a real <table> with column headers; under 768 px each row is a card whose cells carry
// their header as a label). Sorting, filtering and paging happen on the server: the table only lays out.
export const tableKit = tableFeatures({});
export type Column<T extends RowData> = ColumnDef<typeof tableKit, T, any>;
export const columnsFor = <T extends RowData>() => createColumnHelper<typeof tableKit, T>();

export type SortKey = "createdAt" | "amount" | "risk";

// A sticky last column: pinned to the right edge of the scrolling table, on white, a shadow on its left.
const STICKY_CELL = "md:sticky md:right-0 md:z-10 md:bg-white md:shadow-[-6px_0_6px_-6px_rgba(15,23,42,0.25)]";

export function DataTable<T extends RowData>({
  label,
  columns,
  data,
  rowKey,
  sortable = {},
  list,
  stickyActions = false,
}: {
  label: string;
  columns: Column<T>[];
  data: T[];
  rowKey: (row: T) => string | number;
  // column id -> the server's sort key
  sortable?: Record<string, SortKey>;
  list?: ListParams;
  // the last column (the row's actions) stays in view while a wide table scrolls sideways (768 px and up)
  stickyActions?: boolean;
}) {
  const sticky = (index: number, count: number) => (stickyActions && index === count - 1 ? STICKY_CELL : "");
  const table = useTable({ features: tableKit, columns, data, getRowId: (row) => String(rowKey(row)) });
  return (
    // (wider than its panel on a narrow desktop: it scrolls inside the panel, never the page)
    <div className="md:overflow-x-auto">
      <table aria-label={label} className="w-full border-collapse text-sm">
        <thead className="sr-only md:not-sr-only">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="border-b border-slate-200 text-left">
              {group.headers.map((header) => {
                const key = sortable[header.column.id];
                const active = key && list?.get("sort") === key;
                const order = active ? (list?.get("order") === "asc" ? "ascending" : "descending") : undefined;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={key ? (order ?? "none") : undefined}
                    className={cn(
                      "px-2 py-2 font-semibold whitespace-nowrap text-slate-600",
                      sticky(header.index, group.headers.length),
                    )}
                  >
                    {key && list ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 rounded hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
                        onClick={() =>
                          list.set({ sort: key, order: active && list.get("order") !== "asc" ? "asc" : "desc" })
                        }
                      >
                        <table.FlexRender header={header} />
                        {order === "ascending" ? (
                          <ArrowUp aria-hidden="true" className="h-3.5 w-3.5" />
                        ) : order === "descending" ? (
                          <ArrowDown aria-hidden="true" className="h-3.5 w-3.5" />
                        ) : (
                          <ArrowUpDown aria-hidden="true" className="h-3.5 w-3.5 opacity-50" />
                        )}
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="block border-b border-slate-100 py-3 last:border-0 md:table-row md:py-0">
              {row.getAllCells().map((cell, index, cells) => {
                const header = cell.column.columnDef.header;
                return (
                  <td
                    key={cell.id}
                    data-label={typeof header === "string" ? header : ""}
                    className={cn(
                      "flex min-w-0 gap-2 px-0 py-1 align-middle break-words text-slate-900 before:min-w-24 before:text-slate-500 before:content-[attr(data-label)] md:table-cell md:px-2 md:py-3 md:before:content-none",
                      sticky(index, cells.length),
                    )}
                  >
                    <div className="min-w-0">
                      <table.FlexRender cell={cell} />
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// ---- A list's view in the URL's query (filters, search, sort, page), so it survives a reload and can
// be shared. Changing anything but the page goes back to page 1.
export interface ListParams {
  get(name: string): string;
  set(changes: Record<string, string | null>): void;
  // the non-empty values, as the server's query
  query(names: readonly string[]): Record<string, string>;
}

// (read from the location and written by navigating, as React Router's useSearchParams does: that
// hook would put its code in every page's download, the admin's lists being its only users)
export function useListParams(defaults: Record<string, string> = {}, prefix = ""): ListParams {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const read = (name: string) => params.get(prefix + name) ?? defaults[name] ?? "";
  return {
    get: read,
    set: (changes) => {
      const next = new URLSearchParams(search);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === "" || value === defaults[name]) next.delete(prefix + name);
        else next.set(prefix + name, value);
      }
      if (!("page" in changes)) next.delete(`${prefix}page`);
      navigate(`?${next}`, { replace: true });
    },
    query: (names) => {
      const out: Record<string, string> = {};
      for (const name of names) {
        const value = read(name);
        if (value) out[name] = value;
      }
      return out;
    },
  };
}

const inputClass = "block h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900";

// A labelled select bound to one query parameter ("" = any).
export function FilterSelect({
  list,
  name,
  label,
  options,
}: {
  list: ListParams;
  name: string;
  label: string;
  options: [string, string][];
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={list.get(name)}
        onChange={(e) => list.set({ [name]: e.target.value })}
        className={inputClass}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function FilterDate({ list, name, label }: { list: ListParams; name: string; label: string }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={list.get(name)}
        onChange={(e) => list.set({ [name]: e.target.value })}
        className={inputClass}
      />
    </div>
  );
}

// The search box: typed freely, sent to the URL (and so the server) a quarter second after typing stops.
export function FilterSearch({ list, label, name = "q" }: { list: ListParams; label: string; name?: string }) {
  const id = useId();
  const current = list.get(name);
  const [text, setText] = useState(current);
  const latest = useRef(list);
  latest.current = list;
  // the URL changed from elsewhere (a reload, a link, Back): show its search, keeping a typed trailing space
  useEffect(() => setText((typed) => (typed.trim() === current ? typed : current)), [current]);
  useEffect(() => {
    if (text.trim() === current) return;
    const timer = setTimeout(() => latest.current.set({ [name]: text.trim() }), 250);
    return () => clearTimeout(timer);
  }, [text, current, name]);
  return (
    <div className="space-y-1 sm:col-span-2">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} className={inputClass} />
    </div>
  );
}

// The sort as one select, for a phone (where the column headers are labels on cards, not buttons).
const SORT_TEXT: Record<SortKey, [string, string]> = {
  createdAt: ["Newest first", "Oldest first"],
  amount: ["Largest amount first", "Smallest amount first"],
  risk: ["Highest risk first", "Lowest risk first"],
};
export function FilterSort({ list, keys }: { list: ListParams; keys: SortKey[] }) {
  const id = useId();
  const value = list.get("sort") ? `${list.get("sort")}:${list.get("order") || "desc"}` : "";
  return (
    <div className="space-y-1 md:hidden">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        Sort
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          const [sort = "", order = ""] = e.target.value.split(":");
          list.set({ sort, order });
        }}
        className={inputClass}
      >
        <option value="">Default order</option>
        {keys.flatMap((key) => [
          <option key={`${key}:desc`} value={`${key}:desc`}>
            {SORT_TEXT[key][0]}
          </option>,
          <option key={`${key}:asc`} value={`${key}:asc`}>
            {SORT_TEXT[key][1]}
          </option>,
        ])}
      </select>
    </div>
  );
}

export function Filters({ children }: { children: ReactNode }) {
  return <search className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7 lg:items-end">{children}</search>;
}

// Previous / next over the server's pages, the page in the URL.
export function Pager({
  list,
  total,
  pageSize,
  label,
}: {
  list: ListParams;
  total: number;
  pageSize: number;
  label: string;
}) {
  const page = Math.max(1, Number(list.get("page")) || 1);
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between text-sm">
      <button
        type="button"
        className={buttonClass({ size: "sm", variant: "outline" })}
        disabled={page <= 1}
        onClick={() => list.set({ page: page - 1 > 1 ? String(page - 1) : null })}
      >
        Previous
      </button>
      <span>
        Page {page} of {pages} ({total})
      </span>
      <button
        type="button"
        className={buttonClass({ size: "sm", variant: "outline" })}
        disabled={page >= pages}
        onClick={() => list.set({ page: String(page + 1) })}
      >
        Next
      </button>
    </nav>
  );
}

export const shortAddress = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;
