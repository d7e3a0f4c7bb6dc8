// /admin/users: the users (searched and paged on the server, the view in the URL), paying what a user
// is owed after a confirmation, and the payment history.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { api, unwrap } from "../../../api/client";
import { buttonClass } from "../../../components/ui/button";
import { TxHash } from "../../../components/ui/TxHash";
import { toast } from "../../../components/ui/use-toast";
import { errorText } from "../../../lib/errors";
import { auditLogKey } from "../../../api/admin";
import { walletKey } from "../../wallet";
import { useAdminUsers, usersKey } from "../api";
import { ConfirmPayDialog, type PayPlan } from "../../../components/admin/dialogs";
import { WideNeighbours } from "../components/WideNeighbours";
import { payoutTone, statusWords } from "../../../components/admin/words";
import {
  Badge,
  type Column,
  columnsFor,
  DataTable,
  Empty,
  FilterSearch,
  Filters,
  Loading,
  Pager,
  Panel,
  shortAddress,
  useListParams,
  when,
} from "../../../components/admin/ui";

type UserRow = NonNullable<ReturnType<typeof useAdminUsers>["data"]>["users"][number];
type PayoutRow = NonNullable<ReturnType<typeof useAdminUsers>["data"]>["payoutHistory"][number];

export interface Payee {
  id: number;
  username: string;
  xrpAddress: string | null;
  tag: number | null;
  owed: string;
}

// Pay a user what they are owed: the plan for the confirmation dialog, and the call once confirmed.
export function usePayUser() {
  const queryClient = useQueryClient();
  const [plan, setPlan] = useState<PayPlan | null>(null);
  const pay = useMutation({
    mutationFn: (payee: Payee) => unwrap(api.admin.pay({ userId: payee.id }).post()),
    onSuccess: (answer, payee) => {
      const paid = `${payee.owed} XRP to ${payee.xrpAddress ? shortAddress(payee.xrpAddress) : payee.username}`;
      if (answer.payout.status === "SUCCESS") toast({ title: "Payment Successful", description: `Paid ${paid}` });
      else toast({ title: "Payment sent", description: `Sending ${paid}: ${answer.message}` });
    },
    onError: (error) => toast({ variant: "destructive", title: "Payment Failed", description: errorText(error) }),
    onSettled: () => {
      for (const key of [usersKey, walletKey, auditLogKey]) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const ask = (payee: Payee) =>
    setPlan({
      title: `Pay ${payee.username}?`,
      confirmLabel: `Pay ${payee.owed} XRP`,
      effect: "send",
      payments: [{ address: payee.xrpAddress ?? "", tag: payee.tag, amount: payee.owed }],
      run: () => pay.mutate(payee),
    });
  const dialog = <ConfirmPayDialog plan={plan} onClose={() => setPlan(null)} />;
  return { ask, pay, dialog };
}

export function UsersPanel() {
  const list = useListParams();
  const page = Math.max(1, Number(list.get("page")) || 1);
  const users = useAdminUsers(list.get("search"), page);
  const { ask, pay, dialog } = usePayUser();
  const shown = users.data?.users ?? [];
  const c = columnsFor<UserRow>();
  const columns: Column<UserRow>[] = [
    c.display({
      id: "user",
      header: "User",
      cell: ({ row: { original: u } }) => (
        <Link to={`/admin/users/${u.id}`} className="font-medium text-brand-700 underline">
          {u.username}
          {u.isAdmin && <span className="ml-1 text-slate-500">(Admin)</span>}
          {u.disabled && <span className="ml-1 text-red-800">(Disabled)</span>}
        </Link>
      ),
    }),
    c.display({ id: "email", header: "Email", cell: ({ row: { original: u } }) => u.email }),
    c.display({
      id: "address",
      header: "XRP address",
      cell: ({ row: { original: u } }) =>
        u.xrpAddress ? (
          <span className="font-mono" title={u.xrpAddress}>
            {shortAddress(u.xrpAddress)}
          </span>
        ) : (
          <span className="text-slate-500">No Address Set</span>
        ),
    }),
    c.display({
      id: "registered",
      header: "Registered from",
      cell: ({ row: { original: u } }) => (
        <>
          <span className="font-mono text-xs break-all">{u.registration.ipNetwork ?? "Not recorded"}</span>
          <WideNeighbours ipWide={u.registration.ipWide} accounts={u.registration.accountsFromOtherNetworks} />
        </>
      ),
    }),
    c.display({ id: "points", header: "Points", cell: ({ row: { original: u } }) => u.drops }),
    c.display({
      id: "streak",
      header: "Streak",
      cell: ({ row: { original: u } }) => `${u.dailyStreak} ${u.dailyStreak === 1 ? "day" : "days"}`,
    }),
    c.display({ id: "owed", header: "Owed", cell: ({ row: { original: u } }) => `${u.totalClaimed} XRP` }),
    c.display({
      id: "actions",
      header: "Actions",
      // Pay user here when something is owed to an address; else why not, and the user's file
      cell: ({ row: { original: u } }) => (
        <div className="flex flex-wrap items-center gap-2">
          {Number(u.totalClaimed) > 0 && u.xrpAddress ? (
            <button
              type="button"
              className={buttonClass({ size: "sm" })}
              disabled={pay.isPending}
              aria-label={`Pay ${u.totalClaimed} XRP to ${u.username}`}
              onClick={() =>
                ask({
                  id: u.id,
                  username: u.username,
                  xrpAddress: u.xrpAddress,
                  tag: u.destinationTag,
                  owed: u.totalClaimed,
                })
              }
            >
              {pay.isPending && pay.variables?.id === u.id ? "Paying..." : `Pay ${u.totalClaimed} XRP`}
            </button>
          ) : (
            <span className="text-xs text-slate-600">
              {Number(u.totalClaimed) > 0 ? "Owed, but no address to pay" : "Nothing owed"}
            </span>
          )}
          <Link to={`/admin/users/${u.id}`} className="text-xs text-brand-700 underline">
            Open file<span className="sr-only"> of {u.username}</span>
          </Link>
        </div>
      ),
    }),
  ];
  return (
    <Panel title="User Management">
      <Filters>
        <FilterSearch list={list} name="search" label="Search users by username or XRP address" />
      </Filters>
      {users.isPending ? (
        <Loading />
      ) : shown.length === 0 ? (
        <Empty>No users found</Empty>
      ) : (
        <DataTable label="Users" columns={columns} data={shown} rowKey={(u) => u.id} />
      )}
      <Pager list={list} total={users.data?.total ?? 0} pageSize={users.data?.pageSize ?? 50} label="User pages" />
      {dialog}
    </Panel>
  );
}

export const payoutColumns = (): Column<PayoutRow>[] => {
  const c = columnsFor<PayoutRow>();
  return [
    c.display({ id: "user", header: "User", cell: ({ row: { original: p } }) => p.username ?? "" }),
    c.display({ id: "amount", header: "Amount", cell: ({ row: { original: p } }) => `${p.amount} XRP` }),
    c.display({
      id: "status",
      header: "Status",
      cell: ({ row: { original: p } }) => (
        <>
          <Badge tone={payoutTone(p.status)}>{statusWords(p.status)}</Badge>
          {/* paid before the database was restored: read back from the wallet's history */}
          {p.foundOnLedger && <span className="block text-xs text-slate-600">found on the ledger</span>}
        </>
      ),
    }),
    c.display({
      id: "hash",
      header: "Hash",
      cell: ({ row: { original: p } }) => (p.txHash ? <TxHash hash={p.txHash} /> : ""),
    }),
    c.display({ id: "date", header: "Date", cell: ({ row: { original: p } }) => when(p.createdAt) }),
    c.display({ id: "error", header: "Error", cell: ({ row: { original: p } }) => p.error ?? "" }),
  ];
};

export function PaymentHistory() {
  const users = useAdminUsers();
  const history = users.data?.payoutHistory ?? [];
  if (history.length === 0) return null;
  return (
    <Panel title="Payment History">
      <DataTable label="Payment history" columns={payoutColumns()} data={history} rowKey={(p) => p.id} />
    </Panel>
  );
}
