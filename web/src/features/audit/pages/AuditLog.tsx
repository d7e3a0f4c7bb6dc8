// /admin/audit: what the admins did, in words, 50 entries a page: what an action was about (an
// approval's amount, address and reason) and a change with its values before and after, narrowed by action, admin and days (kept in the URL), and the same as a CSV download.
import { Download } from "lucide-react";
import { useState } from "react";
import {
  type Column,
  columnsFor,
  DataTable,
  Empty,
  FilterDate,
  Filters,
  FilterSelect,
  Loading,
  Panel,
  useListParams,
  when,
} from "../../../components/admin/ui";
import { buttonClass } from "../../../components/ui/button";
import { AUDIT_FILTERS, auditCsvUrl, useAuditLog } from "../api";

type AuditEntry = NonNullable<ReturnType<typeof useAuditLog>["data"]>["entries"][number];

export function AuditLog() {
  const list = useListParams();
  const filters = list.query(AUDIT_FILTERS);
  // the page read from (an entry's id, null: the newest), for these filters: other filters start at the newest
  const filterKey = JSON.stringify(filters);
  const [page, setPage] = useState<{ filterKey: string; before: number | null }>({ filterKey, before: null });
  const before = page.filterKey === filterKey ? page.before : null;
  const setBefore = (next: number | null) => setPage({ filterKey, before: next });
  const log = useAuditLog(filters, before);
  const c = columnsFor<AuditEntry>();
  const columns: Column<AuditEntry>[] = [
    c.display({ id: "when", header: "When", cell: ({ row: { original: e } }) => when(e.createdAt) }),
    c.display({ id: "admin", header: "Admin", cell: ({ row: { original: e } }) => e.actorName }),
    c.display({
      id: "action",
      header: "What",
      cell: ({ row: { original: e } }) => (
        <span>
          {e.actionText}
          {e.target && <span className="block text-xs text-slate-600">{e.target}</span>}
        </span>
      ),
    }),
    c.display({
      id: "changes",
      header: "Details",
      cell: ({ row: { original: e } }) =>
        e.changes.length + e.facts.length === 0 ? (
          ""
        ) : (
          <ul className="space-y-0.5 text-xs">
            {e.facts.map((f) => (
              <li key={f.label} className="break-all">
                <span className="font-medium">{f.label}</span>: {f.value}
              </li>
            ))}
            {e.changes.map((ch) => (
              <li key={ch.label}>
                <span className="font-medium">{ch.label}</span>: {ch.before} → {ch.after}
              </li>
            ))}
          </ul>
        ),
    }),
    c.display({ id: "ip", header: "IP", cell: ({ row: { original: e } }) => e.ipAddress ?? "" }),
  ];
  const offered = log.data?.filters;
  return (
    <Panel
      title="Audit Log"
      actions={
        <div className="flex flex-wrap gap-2">
          {before !== null && (
            <button
              type="button"
              className={buttonClass({ size: "sm", variant: "outline" })}
              onClick={() => setBefore(null)}
            >
              Newest
            </button>
          )}
          <a href={auditCsvUrl(filters)} download className={buttonClass({ size: "sm", variant: "outline" })}>
            <Download aria-hidden="true" className="h-4 w-4" />
            Download CSV
          </a>
        </div>
      }
    >
      <Filters>
        <FilterSelect
          list={list}
          name="action"
          label="Action"
          options={[["", "Any action"], ...(offered?.actions.map((a): [string, string] => [a.value, a.label]) ?? [])]}
        />
        <FilterSelect
          list={list}
          name="admin"
          label="Admin"
          options={[["", "Any admin"], ...(offered?.admins.map((a): [string, string] => [a, a]) ?? [])]}
        />
        <FilterDate list={list} name="from" label="From" />
        <FilterDate list={list} name="to" label="To" />
      </Filters>
      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <p role="alert" className="text-red-700">
          {log.error.message}
        </p>
      ) : log.data.entries.length === 0 ? (
        <Empty>{Object.keys(filters).length ? "No admin actions match these filters" : "No admin actions yet"}</Empty>
      ) : (
        <>
          <DataTable label="Audit log" columns={columns} data={log.data.entries} rowKey={(e) => e.id} />
          {log.data.nextBefore && (
            <button
              type="button"
              className={buttonClass({ size: "sm", variant: "outline", className: "mt-3" })}
              onClick={() => setBefore(log.data.nextBefore)}
            >
              Older
            </button>
          )}
        </>
      )}
    </Panel>
  );
}
