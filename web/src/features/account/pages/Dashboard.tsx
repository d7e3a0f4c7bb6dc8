import "../../../screens-shared";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import {
  ArrowDownToLine,
  Coins,
  Droplet,
  Flame,
  Gift,
  History,
  LogOut,
  Settings,
  Sparkles,
  Wallet,
} from "lucide-react";
import {
  MAX_STREAK_POINTS,
  POINTS_PER_CLAIM,
  POINTS_PER_STREAK_DAY,
  STREAK_KEPT_WITHIN_HOURS,
} from "../../../../../src/shared/points";
import { useFaucetRequests, useRefreshUserOnMount, useRewardsHistory } from "../api";
import { useCurrentUser, useLogout } from "../../../api/session";
import { EarnMoreTab } from "../../social";
import { FaucetRequestsPanel, RewardsPanel } from "../components/History";
import { Tabs } from "../components/Tabs";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { formatRelativeTime, xrpText } from "../../../lib/format";
import { usePageTitle } from "../../../lib/usePageTitle";

type TabId = "requests" | "rewards" | "earn";

function ProfileRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-slate-100 py-3 last:border-0 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <dt className="shrink-0 text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 font-medium break-all text-slate-900 sm:text-right">{children}</dd>
    </div>
  );
}

function StatTile({ icon, label, value, testId }: { icon: ReactNode; label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3" data-testid={testId}>
      <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 text-lg font-bold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

function TabLabel({ icon, text, count }: { icon: ReactNode; text: string; count?: number }) {
  return (
    <>
      <span className="hidden sm:inline-flex">{icon}</span>
      <span>{text}</span>
      {count !== undefined && count > 0 && (
        <span className="rounded-full bg-slate-200 px-1.5 text-xs font-semibold text-slate-700 tabular-nums">
          {count}
        </span>
      )}
    </>
  );
}

// The logged-in user's home: points, profile, request and reward history, ways to earn more. Renders nothing without a user.
export default function Dashboard() {
  usePageTitle("Dashboard");
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  useRefreshUserOnMount();
  const requests = useFaucetRequests();
  const rewards = useRewardsHistory();
  const [tab, setTab] = useState<TabId>("requests");
  if (!user) return null;

  const streak = `${user.dailyStreak} ${user.dailyStreak === 1 ? "day" : "days"}`;
  const lastClaim = user.lastClaim ? formatRelativeTime(user.lastClaim) : "Never";

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Dashboard</h1>
          <p className="mt-1 break-words text-slate-600">Welcome, {user.username}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <span
            data-testid="points-balance"
            className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-100 ring-inset"
          >
            <Coins aria-hidden="true" className="h-4 w-4" />
            <span>
              <span className="sr-only">Points balance: </span>
              {user.drops} {user.drops === 1 ? "point" : "points"}
            </span>
          </span>
          <Link
            to="/dashboard/settings"
            data-testid="dashboard-settings"
            className={buttonClass({ variant: "outline" })}
          >
            <Settings aria-hidden="true" className="h-4 w-4" />
            Settings
          </Link>
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

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <Card className="self-start p-5 sm:p-6" aria-labelledby="profile-heading" role="region">
          <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
            Profile
          </h2>
          <dl className="mt-4 grid grid-cols-2 gap-3">
            <StatTile
              icon={<Wallet aria-hidden="true" className="h-3.5 w-3.5" />}
              label="Owed to you"
              value={xrpText(user.totalClaimed)}
              testId="owed"
            />
            <StatTile
              icon={<ArrowDownToLine aria-hidden="true" className="h-3.5 w-3.5" />}
              label="Paid to you"
              value={xrpText(user.paid)}
              testId="paid"
            />
            <StatTile
              icon={<Coins aria-hidden="true" className="h-3.5 w-3.5" />}
              label="Points"
              value={String(user.drops)}
              testId="points"
            />
            <StatTile icon={<Flame aria-hidden="true" className="h-3.5 w-3.5" />} label="Daily streak" value={streak} />
          </dl>
          <p className="mt-2 text-xs text-slate-500">
            Owed: rewards approved and not paid yet. Paid: XRP the ledger has confirmed to your address.
          </p>
          {/* what the points and the streak are, in the faucet's own figures (src/shared/points.ts) */}
          <div className="mt-2 space-y-1 text-xs text-slate-600" data-testid="points-explained">
            <p>
              <strong className="font-semibold">Points</strong> count your activity: each faucet request you make while
              signed in earns {POINTS_PER_CLAIM} points, plus {POINTS_PER_STREAK_DAY} for each day of your streak (at
              most {MAX_STREAK_POINTS} more). They are not XRP and are not paid out.
            </p>
            <p>
              <strong className="font-semibold">Daily streak</strong>: the days in a row you claimed. A claim the day
              after your last one (within {STREAK_KEPT_WITHIN_HOURS} hours of it) adds a day and more points; after
              longer the streak starts again at 1.{" "}
              {user.dailyStreak === 0 && "Yours starts with your first request while signed in."}
            </p>
          </div>
          <dl className="mt-3">
            <ProfileRow label="Username">{user.username}</ProfileRow>
            <ProfileRow label="Email">{user.email}</ProfileRow>
            <ProfileRow label="XRP address">
              {user.xrpAddress ? (
                <span className="font-mono text-sm">
                  {user.xrpAddress}
                  {user.destinationTag !== null && (
                    <span className="block text-xs text-slate-500">Tag {user.destinationTag}</span>
                  )}
                </span>
              ) : (
                <Link to="/dashboard/settings" className="text-brand-700 underline">
                  Not set: add one
                </Link>
              )}
            </ProfileRow>
            <ProfileRow label="Last claim">
              {user.lastClaim ? <time dateTime={user.lastClaim}>{lastClaim}</time> : lastClaim}
            </ProfileRow>
          </dl>
          <Link to="/faucet" className={buttonClass({ className: "mt-5 w-full" })}>
            <Droplet aria-hidden="true" className="h-4 w-4" />
            Request XRP Drop
          </Link>
        </Card>

        <section aria-label="Your activity" className="min-w-0">
          <Tabs<TabId>
            label="Your activity"
            selected={tab}
            onSelect={setTab}
            items={[
              {
                id: "requests",
                label: (
                  <TabLabel
                    icon={<History aria-hidden="true" className="h-4 w-4" />}
                    text="Faucet Requests"
                    count={requests.data?.length}
                  />
                ),
                content: <FaucetRequestsPanel />,
              },
              {
                id: "rewards",
                label: (
                  <TabLabel
                    icon={<Gift aria-hidden="true" className="h-4 w-4" />}
                    text="Rewards"
                    count={rewards.data?.length}
                  />
                ),
                content: <RewardsPanel />,
              },
              {
                id: "earn",
                label: <TabLabel icon={<Sparkles aria-hidden="true" className="h-4 w-4" />} text="Earn More" />,
                content: <EarnMoreTab />,
              },
            ]}
          />
        </section>
      </div>
    </div>
  );
}
