import type { ReactNode } from "react";
import { Link } from "react-router";
import { Droplet, Gift } from "lucide-react";
import { type RewardEntry, useFaucetRequests, useRewardsHistory } from "../api";
import { formatRelativeTime, xrpText } from "../../../lib/format";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { EmptyState, ListError, ListLoading } from "./ListStates";
import { StatusBadge } from "../../../components/ui/StatusBadge";
import { TxHash } from "../../../components/ui/TxHash";
import { productReason, useWithdrawal } from "../../faucet";
import { locale, type MessageId, t } from "../../../i18n";

function When({ iso }: { iso: string }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={Number.isNaN(date.getTime()) ? undefined : date.toLocaleString(locale())}>
      {formatRelativeTime(iso)}
    </time>
  );
}

function HistoryRow({
  amount,
  createdAt,
  detail,
  reason,
  status,
  txHash,
  action,
}: {
  amount: string;
  createdAt: string;
  detail?: ReactNode;
  reason?: string | null;
  status: string;
  txHash: string | null;
  // what the row offers (a waiting request: withdraw it)
  action?: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900 tabular-nums">{xrpText(amount)}</p>
        <p className="mt-0.5 text-sm text-slate-600">
          <When iso={createdAt} />
          {detail && <span> · {detail}</span>}
        </p>
        {reason && <p className="mt-0.5 text-sm text-red-700">{t("dashboard.history.reason", { reason })}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:justify-end">
        <StatusBadge status={status} />
        {txHash && <TxHash hash={txHash} className="text-slate-600" />}
        {action}
      </div>
    </li>
  );
}

function HistoryList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card>
      <ul aria-label={label} className="divide-y divide-slate-100">
        {children}
      </ul>
    </Card>
  );
}

// The Faucet Requests tab: the user's requests with status and transaction; one still waiting can be
// withdrawn.
export function FaucetRequestsPanel() {
  const requests = useFaucetRequests();
  const withdrawal = useWithdrawal();
  if (requests.isPending) return <ListLoading label={t("dashboard.requests.loading")} />;
  if (requests.isError) return <ListError error={requests.error} onRetry={() => void requests.refetch()} />;
  if (requests.data.length === 0) {
    return (
      <EmptyState icon={<Droplet aria-hidden="true" className="h-6 w-6" />} title={t("dashboard.requests.emptyTitle")}>
        <p>{t("dashboard.requests.emptyText")}</p>
        <Link to="/faucet" className={buttonClass({ className: "mt-4" })}>
          {t("dashboard.requests.goToFaucet")}
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      {withdrawal.said}
      <HistoryList label={t("dashboard.requests.list")}>
        {requests.data.map((request) => (
          <HistoryRow
            key={request.id}
            amount={request.amount}
            createdAt={request.createdAt}
            detail={request.reason ?? undefined}
            reason={productReason(request.rejectReason) ?? request.rejectReason}
            status={request.status}
            txHash={request.txHash}
            action={
              request.status === "PENDING" && (
                <button
                  type="button"
                  onClick={() => withdrawal.ask(request)}
                  className={buttonClass({ variant: "outline", size: "sm" })}
                >
                  {t("dashboard.requests.withdraw")}
                  <span className="sr-only"> {t("dashboard.requests.withdrawWhich", { id: request.id })}</span>
                </button>
              )
            }
          />
        ))}
      </HistoryList>
      {withdrawal.dialog}
    </>
  );
}

const REWARD_TYPES: Record<string, MessageId> = {
  SOCIAL_SHARE: "dashboard.rewards.type.social",
  REVIEW: "dashboard.rewards.type.review",
  STREAK: "dashboard.rewards.type.streak",
};

export function rewardLabel(reward: Pick<RewardEntry, "type" | "platform">): string {
  const known = REWARD_TYPES[reward.type];
  const name = known ? t(known) : reward.type.charAt(0) + reward.type.slice(1).toLowerCase().replaceAll("_", " ");
  return reward.platform ? t("dashboard.rewards.onPlatform", { name, platform: reward.platform }) : name;
}

// The Rewards tab: bonuses the user claimed, with their review status.
export function RewardsPanel() {
  const rewards = useRewardsHistory();
  if (rewards.isPending) return <ListLoading label={t("dashboard.rewards.loading")} />;
  if (rewards.isError) return <ListError error={rewards.error} onRetry={() => void rewards.refetch()} />;
  if (rewards.data.length === 0) {
    return (
      <EmptyState icon={<Gift aria-hidden="true" className="h-6 w-6" />} title={t("dashboard.rewards.emptyTitle")}>
        <p>{t("dashboard.rewards.emptyText")}</p>
      </EmptyState>
    );
  }
  return (
    <HistoryList label={t("dashboard.rewards.list")}>
      {rewards.data.map((reward) => (
        <HistoryRow
          key={reward.id}
          amount={reward.amount}
          createdAt={reward.createdAt}
          detail={rewardLabel(reward)}
          reason={reward.denyReason}
          status={reward.status}
          txHash={reward.txHash}
        />
      ))}
    </HistoryList>
  );
}
