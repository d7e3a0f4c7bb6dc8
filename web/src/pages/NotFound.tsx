import "../screens-shared";
import { Link } from "react-router";
import { buttonClass } from "../components/ui/button";
import { usePageTitle } from "../lib/usePageTitle";
import { t } from "../i18n";

export default function NotFound() {
  usePageTitle(t("common.notFound.title"));
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{t("common.notFound.heading")}</h1>
      <p className="mt-2 text-slate-600">{t("common.notFound.text")}</p>
      <Link to="/" className={buttonClass({ className: "mt-6" })}>
        {t("common.notFound.home")}
      </Link>
    </div>
  );
}
