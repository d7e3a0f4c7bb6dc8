import { Route, Routes } from "react-router";
import { AdvertisingPanel, FaucetControl, ShoppingPlaceholder, SignupPanels } from "../../features/settings/pages/FaucetSettings";
import { BackupsScreen } from "../../features/backups/pages/Backups";
import { BlocklistScreen } from "../../features/blocklist/pages/Blocklist";
import { ClaimsScreen } from "../../features/rewards/pages/Claims";
import { AuditLog, DailyChart, Exports, ReviewModeration } from "../../features/audit/pages/AuditLog";
import { AdminSignIns, BudgetToday, NeedsAttention, OperatorAlerts, SummaryCards, WalletCard } from "../../features/back-office/components/Summary";
import { FaucetRequestsScreen } from "../../features/faucet/pages/FaucetRequests";
import { AdminShell, TwoFactorSetupScreen } from "./AdminShell";
import { UserFileScreen } from "../../features/back-office/pages/UserFile";
import { PaymentHistory, UsersPanel } from "../../features/back-office/pages/Users";
import { useCurrentUser } from "../../api/session";
import { usePageTitle } from "../../lib/usePageTitle";

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
