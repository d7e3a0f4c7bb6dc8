// The overview's figures of the back office: the summary cards and what waits for a person.
import { Link } from "react-router";
import { Loading, Panel } from "../../../components/admin/ui";
import { readableXrp } from "../../../components/admin/words";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { useWallet } from "../../wallet";
import { useAdminUsers, useCounts } from "../api";

export function SummaryCards() {
  const users = useAdminUsers();
  if (users.isPending)
    return (
      <Card className="p-6">
        <Loading />
      </Card>
    );
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
    { label: "Total XRP Owed", value: readableXrp(s.totalOwed).replace(/ XRP$/, ""), note: "XRP" },
    { label: "Total Users", value: String(s.totalUsers), note: `${s.usersWithWallet} with a wallet` },
    { label: "Active Users", value: String(s.activeUsers), note: "with a streak" },
    { label: "Pending Rewards", value: String(s.pendingRewards), note: "to review" },
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {cards.map((c) => (
        <Card key={c.label} className="p-5">
          <dt className="text-sm text-slate-500">{c.label}</dt>
          <dd
            className="mt-1 text-2xl font-bold text-slate-900"
            data-testid={`summary-${c.label.toLowerCase().replace(/ /g, "-")}`}
          >
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
        ["Unread messages", counts.unreadMessages, "/admin/inbox"],
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
              <Link
                to={to}
                className="flex items-center justify-between rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 font-medium text-amber-900 hover:bg-amber-100"
              >
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
