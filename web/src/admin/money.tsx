import { AlertTriangle, FlaskConical, Wallet as WalletIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { toast } from "../components/ui/use-toast";
import { errorText } from "../lib/errors";
import { ApiError } from "../lib/errors";
import { api, unwrap } from "../api/client";
import type { Reward } from "../api/types";
import { keys, useAdminAction, useAdminFaucetRequests, useAdminUsers, useClaims, useProcessedClaims, useWallet } from "./api";
import { Badge, Empty, Loading, Panel, RiskBadge, Row, short, when } from "./ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";

const LOW_FUNDS_XRP = 100;
const explorer = (hash: string) => `https://livenet.xrpl.org/transactions/${hash}`;

export function WalletCard() {
  const wallet = useWallet();
  const resume = useAdminAction({ send: () => api.admin.wallet.resume.post(), refresh: [keys.wallet], success: () => ({ title: "Payouts resumed" }), failure: "Update Failed" });
  if (wallet.isPending) return <Card className="p-6"><Loading /></Card>;
  if (wallet.isError) return <Card className="p-6 text-red-700">{wallet.error.message}</Card>;
  const w = wallet.data;
  if (!w.configured) {
    return (
      <Card className="flex gap-3 border-amber-200 bg-amber-50 p-6 text-amber-900" role="status">
        <WalletIcon aria-hidden="true" className="h-6 w-6 shrink-0" />
        <div>
          <h2 className="font-bold">Payouts are not configured</h2>
          <p className="mt-1 text-sm">Approving and paying need a wallet. Start the server with <code>--xrpl sandbox</code> to try it on a simulated ledger, or set <code>XRPL_URL</code>, <code>XRPL_SEED</code> (or <code>--xrpl-seed-file</code>) and <code>XRPL_ADDRESS</code>.</p>
        </div>
      </Card>
    );
  }
  // The ledger's figures when it answered, else why not.
  const { balance, spendable, ledgerError } = "balance" in w ? { ...w, ledgerError: undefined } : { balance: undefined, spendable: undefined, ledgerError: w.ledgerError };
  const low = spendable !== undefined && Number(spendable) < LOW_FUNDS_XRP;
  return (
    <Card className="space-y-3 p-6">
      {w.sandbox && (
        <p role="status" className="flex items-center gap-2 rounded-lg bg-violet-50 p-3 font-medium text-violet-900">
          <FlaskConical aria-hidden="true" className="h-5 w-5" /> Sandbox ledger: payments are simulated and nothing real is sent.
        </p>
      )}
      {w.paused && (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 p-3 text-red-800">
          <span className="flex items-center gap-2">
            <AlertTriangle aria-hidden="true" className="h-5 w-5" /> Payouts are paused: {w.pausedReason}
          </span>
          <button type="button" className={buttonClass({ size: "sm" })} onClick={() => resume.mutate(undefined)} disabled={resume.isPending}>
            Resume payouts
          </button>
        </div>
      )}
      {low && !w.paused && <p role="alert" className="rounded-lg bg-amber-50 p-3 text-amber-900">Low funds: only {spendable} XRP can be spent.</p>}
      <dl className="grid gap-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
        {[
          ["Hot wallet", short(w.address, 14)],
          ["Balance", balance ? `${balance} XRP` : "unknown"],
          ["Spendable", spendable ? `${spendable} XRP` : "unknown"],
          ["Queued", w.queued],
          ["In flight", w.inFlight],
          ["Needs attention", w.needsAttention],
        ].map(([label, value]) => (
          <div key={label as string}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {(ledgerError || w.lastError) && <p className="text-sm text-red-700">{ledgerError ?? w.lastError}</p>}
    </Card>
  );
}

export function SummaryCards() {
  const users = useAdminUsers();
  if (users.isPending) return <Card className="p-6"><Loading /></Card>;
  if (users.isError) {
    return (
      <Card className="border-red-200 bg-red-50 p-6" role="alert">
        <h2 className="font-bold text-red-800">Error Loading Dashboard</h2>
        <p className="mt-1 text-red-700">{users.error.message || "Failed to fetch users. Please try again."}</p>
        <button type="button" className={buttonClass({ className: "mt-3" })} onClick={() => void users.refetch()}>
          Retry
        </button>
      </Card>
    );
  }
  const s = users.data.summary;
  const cards = [
    { label: "Total XRP Owed", value: s.totalOwed, note: "XRP" },
    { label: "Total Users", value: String(s.totalUsers), note: `${s.usersWithWallet} with a wallet` },
    { label: "Active Users", value: String(s.activeUsers), note: "with a streak" },
    { label: "Pending Rewards", value: String(s.pendingRewards), note: "to review" },
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {cards.map((c) => (
        <Card key={c.label} className="p-5">
          <dt className="text-sm text-slate-500">{c.label}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900" data-testid={`summary-${c.label.toLowerCase().replace(/ /g, "-")}`}>
            {c.value}
          </dd>
          <dd className="text-sm text-slate-500">{c.note}</dd>
        </Card>
      ))}
    </dl>
  );
}

const userName = (users: { id: number; username: string }[], id: number) => users.find((u) => u.id === id)?.username ?? `#${id}`;

export function ClaimsPanel() {
  const claims = useClaims();
  const decide = useAdminAction({
    send: ({ id, status }: { id: number; status: string }) =>
      api.admin.claims({ id }).post(status === "DENIED" ? { status, reason: "Invalid claim or missing XRP address" } : { status }),
    refresh: [keys.claims, keys.processed, keys.users],
    success: () => ({ title: "Claim Updated", description: "The claim status has been updated successfully." }),
    failure: "Update Failed",
  });
  const pending = claims.data?.pendingRewards ?? [];
  return (
    <Panel title={`XRP Drops Requests Management (${pending.length})`}>
      {claims.isPending ? <Loading /> : pending.length === 0 ? <Empty>No pending claims to review</Empty> : (
        <ul aria-label="Pending claims">
          {pending.map((r) => (
            <Row
              key={r.id}
              cells={[
                ["User", userName(claims.data!.users, r.userId)],
                ["Type", `${r.type}${r.platform ? ` (${r.platform})` : ""}`],
                ["Amount", `${r.amount} XRP`],
                ["Address", short(r.address, 14)],
                ["Date", when(r.createdAt)],
              ]}
              actions={
                <>
                  <button type="button" className={buttonClass({ size: "sm" })} onClick={() => decide.mutate({ id: r.id, status: "APPROVED" })}>Approve</button>
                  <button type="button" className={buttonClass({ size: "sm", variant: "outline" })} onClick={() => decide.mutate({ id: r.id, status: "PAID" })}>Mark Paid</button>
                  <button type="button" className={buttonClass({ size: "sm", variant: "outline", className: "text-red-700" })} onClick={() => decide.mutate({ id: r.id, status: "DENIED" })}>Deny</button>
                </>
              }
            />
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function ProcessedClaims() {
  const processed = useProcessedClaims();
  const list = processed.data?.processedClaims ?? [];
  return (
    <Panel title="Processed Claims">
      {processed.isPending ? <Loading /> : list.length === 0 ? <Empty>No processed claims found</Empty> : (
        <ul aria-label="Processed claims">
          {list.slice(0, 50).map((r) => (
            <Row key={r.id} cells={[["User", userName(processed.data!.users, r.userId)], ["Amount", `${r.amount} XRP`], ["Status", <Badge key="s" tone={r.status === "APPROVED" ? "green" : "red"}>{r.status}</Badge>], ["Processed", when(r.processedAt)], ["Reason", r.reason ?? ""]]} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function FaucetRequestsPanel() {
  const [page, setPage] = useState(1);
  const requests = useAdminFaucetRequests(page);
  const [selected, setSelected] = useState<number[]>([]);
  const queryClient = useQueryClient();
  const act = useMutation({
    mutationFn: async ({ ids, action }: { ids: number[]; action: "APPROVED" | "REJECTED" }) => {
      for (const id of ids) await unwrap(api.admin.faucet.requests({ id }).post(action === "REJECTED" ? { action, reason: "Promotional request rejected" } : { action }));
    },
    onSuccess: () => toast({ title: "Request Processed", description: "The XRP drops request has been processed successfully." }),
    onError: (error) => toast({ variant: "destructive", title: "Processing Failed", description: errorText(error) }),
    onSettled: () => {
      setSelected([]);
      void queryClient.invalidateQueries({ queryKey: keys.requests });
      void queryClient.invalidateQueries({ queryKey: keys.wallet });
    },
  });
  const all = requests.data?.rows ?? [];
  const pending = all.filter((r) => r.status === "PENDING" || (r.status === "APPROVED" && r.payoutStatus !== "paid"));
  const total = requests.data?.total ?? 0;
  const pages = requests.data ? Math.max(1, Math.ceil(total / requests.data.pageSize)) : 1;
  const processed = all.filter((r) => r.status === "PROCESSED" || r.status === "REJECTED").slice(0, 10);
  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const chosen = selected.filter((id) => pending.some((r) => r.id === id && r.status === "PENDING"));
  return (
    <Panel
      title={`Pending XRP Drops Requests (${total})`}
      actions={chosen.length > 0 && (
        <div className="flex gap-2">
          <button type="button" className={buttonClass({ size: "sm" })} onClick={() => act.mutate({ ids: chosen, action: "APPROVED" })} disabled={act.isPending}>Approve selected ({chosen.length})</button>
          <button type="button" className={buttonClass({ size: "sm", variant: "outline" })} onClick={() => act.mutate({ ids: chosen, action: "REJECTED" })} disabled={act.isPending}>Reject selected</button>
        </div>
      )}
    >
      {requests.isPending ? <Loading /> : pending.length === 0 ? <Empty>No pending XRP drops requests</Empty> : (
        <ul aria-label="Pending faucet requests">
          {pending.map((r) => (
            <Row
              key={r.id}
              cells={[
                ["Select", r.status === "PENDING" ? <input key="c" type="checkbox" aria-label={`Select request ${r.id}`} className="h-4 w-4 accent-brand-600" checked={selected.includes(r.id)} onChange={() => toggle(r.id)} /> : <Badge key="b" tone="yellow">Paying</Badge>],
                ["Address", <span key="a" title={r.destinationAddress}>{short(r.destinationAddress, 16)}{r.destinationTag !== null ? ` tag ${r.destinationTag}` : ""}</span>],
                ["Amount", `${r.amount} XRP${r.reason ? ` (${r.reason})` : ""}`],
                ["Risk", <span key="r" title={r.riskReasons.join("; ")}><RiskBadge score={r.riskScore} /> <span className="block text-xs text-slate-500">{r.riskReasons.join("; ")}</span></span>],
                ["IP", r.requesterIp ?? ""],
                ["Device", (r.deviceId ?? "").slice(0, 12)],
                ["Requested", when(r.createdAt)],
              ]}
              actions={r.status === "PENDING" || r.payoutError ? (
                <>
                  {r.payoutError && <span className="text-xs text-red-700">{r.payoutError}</span>}
                  <button type="button" className={buttonClass({ size: "sm" })} onClick={() => act.mutate({ ids: [r.id], action: "APPROVED" })} disabled={act.isPending} aria-label={`Approve request ${r.id}`}>{r.payoutError ? "Retry" : "Approve"}</button>
                  <button type="button" className={buttonClass({ size: "sm", variant: "outline" })} onClick={() => act.mutate({ ids: [r.id], action: "REJECTED" })} disabled={act.isPending} aria-label={`Reject request ${r.id}`}>Reject</button>
                </>
              ) : undefined}
            />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Request pages" className="mt-4 flex items-center justify-between text-sm">
          <button type="button" className={buttonClass({ size: "sm", variant: "outline" })} disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</button>
          <span>Page {page} of {pages}</span>
          <button type="button" className={buttonClass({ size: "sm", variant: "outline" })} disabled={page >= pages} onClick={() => setPage(page + 1)}>Next</button>
        </nav>
      )}
      <h3 className="mt-6 mb-2 font-semibold text-slate-900">Recently processed</h3>
      {processed.length === 0 ? <Empty>Nothing processed yet</Empty> : (
        <ul aria-label="Processed faucet requests">
          {processed.map((r) => (
            <Row key={r.id} cells={[["Address", short(r.destinationAddress, 16)], ["Amount", `${r.amount} XRP`], ["Status", <Badge key="s" tone={r.status === "PROCESSED" || r.status === "APPROVED" ? "green" : "red"}>{r.status}</Badge>], ["Hash", r.txHash ? <a key="h" href={explorer(r.txHash)} target="_blank" rel="noreferrer" className="font-mono text-brand-700 underline">{r.txHash.slice(0, 16)}</a> : r.rejectReason ?? ""], ["Processed", when(r.processedAt)]]} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function PendingRewardsTable() {
  const users = useAdminUsers();
  const decide = useAdminAction({
    send: ({ id, action }: { id: number; action: string }) => api.admin.rewards({ id }).post({ action, reason: action === "DENIED" ? "Invalid reward" : "" }),
    refresh: [keys.users, keys.claims, keys.processed],
    success: () => ({ title: "Reward Updated", description: "The reward status has been updated successfully." }),
    failure: "Update Failed",
  });
  const pending = users.data?.pendingRewards ?? [];
  if (pending.length === 0) return null;
  return (
    <Panel title="Pending Rewards">
      <ul aria-label="Pending rewards">
        {pending.map((r: Reward) => (
          <Row key={r.id} cells={[["User", r.username ?? `#${r.userId}`], ["Type", r.type], ["Amount", `${r.amount} XRP`], ["Date", when(r.createdAt)]]} actions={<>
            <button type="button" className={buttonClass({ size: "sm" })} onClick={() => decide.mutate({ id: r.id, action: "APPROVED" })}>Approve</button>
            <button type="button" className={buttonClass({ size: "sm", variant: "outline" })} onClick={() => decide.mutate({ id: r.id, action: "DENIED" })}>Deny</button>
          </>} />
        ))}
      </ul>
    </Panel>
  );
}

export function UsersPanel() {
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [search]);
  const users = useAdminUsers(query, page);
  const queryClient = useQueryClient();
  const pay = useMutation({
    mutationFn: (userId: number) => unwrap(api.admin.pay({ userId }).post()),
    onSuccess: (answer) => {
      if (answer.payout.status === "SUCCESS") toast({ title: "Payment Successful", description: "XRP has been sent to the user." });
      else toast({ title: "Payment sent", description: answer.message });
    },
    onError: (error) => toast({ variant: "destructive", title: "Payment Failed", description: error instanceof ApiError ? errorText(error) : String(error) }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: keys.users });
      void queryClient.invalidateQueries({ queryKey: keys.wallet });
    },
  });
  const shown = users.data?.users ?? [];
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;
  return (
    <Panel title="User Management">
      <label htmlFor="user-search" className="sr-only">Search users by username or XRP address</label>
      <input id="user-search" type="search" placeholder="Search by username or XRP address" value={search} onChange={(e) => setSearch(e.target.value)} className="mb-4 block h-11 w-full rounded-lg border border-slate-300 px-3" />
      {users.isPending ? <Loading /> : shown.length === 0 ? <Empty>No users found</Empty> : (
        <ul aria-label="Users">
          {shown.map((u) => (
            <Row
              key={u.id}
              cells={[
                ["User", <span key="u">{u.username}{u.isAdmin && <span className="ml-1 text-slate-500">(Admin)</span>}</span>],
                ["Email", u.email],
                ["XRP address", u.xrpAddress ? short(u.xrpAddress, 16) : <span key="n" className="text-slate-500">No Address Set</span>],
                ["Points", u.drops],
                ["Streak", `${u.dailyStreak} days`],
                ["Owed", `${u.totalClaimed} XRP`],
              ]}
              actions={Number(u.totalClaimed) > 0 && u.xrpAddress ? (
                <button type="button" className={buttonClass({ size: "sm" })} onClick={() => pay.mutate(u.id)} disabled={pay.isPending} aria-label={`Pay ${u.username}`}>
                  {pay.isPending && pay.variables === u.id ? "Paying..." : `Pay ${u.totalClaimed} XRP`}
                </button>
              ) : undefined}
            />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="User pages" className="mt-4 flex items-center justify-between text-sm">
          <button type="button" className={buttonClass({ size: "sm", variant: "outline" })} disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</button>
          <span>Page {page} of {pages} ({users.data!.total} users)</span>
          <button type="button" className={buttonClass({ size: "sm", variant: "outline" })} disabled={page >= pages} onClick={() => setPage(page + 1)}>Next</button>
        </nav>
      )}
    </Panel>
  );
}

export function PaymentHistory() {
  const users = useAdminUsers();
  const history = users.data?.payoutHistory ?? [];
  if (history.length === 0) return null;
  return (
    <Panel title="Payment History">
      <ul aria-label="Payment history">
        {history.map((p) => (
          <Row key={p.id} cells={[["User", p.username ?? ""], ["Amount", `${p.amount} XRP`], ["Status", <Badge key="s" tone={p.status === "SUCCESS" ? "green" : "red"}>{p.status}</Badge>], ["Hash", p.txHash ? short(p.txHash, 16) : ""], ["Date", when(p.createdAt)], ["Error", p.error ?? ""]]} />
        ))}
      </ul>
    </Panel>
  );
}
