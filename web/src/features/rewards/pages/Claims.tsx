// /admin/claims: the users' reward claims (social sharing and other bonuses) waiting for a decision,
// and the decided ones. One list of pending rewards (the spec's "XRP Drops Requests Management", titled in words, and
// "Pending rewards" were the same rows). Each claim shows where it came from (network, device) and its
// risk. Approve (one or the selected), and Mark Paid confirm the amount first, a bulk approval saying
// how many of the selected claims look alike; Deny asks why.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../../api/client";
import { buttonClass } from "../../../components/ui/button";
import { TxHash } from "../../../components/ui/TxHash";
import { toast } from "../../../components/ui/use-toast";
import { errorText } from "../../../lib/errors";
import { auditLogKey, countsKey, LIST_FILTERS, useAdminAction } from "../../../api/admin";
import { usersKey } from "../../back-office";
import { budgetKey } from "../../faucet";
import { claimsKey, processedClaimsKey, useClaims, useProcessedClaims } from "../api";
import { totalXrp } from "../../../../../src/shared/money";
import { ConfirmPayDialog, type PayPlan, ReasonDialog, type ReasonPlan } from "../../../components/admin/dialogs";
import { overlapWords } from "../overlap";
import { claimTypeWords, statusWords } from "../../../components/admin/words";
import {
  Badge,
  type Column,
  columnsFor,
  DataTable,
  DeviceId,
  Empty,
  FilterDate,
  FilterSearch,
  FilterSelect,
  FilterSort,
  Filters,
  Loading,
  Pager,
  Panel,
  RiskCell,
  shortAddress,
  useListParams,
  when,
} from "../../../components/admin/ui";

type Claim = NonNullable<ReturnType<typeof useClaims>["data"]>["pendingRewards"][number];
type Processed = NonNullable<ReturnType<typeof useProcessedClaims>["data"]>["processedClaims"][number];

// Where a claim came from: its network (IPv6 /48, IPv4 /24; the IP in the tooltip) and its device.
// (null for claims made before they were stored)
const likeness = {
  network: (r: Claim) => r.ipNetwork,
  device: (r: Claim) => r.deviceId,
  address: (r: Claim) => r.address,
};

function OriginCell({ r }: { r: Claim | Processed }) {
  return (
    <span>
      <span className="font-mono text-xs break-all" title={r.ip ? `IP ${r.ip}` : undefined}>
        {r.ipNetwork ?? r.ip ?? "Not recorded"}
      </span>
      <DeviceId id={r.deviceId} />
    </span>
  );
}
// The amount, and under it the claim's type (as the faucet requests show a reason): the row fits a
// laptop's width.
function AmountCell({ r }: { r: Claim | Processed }) {
  return (
    <span>
      <span className="whitespace-nowrap">{r.amount} XRP</span>
      <span className="block text-xs text-slate-500">{claimType(r)}</span>
    </span>
  );
}
const riskCell = (r: Claim | Processed) => <RiskCell score={r.riskScore} reasons={r.riskReasons} />;

const userName = (users: { id: number; username: string }[] | undefined, id: number) =>
  users?.find((u) => u.id === id)?.username ?? `#${id}`;
const claimType = (r: { type: string; platform: string | null }) => claimTypeWords(r.type, r.platform);

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
  const [selected, setSelected] = useState<number[]>([]);
  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const queryClient = useQueryClient();
  // the selected claims approved one after another (each owed to its user)
  const approveAll = useMutation({
    mutationFn: async (rows: Claim[]) => {
      for (const r of rows) await unwrap(api.admin.claims({ id: r.id }).post({ status: "APPROVED" }));
    },
    onSuccess: (_out, rows) => {
      const total = totalXrp(rows.map((r) => r.amount)) ?? "unknown";
      toast({
        title: "Claims Updated",
        description:
          rows.length === 1
            ? `Claim #${rows[0]!.id} approved: ${total} XRP owed`
            : `${rows.length} claims approved: ${total} XRP owed`,
      });
    },
    onError: (error) => toast({ variant: "destructive", title: "Update Failed", description: errorText(error) }),
    onSettled: () => {
      setSelected([]);
      for (const key of [claimsKey, processedClaimsKey, usersKey, budgetKey, countsKey, auditLogKey])
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const decide = useAdminAction({
    send: ({ claim, status, reason }: { claim: Claim; status: "APPROVED" | "PAID" | "DENIED"; reason?: string }) =>
      api.admin.claims({ id: claim.id }).post(status === "DENIED" ? { status, reason: reason ?? "" } : { status }),
    refresh: [claimsKey, processedClaimsKey, usersKey, budgetKey, countsKey],
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
  const chosen = pending.filter((r) => selected.includes(r.id));
  // each with what the decision needs: the claim, its kind, its risk and the reasons
  const payments = (rows: Claim[]) =>
    rows.map((r) => ({
      address: r.address ?? "(the user's address)",
      tag: null,
      amount: r.amount,
      about: {
        label: `Claim #${r.id}`,
        reason: claimType(r),
        risk: { score: r.riskScore, reasons: r.riskReasons },
        warning: null,
      },
    }));
  const approveChosen = () => {
    const overlap = overlapWords(chosen, likeness);
    setConfirm({
      title: chosen.length === 1 ? `Approve claim #${chosen[0]!.id}?` : `Approve ${chosen.length} claims?`,
      confirmLabel: chosen.length === 1 ? "Approve" : `Approve ${chosen.length}`,
      effect: "owe",
      payments: payments(chosen),
      note: overlap ? { text: overlap.text, warn: overlap.shared } : undefined,
      run: () => approveAll.mutate(chosen),
    });
  };
  const c = columnsFor<Claim>();
  const columns: Column<Claim>[] = [
    c.display({
      id: "select",
      header: "Select",
      cell: ({ row: { original: r } }) => (
        <input
          type="checkbox"
          aria-label={`Select claim ${r.id}`}
          className="h-4 w-4 accent-brand-600"
          checked={selected.includes(r.id)}
          onChange={() => toggle(r.id)}
        />
      ),
    }),
    c.display({ id: "id", header: "#", cell: ({ row: { original: r } }) => r.id }),
    c.display({
      id: "user",
      header: "User",
      cell: ({ row: { original: r } }) => userName(claims.data?.users, r.userId),
    }),
    c.display({ id: "amount", header: "Amount", cell: ({ row: { original: r } }) => <AmountCell r={r} /> }),
    c.display({
      id: "address",
      header: "Address",
      cell: ({ row: { original: r } }) =>
        r.address ? (
          <span className="font-mono" title={r.address}>
            {shortAddress(r.address)}
          </span>
        ) : (
          ""
        ),
    }),
    c.display({ id: "risk", header: "Risk", cell: ({ row: { original: r } }) => riskCell(r) }),
    c.display({ id: "origin", header: "Network and device", cell: ({ row: { original: r } }) => <OriginCell r={r} /> }),
    c.display({ id: "createdAt", header: "Date", cell: ({ row: { original: r } }) => when(r.createdAt) }),
    c.display({
      id: "actions",
      header: "Actions",
      cell: ({ row: { original: r } }) => {
        const pay = payments([r]);
        return (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass({ size: "sm" })}
              aria-label={`Approve claim ${r.id}`}
              onClick={() =>
                setConfirm({
                  title: `Approve claim #${r.id}?`,
                  confirmLabel: "Approve",
                  effect: "owe",
                  payments: pay,
                  run: () => decide.mutate({ claim: r, status: "APPROVED" }),
                })
              }
            >
              Approve
            </button>
            <button
              type="button"
              className={buttonClass({ size: "sm", variant: "outline" })}
              aria-label={`Mark Paid, claim ${r.id}`}
              onClick={() =>
                setConfirm({
                  title: `Mark claim #${r.id} paid?`,
                  confirmLabel: "Mark paid",
                  effect: "record",
                  payments: pay,
                  run: () => decide.mutate({ claim: r, status: "PAID" }),
                })
              }
            >
              Mark Paid
            </button>
            <button
              type="button"
              className={buttonClass({ size: "sm", variant: "outline", className: "text-red-700" })}
              aria-label={`Deny claim ${r.id}`}
              onClick={() =>
                setRefuse({
                  title: `Deny claim #${r.id}`,
                  confirmLabel: "Deny",
                  run: (reason) => decide.mutate({ claim: r, status: "DENIED", reason }),
                })
              }
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
    p.display({
      id: "user",
      header: "User",
      cell: ({ row: { original: r } }) => userName(processed.data?.users, r.userId),
    }),
    p.display({ id: "amount", header: "Amount", cell: ({ row: { original: r } }) => <AmountCell r={r} /> }),
    p.display({ id: "risk", header: "Risk", cell: ({ row: { original: r } }) => riskCell(r) }),
    p.display({ id: "origin", header: "Network and device", cell: ({ row: { original: r } }) => <OriginCell r={r} /> }),
    p.display({
      id: "status",
      header: "Status",
      cell: ({ row: { original: r } }) => (
        <Badge tone={r.status === "DENIED" ? "red" : "green"}>{statusWords(r.status)}</Badge>
      ),
    }),
    p.display({ id: "processedAt", header: "Processed", cell: ({ row: { original: r } }) => when(r.processedAt) }),
    p.display({ id: "reason", header: "Reason", cell: ({ row: { original: r } }) => r.denyReason ?? r.reason ?? "" }),
    p.display({
      id: "hash",
      header: "Hash",
      cell: ({ row: { original: r } }) => (r.txHash ? <TxHash hash={r.txHash} /> : ""),
    }),
  ];

  return (
    <>
      <Panel
        title={`Claims waiting for a decision (${claims.data?.total ?? pending.length})`}
        actions={
          chosen.length > 0 && (
            <button
              type="button"
              className={buttonClass({ size: "sm" })}
              onClick={approveChosen}
              disabled={approveAll.isPending || decide.isPending}
            >
              Approve selected ({chosen.length})
            </button>
          )
        }
      >
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
          <p role="alert" className="text-red-700">
            {claims.error.message}
          </p>
        ) : pending.length === 0 ? (
          <Empty>No pending claims to review</Empty>
        ) : (
          <DataTable
            label="Pending claims"
            columns={columns}
            data={pending}
            rowKey={(r) => r.id}
            list={list}
            sortable={{ createdAt: "createdAt", amount: "amount" }}
          />
        )}
        <Pager
          list={list}
          total={claims.data?.total ?? 0}
          pageSize={claims.data?.pageSize ?? 200}
          label="Claim pages"
        />
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
          <DataTable
            label="Processed claims"
            columns={processedColumns}
            data={processed.data!.processedClaims}
            rowKey={(r) => r.id}
            list={done}
            sortable={{ amount: "amount" }}
          />
        )}
        <Pager
          list={done}
          total={processed.data?.total ?? 0}
          pageSize={processed.data?.pageSize ?? 200}
          label="Processed claim pages"
        />
      </Panel>
      <ConfirmPayDialog plan={confirm} onClose={() => setConfirm(null)} />
      <ReasonDialog plan={refuse} onClose={() => setRefuse(null)} />
    </>
  );
}
