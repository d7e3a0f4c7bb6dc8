import { Link } from "react-router";
import { Coins, Droplet, LogOut } from "lucide-react";
import { useCurrentUser, useLogout } from "../api/session";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { formatRelativeTime, formatXrp } from "../lib/format";
import { usePageTitle } from "../lib/usePageTitle";

function ProfileRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-slate-100 py-3 last:border-0 sm:flex-row sm:justify-between">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="font-medium break-all text-slate-900 sm:text-right">{value}</dd>
    </div>
  );
}

// The logged-in user's home; renders nothing without a user.
export default function Dashboard() {
  usePageTitle("Dashboard");
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  if (!user) return null;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Dashboard</h1>
          <p className="mt-1 text-slate-600">Welcome, {user.username}</p>
        </div>
        <div className="flex items-center gap-3">
          <span className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-700">
            <Coins aria-hidden="true" className="h-4 w-4" />
            {user.drops} drops
          </span>
          <button
            type="button"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
            data-testid="dashboard-logout"
            className={buttonClass({ variant: "outline" })}
          >
            <LogOut aria-hidden="true" className="h-4 w-4" />
            Logout
          </button>
        </div>
      </div>

      <Card className="mt-8 p-6">
        <h2 className="text-lg font-semibold text-slate-900">Profile</h2>
        <dl className="mt-2">
          <ProfileRow label="Username" value={user.username} />
          <ProfileRow label="Email" value={user.email} />
          <ProfileRow label="XRP address" value={user.xrpAddress ?? "Not set"} />
          <ProfileRow label="Current drops" value={String(user.drops)} />
          <ProfileRow label="Total claimed" value={`${formatXrp(user.totalClaimed)} XRP`} />
          <ProfileRow label="Daily streak" value={`${user.dailyStreak} days`} />
          <ProfileRow label="Last claim" value={user.lastClaim ? formatRelativeTime(user.lastClaim) : "Never"} />
        </dl>
        <Link to="/faucet" className={buttonClass({ className: "mt-6 w-full sm:w-auto" })}>
          <Droplet aria-hidden="true" className="h-4 w-4" />
          Request XRP Drop
        </Link>
      </Card>
    </div>
  );
}
