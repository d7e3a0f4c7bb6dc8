// /admin/audit: what the admins did, 50 entries a page.
import { useState } from "react";
import { type Column, columnsFor, DataTable, Empty, Loading, Panel, when } from "../../../components/admin/ui";
import { buttonClass } from "../../../components/ui/button";
import { useAuditLog } from "../api";

type AuditEntry = NonNullable<ReturnType<typeof useAuditLog>["data"]>["entries"][number];

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
