// /admin: the overview: the start-here checklist (a new install), the open alerts, the hot wallet, what needs attention, the summary cards,
// today's budget, the admins' latest sign-ins, the last 30 days and the exports.
import { Badge, Panel } from "../../components/admin/ui";
import { OperatorAlerts } from "../../features/alerts/components/OperatorAlerts";
import { NeedsAttention, SummaryCards } from "../../features/back-office/components/Summary";
import { Exports } from "../../features/exports/components/Exports";
import { BudgetToday } from "../../features/faucet/components/BudgetToday";
import { AdminSignIns } from "../../features/sessions/components/AdminSignIns";
import { DailyChart } from "../../features/stats/components/DailyChart";
import { WalletCard } from "../../features/wallet/components/WalletCard";
import { StartHere } from "../../features/at-a-glance/components/StartHere";

export function Overview() {
  return (
    <>
      <StartHere />
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

// Shopping rewards have no server side yet: the back office says what will be here.
function ShoppingPlaceholder() {
  return (
    <Panel
      title={
        <>
          Shopping Rewards Management <Badge tone="yellow">Coming Soon</Badge>
        </>
      }
    >
      <p className="text-slate-600">Partner stores and purchase rewards will be managed here.</p>
    </Panel>
  );
}
