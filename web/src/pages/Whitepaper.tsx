import "../screens-shared";
import { Download } from "lucide-react";
import { Page } from "../components/Page";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { WHITEPAPER_PDF, WHITEPAPER_SECTIONS } from "../content/whitepaper";
import { useSiteName } from "../features/site";

export default function Whitepaper() {
  const name = useSiteName();
  return (
    <Page title={`${name} Whitepaper`} intro="Our mission, technology, faucet mechanics and roadmap.">
      <Card className="divide-y divide-slate-200">
        {WHITEPAPER_SECTIONS.map((s) => (
          <section key={s.title} className="p-6">
            <h2 className="text-xl font-bold text-slate-900">{s.title}</h2>
            <p className="mt-2 text-slate-700">{s.text}</p>
          </section>
        ))}
      </Card>
      <div className="mt-8">
        <a href={WHITEPAPER_PDF} download className={buttonClass({ variant: "outline" })}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Download PDF
        </a>
      </div>
    </Page>
  );
}
