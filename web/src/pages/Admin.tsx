import { Route, Routes } from "react-router";
import { AdvertisingPanel, FaucetControl, ShoppingPlaceholder, SignupPanels } from "../admin/backoffice";
import { BackupsScreen } from "../admin/backups";
import { BlocklistScreen } from "../admin/blocklist";
import { ClaimsScreen } from "../admin/claims";
import { AuditLog, DailyChart, Exports, ReviewModeration } from "../admin/extras";
import { AdminSignIns, BudgetToday, NeedsAttention, OperatorAlerts, SummaryCards, WalletCard } from "../admin/overview";
import { FaucetRequestsScreen } from "../admin/requests";
import { AdminShell, TwoFactorSetupScreen } from "../admin/shell";
import { UserFileScreen } from "../admin/user-file";
import { PaymentHistory, UsersPanel } from "../admin/users";
import { useCurrentUser } from "../api/session";
import { usePageTitle } from "../lib/usePageTitle";

function Overview() {
  return (
    <>
      <OperatorAlerts />
      <WalletCard />
      <NeedsAttention />
      <SummaryCards />
      <BudgetToday />
      <AdminSignIns />
      <DailyChart />
      <Exports />
      <ShoppingPlaceholder />
    </>
  );
}

// Loaded only when an admin opens it (React.lazy in App). One URL per section (/admin/requests, ...);
// /admin, /dashboard and any unknown path show the overview.
export default function Admin() {
  usePageTitle("Admin Dashboard");
  const user = useCurrentUser().data;
  if (!user?.isAdmin) return null;
  if (user.twoFactor.setupRequired) return <TwoFactorSetupScreen />;
  return (
    <AdminShell>
      <Routes>
        <Route index element={<Overview />} />
        <Route path="requests" element={<FaucetRequestsScreen />} />
        <Route path="claims" element={<ClaimsScreen />} />
        <Route
          path="users"
          element={
            <>
              <UsersPanel />
              <PaymentHistory />
            </>
          }
        />
        <Route path="users/:id" element={<UserFileScreen />} />
        <Route path="signups" element={<SignupPanels />} />
        <Route path="advertising" element={<AdvertisingPanel />} />
        <Route path="reviews" element={<ReviewModeration />} />
        {/* the faucet's settings and, below them, the Auto-approve section (auto-approve.tsx) */}
        <Route path="settings" element={<FaucetControl />} />
        <Route path="blocklist" element={<BlocklistScreen />} />
        <Route path="audit" element={<AuditLog />} />
        <Route path="backups" element={<BackupsScreen />} />
        <Route path="*" element={<Overview />} />
      </Routes>
    </AdminShell>
  );
}
