// /admin/blocklist: block an XRP address, an IP address or network (CIDR), or a device id, with a note
// and an optional expiry; the list shows each block's refusals. "Block address" / "Block IP" on a
// request row open this screen with the form filled in (?kind=&value=&note=).
import { type FormEvent, useEffect, useId, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { api } from "../../../api/client";
import { buttonClass } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { useAdminAction } from "../../../api/admin";
import { blocklistKey, useBlocklist } from "../api";
import { Badge, type Column, columnsFor, DataTable, Empty, Loading, Panel, when } from "../../../components/admin/ui";
import { type ChangePlan, ConfirmChangeDialog, undoToast } from "../../../components/admin/dialogs";

type Entry = NonNullable<ReturnType<typeof useBlocklist>["data"]>[number];
type Kind = "address" | "ip" | "device";
const KINDS: [Kind, string][] = [
  ["address", "XRP address"],
  ["ip", "IP address or network (CIDR)"],
  ["device", "Device id"],
];
const kindName = (kind: string) => (kind === "address" ? "Address" : kind === "ip" ? "IP" : "Device");
const asKind = (text: string | null): Kind => (text === "ip" || text === "device" ? text : "address");
type NewBlock = { kind: Kind; value: string; note?: string; expiresAt?: string };
const addBlock = (body: NewBlock) => api.admin.blocklist.post(body);

function AddBlock() {
  // (the query read from the location: React Router's useSearchParams would add its code to every page)
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const [kind, setKind] = useState<Kind>(asKind(params.get("kind")));
  const [value, setValue] = useState(params.get("value") ?? "");
  const [note, setNote] = useState(params.get("note") ?? "");
  const [expires, setExpires] = useState("");
  const kindId = useId();
  // A "Block ..." link followed while this screen is open fills the form again.
  useEffect(() => {
    const linked = new URLSearchParams(search);
    if (linked.get("value")) {
      setKind(asKind(linked.get("kind")));
      setValue(linked.get("value") ?? "");
      setNote(linked.get("note") ?? "");
    }
  }, [search]);
  const add = useAdminAction({
    send: addBlock,
    refresh: [blocklistKey],
    success: (entry) => ({
      title: "Blocked",
      description: `${kindName(entry.kind)} ${entry.value} is on the block list`,
    }),
    failure: "Update Failed",
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const expiresAt = expires ? new Date(expires).toISOString() : undefined;
    add.mutate(
      { kind, value: value.trim(), ...(note.trim() ? { note: note.trim() } : {}), ...(expiresAt ? { expiresAt } : {}) },
      {
        onSuccess: () => {
          setValue("");
          setNote("");
          setExpires("");
          navigate("?", { replace: true });
        },
      },
    );
  };
  return (
    <Panel title="Block a party">
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <div className="space-y-1.5">
          <label htmlFor={kindId} className="block text-sm font-medium text-slate-800">
            What to block
          </label>
          <select
            id={kindId}
            value={kind}
            onChange={(e) => setKind(asKind(e.target.value))}
            className="block h-11 w-full rounded-lg border border-slate-300 bg-white px-3"
          >
            {KINDS.map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <Field
          id="block-value"
          label="Value"
          required
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="font-mono"
        />
        <Field id="block-note" label="Note (optional)" value={note} onChange={(e) => setNote(e.target.value)} />
        <Field
          id="block-expires"
          label="Expires (optional)"
          type="datetime-local"
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
        />
        <button type="submit" className={buttonClass({ className: "h-11" })} disabled={add.isPending || !value.trim()}>
          Add to block list
        </button>
      </form>
      <p className="mt-2 text-sm text-slate-500">
        A blocked party's faucet requests, bonus requests, signups and registrations are refused with a neutral message
        that does not reveal the block.
      </p>
    </Panel>
  );
}

// A removal is confirmed first; its toast's Undo adds the same block again (value, note and expiry).
export function BlocklistScreen() {
  const list = useBlocklist();
  const [confirm, setConfirm] = useState<ChangePlan | null>(null);
  const again = useAdminAction({
    send: addBlock,
    refresh: [blocklistKey],
    success: (entry) => ({
      title: "Blocked again",
      description: `${kindName(entry.kind)} ${entry.value} is on the block list again`,
    }),
    failure: "Update Failed",
  });
  const remove = useAdminAction({
    send: (entry: Entry) => api.admin.blocklist({ id: entry.id }).delete(),
    refresh: [blocklistKey],
    success: (_out, entry) => ({
      title: "Unblocked",
      description: `${kindName(entry.kind)} ${entry.value} is off the block list`,
      ...(entry.active
        ? undoToast(`block ${entry.value} again`, () =>
            again.mutate({
              kind: asKind(entry.kind),
              value: entry.value,
              ...(entry.note ? { note: entry.note } : {}),
              ...(entry.expiresAt ? { expiresAt: entry.expiresAt } : {}),
            }),
          )
        : {}),
    }),
    failure: "Update Failed",
  });
  const askRemove = (e: Entry) =>
    setConfirm({
      title: `Remove the block on ${e.value}?`,
      confirmLabel: "Remove block",
      changes: [
        {
          label: `${kindName(e.kind)} ${e.value}${e.note ? ` (${e.note})` : ""}`,
          before: e.active ? "blocked" : "blocked, expired",
          after: "not blocked",
          means: e.active
            ? "Its faucet requests, bonus requests, signups and registrations are accepted again."
            : "The expired block leaves the list (it refuses nothing already).",
        },
      ],
      run: () => remove.mutate(e),
    });
  const c = columnsFor<Entry>();
  const columns: Column<Entry>[] = [
    c.display({ id: "kind", header: "Kind", cell: ({ row: { original: e } }) => kindName(e.kind) }),
    c.display({
      id: "value",
      header: "Value",
      cell: ({ row: { original: e } }) => <span className="font-mono break-all">{e.value}</span>,
    }),
    c.display({ id: "note", header: "Note", cell: ({ row: { original: e } }) => e.note ?? "" }),
    c.display({
      id: "state",
      header: "State",
      cell: ({ row: { original: e } }) =>
        e.active ? <Badge tone="red">Active</Badge> : <Badge tone="grey">Expired</Badge>,
    }),
    c.display({
      id: "expiresAt",
      header: "Expires",
      cell: ({ row: { original: e } }) => (e.expiresAt ? when(e.expiresAt) : "Never"),
    }),
    c.display({
      id: "refusals",
      header: "Refusals",
      cell: ({ row: { original: e } }) => `${e.refusals}${e.lastRefusedAt ? ` (last ${when(e.lastRefusedAt)})` : ""}`,
    }),
    c.display({
      id: "created",
      header: "Added",
      cell: ({ row: { original: e } }) => `${when(e.createdAt)}${e.createdBy ? ` by ${e.createdBy}` : ""}`,
    }),
    c.display({
      id: "actions",
      header: "Actions",
      cell: ({ row: { original: e } }) => (
        <button
          type="button"
          className={buttonClass({ size: "sm", variant: "outline" })}
          disabled={remove.isPending}
          onClick={() => askRemove(e)}
          aria-label={`Remove block on ${e.value}`}
        >
          Remove
        </button>
      ),
    }),
  ];
  const entries = list.data ?? [];
  return (
    <>
      <AddBlock />
      <Panel title={`Block list (${entries.filter((e) => e.active).length} active)`}>
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <p role="alert" className="text-red-700">
            {list.error.message}
          </p>
        ) : entries.length === 0 ? (
          <Empty>Nobody is blocked</Empty>
        ) : (
          <DataTable label="Block list" columns={columns} data={entries} rowKey={(e) => e.id} />
        )}
      </Panel>
      <ConfirmChangeDialog plan={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
