import "../screens-shared";
import { PackagePlus, Settings2, ShoppingBag, Warehouse } from "lucide-react";
import { Page } from "../components/Page";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";

export default function ShoppingRewards() {
  return (
    <Page title="Shopping Rewards" intro="Coming soon: earn XRP while you shop.">
      <Card className="p-8 text-center">
        <ShoppingBag aria-hidden="true" className="mx-auto h-12 w-12 text-brand-600" />
        <p className="mt-4 text-lg font-semibold text-slate-900">Shopping Rewards are on their way</p>
        <p className="mt-2 text-slate-600">
          Partner stores, cashback in XRP and rewards for every purchase. No date yet.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {[
            { icon: PackagePlus, label: "Add Items" },
            { icon: Warehouse, label: "Manage Inventory" },
            { icon: Settings2, label: "Configure Rewards" },
          ].map(({ icon: Icon, label }) => (
            <button key={label} type="button" disabled className={buttonClass({ variant: "outline" })}>
              <Icon aria-hidden="true" className="h-4 w-4" />
              {label}
            </button>
          ))}
        </div>
      </Card>
    </Page>
  );
}
