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
import { T, t } from "../../../i18n";

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
  usePageTitle(t("dashboard.title"));
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  useRefreshUserOnMount();
  const requests = useFaucetRequests();
  const rewards = useRewardsHistory();
  const [tab, setTab] = useState<TabId>("requests");
  if (!user) return null;

  const streak = t("dashboard.profile.streakDays", { count: user.dailyStreak });
  const lastClaim = user.lastClaim ? formatRelativeTime(user.lastClaim) : t("dashboard.profile.never");

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("dashboard.title")}</h1>
          <p className="mt-1 break-words text-slate-600">{t("dashboard.welcome", { username: user.username })}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <span
            data-testid="points-balance"
            className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-100 ring-inset"
          >
            <Coins aria-hidden="true" className="h-4 w-4" />
            <span>
              <span className="sr-only">{t("dashboard.points.balanceLabel")} </span>
              {t("dashboard.points.balance", { count: user.drops })}
            </span>
          </span>
          <Link
            to="/dashboard/settings"
            data-testid="dashboard-settings"
            className={buttonClass({ variant: "outline" })}
          >
            <Settings aria-hidden="true" className="h-4 w-4" />
            {t("dashboard.settings")}
          </Link>
          <button
            type="button"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
            data-testid="dashboard-logout"
            className={buttonClass({ variant: "outline" })}
          >
            <LogOut aria-hidden="true" className="h-4 w-4" />
            {t("dashboard.logout")}
          </button>
        </div>
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <Card className="self-start p-5 sm:p-6" aria-labelledby="profile-heading" role="region">
          <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
            {t("dashboard.profile.heading")}
          </h2>
          <dl className="mt-4 grid grid-cols-2 gap-3">
            <StatTile
              icon={<Wallet aria-hidden="true" className="h-3.5 w-3.5" />}
              label={t("dashboard.profile.owed")}
              value={xrpText(user.totalClaimed)}
              testId="owed"
            />
            <StatTile
              icon={<ArrowDownToLine aria-hidden="true" className="h-3.5 w-3.5" />}
              label={t("dashboard.profile.paid")}
              value={xrpText(user.paid)}
              testId="paid"
            />
            <StatTile
              icon={<Coins aria-hidden="true" className="h-3.5 w-3.5" />}
              label={t("dashboard.profile.points")}
              value={String(user.drops)}
              testId="points"
            />
            <StatTile
              icon={<Flame aria-hidden="true" className="h-3.5 w-3.5" />}
              label={t("dashboard.profile.streak")}
              value={streak}
            />
          </dl>
          <p className="mt-2 text-xs text-slate-500">{t("dashboard.profile.owedPaid")}</p>
          {/* what the points and the streak are, in the faucet's own figures (src/shared/points.ts) */}
          <div className="mt-2 space-y-1 text-xs text-slate-600" data-testid="points-explained">
            <p>
              <T
                id="dashboard.points.explained"
                values={{ perClaim: POINTS_PER_CLAIM, perDay: POINTS_PER_STREAK_DAY, most: MAX_STREAK_POINTS }}
                components={{ 0: <strong className="font-semibold" /> }}
              />
            </p>
            <p>
              <T
                id="dashboard.streak.explained"
                values={{ hours: STREAK_KEPT_WITHIN_HOURS }}
                components={{ 0: <strong className="font-semibold" /> }}
              />{" "}
              {user.dailyStreak === 0 && t("dashboard.streak.startsWithFirst")}
            </p>
          </div>
          <dl className="mt-3">
            <ProfileRow label={t("dashboard.profile.username")}>
              <span translate="no">{user.username}</span>
            </ProfileRow>
            <ProfileRow label={t("dashboard.profile.email")}>
              <span translate="no">{user.email}</span>
            </ProfileRow>
            <ProfileRow label={t("dashboard.profile.address")}>
              {user.xrpAddress ? (
                <span className="font-mono text-sm">
                  {user.xrpAddress}
                  {user.destinationTag !== null && (
                    <span className="block text-xs text-slate-500">
                      {t("dashboard.profile.tag", { tag: user.destinationTag })}
                    </span>
                  )}
                </span>
              ) : (
                <Link to="/dashboard/settings" className="text-brand-700 underline">
                  {t("dashboard.profile.addAddress")}
                </Link>
              )}
            </ProfileRow>
            <ProfileRow label={t("dashboard.profile.lastClaim")}>
              {user.lastClaim ? <time dateTime={user.lastClaim}>{lastClaim}</time> : lastClaim}
            </ProfileRow>
          </dl>
          <Link to="/faucet" className={buttonClass({ className: "mt-5 w-full" })}>
            <Droplet aria-hidden="true" className="h-4 w-4" />
            {t("dashboard.requestDrop")}
          </Link>
        </Card>

        <section aria-label={t("dashboard.activity")} className="min-w-0">
          <Tabs<TabId>
            label={t("dashboard.activity")}
            selected={tab}
            onSelect={setTab}
            items={[
              {
                id: "requests",
                label: (
                  <TabLabel
                    icon={<History aria-hidden="true" className="h-4 w-4" />}
                    text={t("dashboard.tabs.requests")}
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
                    text={t("dashboard.tabs.rewards")}
                    count={rewards.data?.length}
                  />
                ),
                content: <RewardsPanel />,
              },
              {
                id: "earn",
                label: (
                  <TabLabel
                    icon={<Sparkles aria-hidden="true" className="h-4 w-4" />}
                    text={t("dashboard.tabs.earn")}
                  />
                ),
                content: <EarnMoreTab />,
              },
            ]}
          />
        </section>
      </div>
    </div>
  );
}
