import "../screens-shared";
import { PackagePlus, Settings2, ShoppingBag, Warehouse } from "lucide-react";
import { Page } from "../components/Page";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { type MessageId, t } from "../i18n";

const ACTIONS: { icon: typeof PackagePlus; label: MessageId }[] = [
  { icon: PackagePlus, label: "shopping.actions.addItems" },
  { icon: Warehouse, label: "shopping.actions.inventory" },
  { icon: Settings2, label: "shopping.actions.configure" },
];

export default function ShoppingRewards() {
  return (
    <Page title={t("shopping.page.title")} intro={t("shopping.page.intro")}>
      <Card className="p-8 text-center">
        <ShoppingBag aria-hidden="true" className="mx-auto h-12 w-12 text-brand-600" />
        <p className="mt-4 text-lg font-semibold text-slate-900">{t("shopping.soon.title")}</p>
        <p className="mt-2 text-slate-600">{t("shopping.soon.text")}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {ACTIONS.map(({ icon: Icon, label }) => (
            <button key={label} type="button" disabled className={buttonClass({ variant: "outline" })}>
              <Icon aria-hidden="true" className="h-4 w-4" />
              {t(label)}
            </button>
          ))}
        </div>
      </Card>
    </Page>
  );
}
