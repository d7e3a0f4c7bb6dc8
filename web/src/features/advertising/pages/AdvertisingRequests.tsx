// /admin/advertising: the advertisers' enquiries, pending and processed.
import { useAdminAction } from "../../../api/admin";
import { api } from "../../../api/client";
import { StatusEditor } from "../../../components/admin/StatusEditor";
import { type Column, columnsFor, DataTable, Empty, Loading, Panel, when } from "../../../components/admin/ui";
import { type AdRequest, adRequestsKey, useAdRequests } from "../admin-api";

export function AdvertisingPanel() {
  const requests = useAdRequests();
  const update = useAdminAction({
    send: ({ id, status, notes }: { id: number; status: string; notes: string }) =>
      api.admin.advertising({ id }).patch({ status, notes }),
    refresh: [adRequestsKey],
    success: () => ({
      title: "Request Updated",
      description: "The advertising request has been updated successfully.",
    }),
    failure: "Update Failed",
  });
  const all = requests.data ?? [];
  const pending = all.filter((r) => r.status === "PENDING");
  const processed = all.filter((r) => r.status !== "PENDING");
  const c = columnsFor<AdRequest>();
  const common: Column<AdRequest>[] = [
    c.display({ id: "company", header: "Company", cell: ({ row: { original: r } }) => r.companyName }),
    c.display({ id: "email", header: "Email", cell: ({ row: { original: r } }) => r.email }),
    c.display({ id: "budget", header: "Budget", cell: ({ row: { original: r } }) => r.budget }),
    c.display({ id: "website", header: "Website", cell: ({ row: { original: r } }) => r.website ?? "" }),
    c.display({ id: "message", header: "Message", cell: ({ row: { original: r } }) => r.message ?? "" }),
    c.display({ id: "date", header: "Received", cell: ({ row: { original: r } }) => when(r.createdAt) }),
  ];
  const edit = c.display({
    id: "edit",
    header: "Change",
    cell: ({ row: { original: r } }) => (
      <StatusEditor
        item={r}
        statuses={["PENDING", "CONTACTED", "APPROVED", "REJECTED"]}
        busy={update.isPending}
        onSave={(status, notes) => update.mutate({ id: r.id, status, notes })}
      />
    ),
  });
  const done: Column<AdRequest>[] = [
    c.display({ id: "status", header: "Status", cell: ({ row: { original: r } }) => r.status }),
    c.display({ id: "by", header: "Processed by", cell: ({ row: { original: r } }) => r.adminName ?? "System" }),
    c.display({ id: "processed", header: "Processed", cell: ({ row: { original: r } }) => when(r.processedAt) }),
  ];
  return (
    <Panel title="Advertising Requests">
      {requests.isPending ? (
        <Loading />
      ) : (
        <>
          <h3 className="mb-2 font-semibold text-slate-900">Pending</h3>
          {pending.length === 0 ? (
            <Empty>No pending advertising requests</Empty>
          ) : (
            <DataTable
              label="Pending advertising requests"
              columns={[...common, edit]}
              data={pending}
              rowKey={(r) => r.id}
            />
          )}
          <h3 className="mt-6 mb-2 font-semibold text-slate-900">Processed</h3>
          {processed.length === 0 ? (
            <Empty>No processed advertising requests</Empty>
          ) : (
            <DataTable
              label="Processed advertising requests"
              columns={[...common, ...done, edit]}
              data={processed}
              rowKey={(r) => r.id}
            />
          )}
        </>
      )}
    </Panel>
  );
}
