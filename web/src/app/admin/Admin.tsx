// The back office: loaded only when an admin opens it (React.lazy in App). One URL per section
// (/admin/requests, ...), each a screen of its feature; /admin, /dashboard and any unknown path show
// the overview. Like App.tsx, it imports a screen from its file, not the feature's index: an index
// holds what other features use, and a public page importing it must not bring the back office along.
import "../../screens-shared";
import { Route, Routes } from "react-router";
import { useCurrentUser } from "../../api/session";
import { AdvertisingPanel } from "../../features/advertising/pages/AdvertisingRequests";
import { AdsScreen } from "../../features/ads/pages/Ads";
import { PostEditorScreen } from "../../features/blog/pages/PostEditor";
import { PostsScreen } from "../../features/blog/pages/Posts";
import { InboxScreen } from "../../features/contact/pages/Inbox";
import { SiteSettings } from "../../features/site/pages/SiteSettings";
import { UploadsScreen } from "../../features/uploads/pages/Uploads";
import { AuditLog } from "../../features/audit/pages/AuditLog";
import { AutoApproveSettings } from "../../features/auto-approve/components/AutoApproveSettings";
import { UserFileScreen } from "../../features/back-office/pages/UserFile";
import { PaymentHistory, UsersPanel } from "../../features/back-office/pages/Users";
import { BackupsScreen } from "../../features/backups/pages/Backups";
import { BlocklistScreen } from "../../features/blocklist/pages/Blocklist";
import { BudgetPanel } from "../../features/faucet/components/BudgetPanel";
import { FaucetRequestsScreen } from "../../features/faucet/pages/FaucetRequests";
import { ReviewModeration } from "../../features/reviews/pages/ReviewModeration";
import { ClaimsScreen } from "../../features/rewards/pages/Claims";
import { FaucetControl } from "../../features/settings/pages/FaucetSettings";
import { SignupPanels } from "../../features/signups/pages/Signups";
import { TwoFactorSetupScreen } from "../../features/two-factor/components/TwoFactorSetupScreen";
import { WalletScreen } from "../../features/wallet/pages/Wallet";
import { usePageTitle } from "../../lib/usePageTitle";
import { AdminShell } from "./AdminShell";
import { Overview } from "./Overview";

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
        {/* the faucet's settings, today's budgets, and the auto-approve rule's settings */}
        <Route
          path="settings"
          element={
            <>
              <FaucetControl />
              <BudgetPanel />
              <AutoApproveSettings />
            </>
          }
        />
        <Route path="posts" element={<PostsScreen />} />
        <Route path="posts/:id" element={<PostEditorScreen />} />
        <Route path="ads" element={<AdsScreen />} />
        <Route path="inbox" element={<InboxScreen />} />
        <Route path="site" element={<SiteSettings />} />
        <Route path="uploads" element={<UploadsScreen />} />
        <Route path="blocklist" element={<BlocklistScreen />} />
        <Route path="audit" element={<AuditLog />} />
        <Route path="backups" element={<BackupsScreen />} />
        <Route path="wallet" element={<WalletScreen />} />
        <Route path="*" element={<Overview />} />
      </Routes>
    </AdminShell>
  );
}
