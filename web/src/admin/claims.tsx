// /admin/claims: the users' reward claims (social sharing and other bonuses) waiting for a decision,
// and the decided ones. One list of pending rewards (the spec's "XRP Drops Requests Management" and
// "Pending rewards" were the same rows). Approve and Mark Paid confirm the amount first; Deny asks why.
import { useState } from "react";
import { api } from "../api/client";
import { buttonClass } from "../components/ui/button";
import { TxHash } from "../components/ui/TxHash";
import { keys, LIST_FILTERS, useAdminAction, useClaims, useProcessedClaims } from "./api";
import { ConfirmPayDialog, type PayPlan, ReasonDialog, type ReasonPlan } from "./dialogs";
import { Badge, type Column, columnsFor, DataTable, Empty, FilterDate, FilterSearch, FilterSelect, FilterSort, Filters, Loading, Pager, Panel, shortAddress, useListParams, when } from "./ui";

type Claim = NonNullable<ReturnType<typeof useClaims>["data"]>["pendingRewards"][number];
type Processed = NonNullable<ReturnType<typeof useProcessedClaims>["data"]>["processedClaims"][number];

const userName = (users: { id: number; username: string }[] | undefined, id: number) => users?.find((u) => u.id === id)?.username ?? `#${id}`;
const claimType = (r: { type: string; platform: string | null }) => `${r.type}${r.platform ? ` (${r.platform})` : ""}`;

const TYPES: [string, string][] = [
  ["", "Any type"],
  ["SOCIAL_SHARE", "Social sharing bonus"],
];

const PROCESSED_STATUS: [string, string][] = [
  ["", "Any decision"],
  ["APPROVED", "Approved"],
  ["PAID", "Paid"],
  ["DENIED", "Denied"],
];

export function ClaimsScreen() {
  const list = useListParams();
  const done = useListParams({}, "done.");
  const claims = useClaims(list.query(LIST_FILTERS));
  const processed = useProcessedClaims(done.query(LIST_FILTERS));
  const [confirm, setConfirm] = useState<PayPlan | null>(null);
  const [refuse, setRefuse] = useState<ReasonPlan | null>(null);
  const decide = useAdminAction({
    send: ({ claim, status, reason }: { claim: Claim; status: "APPROVED" | "PAID" | "DENIED"; reason?: string }) =>
      api.admin.claims({ id: claim.id }).post(status === "DENIED" ? { status, reason: reason ?? "" } : { status }),
    refresh: [keys.claims, keys.processed, keys.users, keys.counts],
    success: (_out, { claim, status, reason }) => ({
      title: "Claim Updated",
      description:
        status === "DENIED"
          ? `Claim #${claim.id} denied: ${reason}`
          : status === "PAID"
            ? `Claim #${claim.id} marked paid (${claim.amount} XRP)`
            : `Claim #${claim.id} approved: ${claim.amount} XRP owed to ${userName(claims.data?.users, claim.userId)}`,
    }),
    failure: "Update Failed",
  });

  const pending = claims.data?.pendingRewards ?? [];
  const c = columnsFor<Claim>();
  const columns: Column<Claim>[] = [
    c.display({ id: "id", header: "#", cell: ({ row: { original: r } }) => r.id }),
    c.display({ id: "user", header: "User", cell: ({ row: { original: r } }) => userName(claims.data?.users, r.userId) }),
    c.display({ id: "type", header: "Type", cell: ({ row: { original: r } }) => claimType(r) }),
    c.display({ id: "amount", header: "Amount", cell: ({ row: { original: r } }) => `${r.amount} XRP` }),
    c.display({ id: "address", header: "Address", cell: ({ row: { original: r } }) => (r.address ? <span className="font-mono" title={r.address}>{shortAddress(r.address)}</span> : "") }),
    c.display({ id: "createdAt", header: "Date", cell: ({ row: { original: r } }) => when(r.createdAt) }),
    c.display({
      id: "actions",
      header: "Actions",
      cell: ({ row: { original: r } }) => {
        const payments = [{ address: r.address ?? "(the user's address)", tag: null, amount: r.amount }];
        return (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass({ size: "sm" })}
              aria-label={`Approve claim ${r.id}`}
              onClick={() => setConfirm({ title: `Approve claim #${r.id}?`, confirmLabel: "Approve", effect: "owe", payments, run: () => decide.mutate({ claim: r, status: "APPROVED" }) })}
            >
              Approve
            </button>
            <button
              type="button"
              className={buttonClass({ size: "sm", variant: "outline" })}
              aria-label={`Mark claim ${r.id} paid`}
              onClick={() => setConfirm({ title: `Mark claim #${r.id} paid?`, confirmLabel: "Mark paid", effect: "record", payments, run: () => decide.mutate({ claim: r, status: "PAID" }) })}
            >
              Mark Paid
            </button>
            <button
              type="button"
              className={buttonClass({ size: "sm", variant: "outline", className: "text-red-700" })}
              aria-label={`Deny claim ${r.id}`}
              onClick={() => setRefuse({ title: `Deny claim #${r.id}`, confirmLabel: "Deny", run: (reason) => decide.mutate({ claim: r, status: "DENIED", reason }) })}
            >
              Deny
            </button>
          </div>
        );
      },
    }),
  ];

  const p = columnsFor<Processed>();
  const processedColumns: Column<Processed>[] = [
    p.display({ id: "id", header: "#", cell: ({ row: { original: r } }) => r.id }),
    p.display({ id: "user", header: "User", cell: ({ row: { original: r } }) => userName(processed.data?.users, r.userId) }),
    p.display({ id: "type", header: "Type", cell: ({ row: { original: r } }) => claimType(r) }),
    p.display({ id: "amount", header: "Amount", cell: ({ row: { original: r } }) => `${r.amount} XRP` }),
    p.display({ id: "status", header: "Status", cell: ({ row: { original: r } }) => <Badge tone={r.status === "DENIED" ? "red" : "green"}>{r.status}</Badge> }),
    p.display({ id: "processedAt", header: "Processed", cell: ({ row: { original: r } }) => when(r.processedAt) }),
    p.display({ id: "reason", header: "Reason", cell: ({ row: { original: r } }) => r.denyReason ?? r.reason ?? "" }),
    p.display({ id: "hash", header: "Hash", cell: ({ row: { original: r } }) => (r.txHash ? <TxHash hash={r.txHash} /> : "") }),
  ];

  return (
    <>
      <Panel title={`XRP Drops Requests Management (${claims.data?.total ?? pending.length})`}>
        <Filters>
          <FilterSearch list={list} label="Search user, email, address, hash or #id" />
          <FilterSelect list={list} name="reason" label="Type" options={TYPES} />
          <FilterDate list={list} name="from" label="From" />
          <FilterDate list={list} name="to" label="To" />
          <FilterSort list={list} keys={["createdAt", "amount"]} />
        </Filters>
        {claims.isPending ? (
          <Loading />
        ) : claims.isError ? (
          <p role="alert" className="text-red-700">{claims.error.message}</p>
        ) : pending.length === 0 ? (
          <Empty>No pending claims to review</Empty>
        ) : (
          <DataTable label="Pending claims" columns={columns} data={pending} rowKey={(r) => r.id} list={list} sortable={{ createdAt: "createdAt", amount: "amount" }} />
        )}
        <Pager list={list} total={claims.data?.total ?? 0} pageSize={claims.data?.pageSize ?? 200} label="Claim pages" />
      </Panel>
      <Panel title="Processed Claims">
        <Filters>
          <FilterSearch list={done} label="Search processed claims" />
          <FilterSelect list={done} name="status" label="Decision" options={PROCESSED_STATUS} />
          <FilterSelect list={done} name="reason" label="Type" options={TYPES} />
          <FilterDate list={done} name="from" label="From" />
          <FilterDate list={done} name="to" label="To" />
          <FilterSort list={done} keys={["createdAt", "amount"]} />
        </Filters>
        {processed.isPending ? (
          <Loading />
        ) : (processed.data?.processedClaims.length ?? 0) === 0 ? (
          <Empty>No processed claims found</Empty>
        ) : (
          <DataTable label="Processed claims" columns={processedColumns} data={processed.data!.processedClaims} rowKey={(r) => r.id} list={done} sortable={{ amount: "amount" }} />
        )}
        <Pager list={done} total={processed.data?.total ?? 0} pageSize={processed.data?.pageSize ?? 200} label="Processed claim pages" />
      </Panel>
      <ConfirmPayDialog plan={confirm} onClose={() => setConfirm(null)} />
      <ReasonDialog plan={refuse} onClose={() => setRefuse(null)} />
    </>
  );
}
