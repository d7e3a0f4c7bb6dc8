import "../screens-shared";
import { Download } from "lucide-react";
import { Page } from "../components/Page";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { WHITEPAPER_PDF, WHITEPAPER_SECTION_IDS } from "../content/whitepaper";
import { useSiteName } from "../features/site";
import { t } from "../i18n";

export default function Whitepaper() {
  const name = useSiteName();
  return (
    <Page title={t("whitepaper.page.title", { name })} intro={t("whitepaper.page.intro")}>
      <Card className="divide-y divide-slate-200">
        {WHITEPAPER_SECTION_IDS.map((s) => (
          <section key={s.title} className="p-6">
            <h2 className="text-xl font-bold text-slate-900">{t(s.title)}</h2>
            <p className="mt-2 text-slate-700">{t(s.text)}</p>
          </section>
        ))}
      </Card>
      <div className="mt-8">
        <a href={WHITEPAPER_PDF} download className={buttonClass({ variant: "outline" })}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {t("whitepaper.download")}
        </a>
      </div>
    </Page>
  );
}
