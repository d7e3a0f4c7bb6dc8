// /admin: the overview: the open alerts, the hot wallet, what needs attention, the summary cards, today's budget, the
// admins' latest sign-ins and the last 30 days.
import { AlertTriangle, FlaskConical, Wallet as WalletIcon } from "lucide-react";
import { Link } from "react-router";
import { api } from "../../../api/client";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { timeWords } from "../../../lib/budget";
import { keys, useAdminAction, useAdminSignIns, useAdminUsers, useBudgetToday, useCounts, useOperatorAlerts, useWallet } from "../api";
import { Badge, type Column, columnsFor, DataTable, Empty, Loading, Panel, short, when, xrpToDrops } from "../../../components/admin/ui";

const LOW_FUNDS_XRP = 100;

// What needs the operator now (the server checks once a minute, emails each alert once and clears it
// by itself); the latest cleared ones are listed below, folded.
export function OperatorAlerts() {
  const alerts = useOperatorAlerts();
  if (alerts.isPending) return null;
  if (alerts.isError) return <p role="alert" className="text-red-700">Alerts could not be loaded: {alerts.error.message}</p>;
  const { open, cleared } = alerts.data;
  return (
    <section aria-labelledby="operator-alerts" className="space-y-2">
      <h2 id="operator-alerts" className={open.length ? "text-lg font-bold text-red-800" : "sr-only"}>
        {open.length ? `${open.length} open alert${open.length === 1 ? "" : "s"}` : "No open alerts"}
      </h2>
      {open.map((a) => (
        <div key={a.id} role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          <AlertTriangle aria-hidden="true" className="h-5 w-5 shrink-0" />
          <div>
            <p className="font-semibold">{a.title}</p>
            <p className="text-sm">{a.message}</p>
            <p className="mt-1 text-xs text-red-800">
              Since {when(a.raisedAt)}
              {a.emailed ? " · emailed to the admins" : ""}
            </p>
          </div>
        </div>
      ))}
      {cleared.length > 0 && (
        <details className="text-sm text-slate-700">
          <summary className="cursor-pointer">Cleared alerts ({cleared.length})</summary>
          <ul className="mt-2 space-y-1">
            {cleared.map((a) => (
              <li key={a.id}>
                <span className="font-medium">{a.title}</span>: {a.message} ({when(a.raisedAt)} to {a.clearedAt ? when(a.clearedAt) : "now"})
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

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
          {w.pausedUntil ? (
            <span className="text-sm font-medium">They resume by themselves at {new Date(w.pausedUntil).toLocaleString()}.</span>
          ) : (
            <button type="button" className={buttonClass({ size: "sm" })} onClick={() => resume.mutate(undefined)} disabled={resume.isPending}>
              Resume payouts
            </button>
          )}
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

// What waits for a person: each count links to its section.
export function NeedsAttention() {
  const counts = useCounts().data;
  const wallet = useWallet().data;
  const stuck = wallet?.configured ? wallet.needsAttention : 0;
  const items: [string, number, string][] = counts
    ? [
        ["Faucet requests waiting", counts.pendingRequests, "/admin/requests?status=PENDING"],
        ["Claims waiting", counts.pendingClaims, "/admin/claims"],
        ["Reviews held", counts.heldReviews, "/admin/reviews"],
        ["New advertising enquiries", counts.newEnquiries, "/admin/advertising"],
        ["Payouts needing attention", stuck, "/admin/requests"],
      ]
    : [];
  const waiting = items.filter(([, n]) => n > 0);
  return (
    <Panel title="Needs attention">
      {!counts ? (
        <Loading />
      ) : waiting.length === 0 ? (
        <p className="text-slate-600">Nothing waits for you.</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {waiting.map(([label, n, to]) => (
            <li key={label}>
              <Link to={to} className="flex items-center justify-between rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 font-medium text-amber-900 hover:bg-amber-100">
                <span>{label}</span>
                <span className="text-lg font-bold">{n}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

// Today's faucet budget: spent (or held by requests) of the daily limit, what is released so far
// (an hour at a time) and left now, and when the next hour's share opens (settings: all budgets).
export function BudgetToday() {
  const faucet = useBudgetToday().data?.faucet;
  if (!faucet) return null;
  const total = xrpToDrops(faucet.total);
  const used = xrpToDrops(faucet.used);
  const share = total > 0 ? Math.min(100, Math.round((used / total) * 100)) : 0;
  return (
    <Panel title="Today's budget">
      <p className="mb-2 text-sm text-slate-700">
        {faucet.used} XRP used of {faucet.total} XRP ({share}%); {faucet.released} XRP released so far, {faucet.left} XRP left now.{" "}
        {faucet.nextSliceAt ? `The next ${faucet.slice} XRP opens at ${timeWords(faucet.nextSliceAt)}.` : "All of today is released."}{" "}
        <Link to="/admin/settings" className="text-brand-700 underline">All budgets</Link>
      </p>
      <div role="progressbar" aria-label="Today's budget used" aria-valuemin={0} aria-valuemax={100} aria-valuenow={share} className="h-3 overflow-hidden rounded-full bg-slate-200">
        <div className={share >= 90 ? "h-full bg-red-600" : "h-full bg-brand-600"} style={{ width: `${share}%` }} />
      </div>
    </Panel>
  );
}

type SignIn = NonNullable<ReturnType<typeof useAdminSignIns>["data"]>[number];

// The admins' latest 20 sign-ins: who, when, from where, on what, with a code or not; one from a
// network or a device that admin never signed in from before is flagged (and was emailed to every
// admin when the server sends mail).
export function AdminSignIns() {
  const signIns = useAdminSignIns();
  const c = columnsFor<SignIn>();
  const columns: Column<SignIn>[] = [
    c.display({ id: "admin", header: "Admin", cell: ({ row: { original: s } }) => <span className="font-medium">{s.username}</span> }),
    c.display({ id: "when", header: "When", cell: ({ row: { original: s } }) => <time dateTime={s.createdAt}>{when(s.createdAt)}</time> }),
    c.display({
      id: "from",
      header: "From",
      cell: ({ row: { original: s } }) => (
        <span className="inline-flex flex-wrap items-center gap-1">
          <span className="font-mono">{s.ip ?? "unknown IP"}</span>
          {s.network && s.network !== s.ip && <span className="text-slate-500">({s.network})</span>}
          {s.newNetwork && <Badge tone="yellow">New network</Badge>}
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
        </span>
      ),
    }),
    c.display({ id: "code", header: "Second factor", cell: ({ row: { original: s } }) => (s.withCode ? <Badge tone="green">Code entered</Badge> : <Badge tone="grey">Password only</Badge>) }),
  ];
  return (
    <Panel title="Admin sign-ins" id="admin-sign-ins">
      {signIns.isPending ? (
        <Loading />
      ) : signIns.isError ? (
        <p role="alert" className="text-red-700">{signIns.error.message}</p>
      ) : signIns.data.length === 0 ? (
        <Empty>No admin sign-ins yet</Empty>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600">
            The latest {signIns.data.length}. A sign-in from a network or device new to that admin is flagged here (and emailed to every admin when this server sends email). If one was not an admin, run <code>xrp-faucet --seed-admin NAME</code> on the server: it sets a new password, resets the second factor and ends that admin's sessions.
          </p>
          <DataTable label="Admin sign-ins" columns={columns} data={signIns.data} rowKey={(s) => s.id} />
        </>
      )}
    </Panel>
  );
}
