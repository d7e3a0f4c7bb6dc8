import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { AdvertisingPanel, FaucetControl, ShoppingPlaceholder, SignupPanels } from "../admin/backoffice";
import { ClaimsPanel, FaucetRequestsPanel, PaymentHistory, PendingRewardsTable, ProcessedClaims, SummaryCards, UsersPanel, WalletCard } from "../admin/money";
import { AuditLog, DailyChart, Exports, ReviewModeration } from "../admin/extras";
import { useCurrentUser } from "../api/session";
import { buttonClass } from "../components/ui/button";
import { usePageTitle } from "../lib/usePageTitle";

// Loaded only when an admin opens it (React.lazy in App).
export default function Admin() {
  usePageTitle("Admin Dashboard");
  const user = useCurrentUser().data;
  if (!user?.isAdmin) return null;
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admin Dashboard</h1>
        <Link to="/" className={buttonClass({ variant: "outline" })}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back to Site
        </Link>
      </div>
      <WalletCard />
      <SummaryCards />
      <DailyChart />
      <FaucetControl />
      <FaucetRequestsPanel />
      <ClaimsPanel />
      <PendingRewardsTable />
      <ProcessedClaims />
      <UsersPanel />
      <PaymentHistory />
      <SignupPanels />
      <AdvertisingPanel />
      <ReviewModeration />
      <Exports />
      <AuditLog />
      <ShoppingPlaceholder />
    </div>
  );
}
