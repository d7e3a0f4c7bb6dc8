import "../screens-shared";
import { ChevronDown, ShieldAlert } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Page } from "../components/Page";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { FAQ } from "../content/faq";
import { type MessageId, T, t } from "../i18n";

function Question({ id, q, a }: { id: string; q: MessageId; a: MessageId }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="border-b border-slate-200 last:border-0">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-answer`}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center justify-between gap-4 py-4 text-left font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t(q)}
          <ChevronDown
            aria-hidden="true"
            className={`h-5 w-5 shrink-0 text-slate-500 transition-transform ${open ? "rotate-180" : ""}`}
          />
        </button>
      </h3>
      <div id={`${id}-answer`} hidden={!open} className="pb-4 text-slate-600">
        {t(a)}
      </div>
    </div>
  );
}

export default function Faq() {
  return (
    <Page title={t("faq.page.title")} intro={t("faq.page.intro")}>
      <div role="note" className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
        <ShieldAlert aria-hidden="true" className="h-6 w-6 shrink-0" />
        <p>
          <T id="faq.notice" components={{ 0: <strong /> }} />
        </p>
      </div>
      <div className="mt-8 grid gap-6">
        {FAQ.map((section, s) => (
          <Card key={section.category} className="px-6 py-2">
            <h2 className="pt-4 text-xl font-bold text-slate-900">{t(section.category)}</h2>
            {section.questions.map((item, i) => (
              <Question key={item.q} id={`faq-${s}-${i}`} {...item} />
            ))}
          </Card>
        ))}
      </div>
      <div className="mt-10 text-center">
        <Link to="/faucet" className={buttonClass({ size: "lg" })}>
          {t("faq.toFaucet")}
        </Link>
      </div>
    </Page>
  );
}
