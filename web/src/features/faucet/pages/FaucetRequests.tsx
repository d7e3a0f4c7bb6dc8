// /admin/requests: the faucet requests, filtered, searched and sorted on the server (the view in the
// URL), approved after a confirmation that states what is sent, rejected with a reason.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { api, unwrap } from "../../../api/client";
import { buttonClass } from "../../../components/ui/button";
import { TxHash } from "../../../components/ui/TxHash";
import { toast } from "../../../components/ui/use-toast";
import { errorText } from "../../../lib/errors";
import { auditLogKey, countsKey, LIST_FILTERS } from "../../../api/admin";
import { walletKey } from "../../wallet";
import { clusterSummary, LedgerEvidence } from "../../address-signals";
import { adminRequestsKey, useAdminFaucetRequests } from "../admin-api";
import { budgetKey } from "../api";
import { totalXrp } from "../../../../../src/shared/money";
import { ConfirmPayDialog, type PayPlan, ReasonDialog, type ReasonPlan } from "../../../components/admin/dialogs";
import {
  Badge,
  type Column,
  columnsFor,
  DataTable,
  Empty,
  FilterDate,
  FilterSearch,
  FilterSelect,
  FilterSort,
  Filters,
  Loading,
  Panel,
  Pager,
  RiskCell,
  DeviceId,
  shortAddress,
  when,
} from "../../../components/admin/ui";
import { useListParams } from "../../../components/admin/ui";
import { AddressCell } from "../../../components/admin/AddressCell";
import { RequestFile } from "../components/RequestFile";
import { statusWords } from "../../../components/admin/words";
import { plural } from "../../../../../src/shared/words";
import { blockLink } from "../../blocklist";

type Request = NonNullable<ReturnType<typeof useAdminFaucetRequests>["data"]>["rows"][number];

const STATUS_OPTIONS: [string, string][] = [
  ["", "Any status"],
  ["PENDING", "Pending"],
  ["APPROVED", "Approved"],
  ["PROCESSED", "Paid"],
  ["REJECTED", "Rejected"],
];
export const RISK_OPTIONS: [string, string][] = [
  ["", "Any risk"],
  ["low", "Low"],
  ["medium", "Medium"],
  ["high", "High"],
];
const REASON_OPTIONS: [string, string][] = [
  ["", "Any reason"],
  ["Reviewer bonus", "Reviewer bonus"],
];

// A reviewer bonus whose review nobody has moderated yet: paying it pays for a review nobody read.
const UNMODERATED = "A reviewer bonus for a review still waiting for moderation: read the review first (Reviews page)";
const payment = (r: Request) => ({
  address: r.destinationAddress,
  tag: r.destinationTag,
  amount: r.amount,
  about: {
    label: `Request #${r.id}`,
    reason: r.reason,
    risk: { score: r.riskScore, reasons: r.riskReasons },
    warning: r.reviewAwaitingModeration ? UNMODERATED : null,
  },
});

// The request's state as a badge (Pending, Paying, Paid, Rejected), with what goes with it: why
// auto-approve left it, why its payout failed, the paid transaction's hash.
function StatusCell({ r }: { r: Request }) {
  const auto = r.autoApproved ? <Badge tone="green">Auto</Badge> : null;
  if (r.status === "PENDING")
    return (
      <span className="inline-flex flex-col items-start gap-1 whitespace-nowrap">
        <Badge tone="yellow">Pending</Badge>
        {r.leftForPerson && <span className="text-xs whitespace-normal text-slate-600">{r.leftForPerson}</span>}
        {r.payoutError && <span className="text-xs whitespace-normal text-red-700">{r.payoutError}</span>}
      </span>
    );
  if (r.status === "APPROVED" && r.payoutStatus !== "paid")
    return (
      <span className="inline-flex flex-col items-start gap-1 whitespace-nowrap">
        <span className="inline-flex gap-1">
          <Badge tone="yellow">Paying</Badge>
          {auto}
        </span>
        {r.payoutError && <span className="text-xs whitespace-normal text-red-700">{r.payoutError}</span>}
      </span>
    );
  return (
    <span className="inline-flex flex-col items-start gap-1 whitespace-nowrap">
      <span className="inline-flex gap-1">
        <Badge tone={r.status === "REJECTED" ? "red" : "green"}>{statusWords(r.status)}</Badge>
        {auto}
      </span>
      {r.txHash && <TxHash hash={r.txHash} />}
    </span>
  );
}

export function FaucetRequestsScreen() {
  const list = useListParams();
  const requests = useAdminFaucetRequests(list.query(LIST_FILTERS));
  const [selected, setSelected] = useState<number[]>([]);
  const [confirm, setConfirm] = useState<PayPlan | null>(null);
  const [refuse, setRefuse] = useState<ReasonPlan | null>(null);
  // the request whose file is open (RequestFile)
  const [opened, setOpened] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const act = useMutation({
    mutationFn: async ({
      rows,
      action,
      reason,
    }: {
      rows: Request[];
      action: "APPROVED" | "REJECTED";
      reason?: string;
    }) => {
      for (const r of rows)
        await unwrap(
          api.admin.faucet
            .requests({ id: r.id })
            .post(action === "REJECTED" ? { action, reason: reason ?? "" } : { action }),
        );
    },
    onSuccess: (_out, { rows, action, reason }) => {
      const total = totalXrp(rows.map((r) => r.amount)) ?? "unknown";
      const one = rows.length === 1 ? rows[0] : null;
      const description =
        action === "REJECTED"
          ? one
            ? `Request #${one.id} rejected: ${reason}`
            : `${rows.length} requests rejected: ${reason}`
          : one
            ? `Request #${one.id} approved: paying ${one.amount} XRP to ${shortAddress(one.destinationAddress)}`
            : `${rows.length} requests approved: paying ${total} XRP`;
      toast({ title: "Request Processed", description });
    },
    onError: (error) => toast({ variant: "destructive", title: "Processing Failed", description: errorText(error) }),
    onSettled: () => {
      setSelected([]);
      for (const key of [adminRequestsKey, budgetKey, walletKey, countsKey, auditLogKey])
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });

  const rows = requests.data?.rows ?? [];
  // The default view (no filter, search or sort) is the spec's: the open requests (pending and paying)
  // and, on page 1, the 10 latest processed below them. Any filter shows every request that matches.
  const filtered = LIST_FILTERS.some((name) => name !== "page" && list.get(name) !== "");
  const open = filtered
    ? rows
    : rows.filter((r) => r.status === "PENDING" || (r.status === "APPROVED" && r.payoutStatus !== "paid"));
  const recent = filtered ? [] : rows.filter((r) => r.status === "PROCESSED" || r.status === "REJECTED").slice(0, 10);
  const chosen = open.filter((r) => r.status === "PENDING" && selected.includes(r.id));
  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  // (with what the ledger says of them: "4 of 12 share an activating account")
  const approve = (targets: Request[]) => {
    const summary = clusterSummary(targets.map((r) => r.ledger));
    setConfirm({
      title: targets.length === 1 ? `Approve request #${targets[0]!.id}?` : `Approve ${targets.length} requests?`,
      confirmLabel: targets.length === 1 ? "Approve and pay" : `Approve and pay ${targets.length}`,
      payments: targets.map(payment),
      effect: "send",
      note: approvalNote(summary, unmoderatedNote(targets)),
      run: () => act.mutate({ rows: targets, action: "APPROVED" }),
    });
  };
  // Both warnings in the one note the dialog shows: the cluster summary and an unmoderated review.
  const approvalNote = (summary: string | undefined | null, unmoderated: { text: string } | undefined) => {
    const texts = [summary, unmoderated?.text].filter(Boolean);
    return texts.length === 0 ? undefined : { warn: true, text: texts.join(". ") };
  };
  const unmoderatedNote = (targets: Request[]) => {
    const held = targets.filter((r) => r.reviewAwaitingModeration);
    if (held.length === 0) return undefined;
    const which = held.map((r) => `#${r.id}`).join(", ");
    return {
      warn: true,
      text: `${held.length === 1 ? `Request ${which} is a reviewer bonus` : `Requests ${which} are reviewer bonuses`} for a review still waiting for moderation: paying now pays for a review nobody has read`,
    };
  };
  const reject = (targets: Request[]) =>
    setRefuse({
      title: targets.length === 1 ? `Reject request #${targets[0]!.id}` : `Reject ${targets.length} requests`,
      confirmLabel: "Reject",
      payments: targets.map(payment),
      run: (reason) => act.mutate({ rows: targets, action: "REJECTED", reason }),
    });

  // (render functions, not components: a component made here would be a new one each render)
  // The row's decisions: approve (or retry a failed payout) and reject while it waits; reject while
  // its payout is held unsigned (payouts paused: rejecting withdraws it, nothing is sent).
  const decisions = (r: Request) => {
    const waits = r.status === "PENDING" || Boolean(r.payoutError);
    const held = r.status === "APPROVED" && r.payoutStatus === "queued" && !r.payoutError;
    return (
      <>
        {waits && (
          <button
            type="button"
            className={buttonClass({ size: "sm" })}
            onClick={() => approve([r])}
            disabled={act.isPending}
            aria-label={`Approve request ${r.id}`}
          >
            {r.payoutError ? "Retry" : "Approve"}
          </button>
        )}
        {(waits || held) && (
          <button
            type="button"
            className={buttonClass({ size: "sm", variant: "outline" })}
            onClick={() => reject([r])}
            disabled={act.isPending}
            aria-label={`Reject request ${r.id}`}
          >
            Reject
          </button>
        )}
      </>
    );
  };
  const openButton = (id: number) => (
    <button
      type="button"
      className="font-medium text-brand-700 underline"
      onClick={() => setOpened(id)}
      aria-label={`Open request ${id}`}
    >
      #{id}
    </button>
  );

  const c = columnsFor<Request>();
  const columns: Column<Request>[] = [
    c.display({
      id: "select",
      header: "Select",
      cell: ({ row: { original: r } }) =>
        r.status === "PENDING" ? (
          <input
            type="checkbox"
            aria-label={`Select request ${r.id}`}
            className="h-4 w-4 accent-brand-600"
            checked={selected.includes(r.id)}
            onChange={() => toggle(r.id)}
          />
        ) : null,
    }),
    c.display({ id: "id", header: "#", cell: ({ row: { original: r } }) => openButton(r.id) }),
    c.display({
      id: "address",
      header: "Address",
      cell: ({ row: { original: r } }) => (
        <span>
          <AddressCell address={r.destinationAddress} tag={r.destinationTag} />
          <Link
            to={blockLink("address", r.destinationAddress, `Request #${r.id}`)}
            className="block text-xs text-brand-700 underline"
            aria-label={`Block address of request ${r.id}`}
          >
            Block address
          </Link>
          {r.blocked && (
            <span className="block text-xs font-semibold text-red-700">
              On the block list: reject it, or unblock first
            </span>
          )}
        </span>
      ),
    }),
    c.display({
      id: "amount",
      header: "Amount",
      cell: ({ row: { original: r } }) => (
        <span className="whitespace-nowrap">
          {r.amount} XRP{r.reason && <span className="block text-xs text-slate-500">{r.reason}</span>}
        </span>
      ),
    }),
    c.display({
      id: "risk",
      header: "Risk",
      cell: ({ row: { original: r } }) => (
        // (narrow, its reasons wrapping: the Actions column stays beside the Status, not over it)
        <div className="md:max-w-32">
          <RiskCell score={r.riskScore} reasons={r.riskReasons} />
          <LedgerEvidence ledger={r.ledger} requestId={r.id} refresh={[adminRequestsKey]} />
        </div>
      ),
    }),
    c.display({
      id: "origin",
      header: "IP and device",
      cell: ({ row: { original: r } }) => (
        <span>
          {r.requesterIp ?? ""}
          <DeviceId id={r.deviceId} />
          {r.requesterIp && (
            <Link
              to={blockLink("ip", r.requesterIp, `Request #${r.id}`)}
              className="block text-xs text-brand-700 underline"
              aria-label={`Block IP of request ${r.id}`}
            >
              Block IP
            </Link>
          )}
        </span>
      ),
    }),
    c.display({ id: "createdAt", header: "Requested", cell: ({ row: { original: r } }) => when(r.createdAt) }),
    c.display({ id: "status", header: "Status", cell: ({ row: { original: r } }) => <StatusCell r={r} /> }),
    c.display({
      id: "actions",
      header: "Actions",
      cell: ({ row: { original: r } }) => <div className="flex flex-wrap items-center gap-2">{decisions(r)}</div>,
    }),
  ];

  const recentColumns: Column<Request>[] = [
    c.display({ id: "id", header: "#", cell: ({ row: { original: r } }) => openButton(r.id) }),
    c.display({
      id: "address",
      header: "Address",
      cell: ({ row: { original: r } }) => <AddressCell address={r.destinationAddress} tag={r.destinationTag} />,
    }),
    c.display({ id: "amount", header: "Amount", cell: ({ row: { original: r } }) => `${r.amount} XRP` }),
    c.display({ id: "status", header: "Status", cell: ({ row: { original: r } }) => <StatusCell r={r} /> }),
    c.display({
      id: "hash",
      header: "Hash or reason",
      cell: ({ row: { original: r } }) => (r.txHash ? <TxHash hash={r.txHash} /> : (r.rejectReason ?? "")),
    }),
    c.display({ id: "processedAt", header: "Processed", cell: ({ row: { original: r } }) => when(r.processedAt) }),
  ];

  return (
    <>
      <Panel
        title={
          filtered
            ? `Faucet requests matching (${requests.data?.total ?? 0})`
            : `Pending XRP Drops Requests (${requests.data?.total ?? 0})`
        }
        actions={
          chosen.length > 0 && (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className={buttonClass({ size: "sm" })}
                onClick={() => approve(chosen)}
                disabled={act.isPending}
              >
                Approve selected ({chosen.length})
              </button>
              <button
                type="button"
                className={buttonClass({ size: "sm", variant: "outline" })}
                onClick={() => reject(chosen)}
                disabled={act.isPending}
              >
                Reject selected
              </button>
            </div>
          )
        }
      >
        {!filtered && open.length > 0 && (
          <p className="mb-3 text-sm text-slate-700">
            {plural(open.filter((r) => r.status === "PENDING").length, "request")} waiting for you,{" "}
            {open.filter((r) => r.status !== "PENDING").length} being paid
          </p>
        )}
        <Filters>
          <FilterSearch list={list} label="Search address, user, email, hash or #id" />
          <FilterSelect list={list} name="status" label="Status" options={STATUS_OPTIONS} />
          <FilterSelect list={list} name="risk" label="Risk" options={RISK_OPTIONS} />
          <FilterSelect list={list} name="reason" label="Reason" options={REASON_OPTIONS} />
          <FilterDate list={list} name="from" label="From" />
          <FilterDate list={list} name="to" label="To" />
          <FilterSort list={list} keys={["createdAt", "amount", "risk"]} />
        </Filters>
        {requests.isPending ? (
          <Loading />
        ) : requests.isError ? (
          <p role="alert" className="text-red-700">
            {requests.error.message}
          </p>
        ) : open.length === 0 ? (
          <Empty>{filtered ? "No requests match these filters" : "No pending XRP drops requests"}</Empty>
        ) : (
          <DataTable
            label="Faucet requests"
            columns={columns}
            data={open}
            rowKey={(r) => r.id}
            list={list}
            sortable={{ createdAt: "createdAt", amount: "amount", risk: "risk" }}
            stickyActions
          />
        )}
        <Pager
          list={list}
          total={requests.data?.total ?? 0}
          pageSize={requests.data?.pageSize ?? 200}
          label="Request pages"
        />
      </Panel>
      {!filtered && (
        <Panel title="Recently processed">
          {recent.length === 0 ? (
            <Empty>Nothing processed yet</Empty>
          ) : (
            <DataTable label="Processed faucet requests" columns={recentColumns} data={recent} rowKey={(r) => r.id} />
          )}
        </Panel>
      )}
      <ConfirmPayDialog plan={confirm} onClose={() => setConfirm(null)} />
      <ReasonDialog plan={refuse} onClose={() => setRefuse(null)} />
      <RequestFile
        id={opened}
        onClose={() => setOpened(null)}
        actions={(r) => decisions(r as Request)}
        status={(r) => <StatusCell r={r as Request} />}
      />
    </>
  );
}
