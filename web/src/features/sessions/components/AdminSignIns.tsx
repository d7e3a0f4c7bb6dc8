import { Badge, type Column, columnsFor, DataTable, Empty, Loading, Panel, when } from "../../../components/admin/ui";
import { useAdminSignIns } from "../admin-api";

type SignIn = NonNullable<ReturnType<typeof useAdminSignIns>["data"]>[number];

// The admins' latest 20 sign-ins: who, when, from where, on what, with a code or not; one from a
// network or a device that admin never signed in from before is flagged (and was emailed to every
// admin when the server sends mail), as is an admin's session used from a network or device it was
// not created on (with where it was).
export function AdminSignIns() {
  const signIns = useAdminSignIns();
  const c = columnsFor<SignIn>();
  const columns: Column<SignIn>[] = [
    c.display({
      id: "admin",
      header: "Admin",
      cell: ({ row: { original: s } }) => <span className="font-medium">{s.username}</span>,
    }),
    c.display({
      id: "when",
      header: "When",
      cell: ({ row: { original: s } }) => (
        <span className="inline-flex flex-wrap items-center gap-1">
          <time dateTime={s.createdAt}>{when(s.createdAt)}</time>
          {s.kind === "used-elsewhere" && <Badge tone="red">Session used elsewhere</Badge>}
        </span>
      ),
    }),
    c.display({
      id: "from",
      header: "From",
      cell: ({ row: { original: s } }) => (
        <span className="inline-flex flex-wrap items-center gap-1">
          <span className="font-mono">{s.ip ?? "unknown IP"}</span>
          {s.network && s.network !== s.ip && <span className="text-slate-500">({s.network})</span>}
          {s.newNetwork && <Badge tone="yellow">New network</Badge>}
          {s.kind === "used-elsewhere" && s.newNetwork && (
            <span className="text-slate-500">created on {s.createdNetwork ?? "an unknown network"}</span>
          )}
        </span>
      ),
    }),
    c.display({
      id: "device",
      header: "Device",
      cell: ({ row: { original: s } }) => (
        <span className="inline-flex flex-wrap items-center gap-1">
          {s.device}
          {s.newDevice && <Badge tone="yellow">New device</Badge>}
          {s.kind === "used-elsewhere" && s.newDevice && (
            <span className="text-slate-500">created on {s.createdDevice}</span>
          )}
        </span>
      ),
    }),
    c.display({
      id: "code",
      header: "Second factor",
      cell: ({ row: { original: s } }) => {
        if (s.kind === "used-elsewhere")
          return s.codeAsked ? (
            <Badge tone="yellow">Code asked for</Badge>
          ) : (
            <Badge tone="grey">No second factor to ask</Badge>
          );
        return s.withCode ? <Badge tone="green">Code entered</Badge> : <Badge tone="grey">Password only</Badge>;
      },
    }),
  ];
  return (
    <Panel title="Admin sign-ins" id="admin-sign-ins">
      {signIns.isPending ? (
        <Loading />
      ) : signIns.isError ? (
        <p role="alert" className="text-red-700">
          {signIns.error.message}
        </p>
      ) : signIns.data.length === 0 ? (
        <Empty>No admin sign-ins yet</Empty>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600">
            The latest {signIns.data.length}. A sign-in from a network or device new to that admin, or an admin&apos;s
            session used from a network or device it was not created on (it then asks for a code before anything else,
            when that admin has two-factor sign-in), is flagged here (and emailed to every admin when this server sends
            email). If one was not an admin, run <code>xrp-faucet --seed-admin NAME</code> on the server: it sets a new
            password, resets the second factor and ends that admin's sessions.
          </p>
          <DataTable label="Admin sign-ins" columns={columns} data={signIns.data} rowKey={(s) => s.id} />
        </>
      )}
    </Panel>
  );
}
