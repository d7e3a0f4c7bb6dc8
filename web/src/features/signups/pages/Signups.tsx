// /admin/signups: the newsletter and earning-alerts signups, each with its status and notes.
import type { UseQueryResult } from "@tanstack/react-query";
import { useAdminAction } from "../../../api/admin";
import { api, type Answer } from "../../../api/client";
import { StatusEditor } from "../../../components/admin/StatusEditor";
import { Badge, type Column, columnsFor, DataTable, Empty, Loading, Panel, when } from "../../../components/admin/ui";
import {
  earningAlertsKey,
  newsletterKey,
  type Signup,
  useEarningAlertSignups,
  useNewsletterSignups,
} from "../admin-api";

type SignupChange = { id: number; status: string; notes: string };

function SignupList({
  title,
  list,
  queryKey,
  send,
  statuses,
  success,
}: {
  title: string;
  list: UseQueryResult<Signup[]>;
  queryKey: readonly string[];
  send: (change: SignupChange) => Promise<Answer>;
  statuses: string[];
  success: string;
}) {
  const update = useAdminAction({
    send,
    refresh: [queryKey],
    success: () => ({ title: success }),
    failure: "Error",
  });
  const rows = list.data ?? [];
  const c = columnsFor<Signup>();
  const columns: Column<Signup>[] = [
    c.display({ id: "email", header: "Email", cell: ({ row: { original: s } }) => s.email }),
    c.display({ id: "name", header: "Name", cell: ({ row: { original: s } }) => s.name ?? "" }),
    c.display({ id: "source", header: "Source", cell: ({ row: { original: s } }) => s.source ?? "" }),
    ...("alertTypes" in (rows[0] ?? {})
      ? [
          c.display({
            id: "alerts",
            header: "Alerts",
            cell: ({ row: { original: s } }) => ("alertTypes" in s ? (s.alertTypes ?? []).join(", ") : ""),
          }),
        ]
      : []),
    c.display({
      id: "status",
      header: "Status",
      cell: ({ row: { original: s } }) => <Badge tone="grey">{s.status}</Badge>,
    }),
    c.display({ id: "date", header: "Date", cell: ({ row: { original: s } }) => when(s.createdAt) }),
    c.display({
      id: "edit",
      header: "Change",
      cell: ({ row: { original: s } }) => (
        <StatusEditor
          item={s}
          statuses={statuses}
          busy={update.isPending}
          onSave={(status, notes) => update.mutate({ id: s.id, status, notes })}
        />
      ),
    }),
  ];
  return (
    <Panel title={`${title} (${rows.length})`}>
      {list.isPending ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Empty>No signups yet</Empty>
      ) : (
        <DataTable label={title} columns={columns} data={rows.slice(0, 200)} rowKey={(s) => s.id} />
      )}
    </Panel>
  );
}

const updateNewsletterSignup = ({ id, status, notes }: SignupChange) =>
  api.admin["newsletter-signups"]({ id }).patch({ status, notes });

const updateAlertSignup = ({ id, status, notes }: SignupChange) =>
  api.admin["earning-alerts-signups"]({ id }).patch({ status, notes });

export function SignupPanels() {
  const newsletter = useNewsletterSignups();
  const alerts = useEarningAlertSignups();
  return (
    <>
      <SignupList
        title="Newsletter Signups"
        list={newsletter}
        queryKey={newsletterKey}
        send={updateNewsletterSignup}
        statuses={["PENDING", "APPROVED", "DENIED", "SUBSCRIBED"]}
        success="Newsletter signup updated successfully"
      />
      <SignupList
        title="Earning Alerts Signups"
        list={alerts}
        queryKey={earningAlertsKey}
        send={updateAlertSignup}
        statuses={["PENDING", "APPROVED", "DENIED", "ACTIVE"]}
        success="Earning alerts signup updated successfully"
      />
    </>
  );
}
