import { Link } from "react-router";
import { DEFAULT_SITE_NAME, useSite } from "../features/site";
import { SiteLogo } from "./Logo";
import { type MessageId, t } from "../i18n";

const footerLinks: { to: string; label: MessageId }[] = [
  { to: "/faucet", label: "common.nav.faucet" },
  { to: "/earn-more", label: "common.nav.earn" },
  { to: "/reviews", label: "common.nav.reviews" },
  { to: "/faq", label: "common.nav.faq" },
  { to: "/blog", label: "common.nav.blog" },
  { to: "/whitepaper", label: "common.nav.whitepaper" },
  { to: "/advertise", label: "common.nav.advertise" },
  { to: "/contact", label: "common.nav.contact" },
];

export function Footer() {
  const site = useSite().data;
  const name = site?.name ?? DEFAULT_SITE_NAME;
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[2fr_3fr]">
        <div className="space-y-3">
          <Link to="/" className="flex w-fit items-center gap-2 rounded-md font-bold text-slate-900">
            <SiteLogo src={site?.logoUrl} className="h-8 w-8" />
            {name}
          </Link>
          <p className="max-w-sm text-sm text-slate-600">{t("common.footer.about")}</p>
        </div>
        <nav aria-label={t("common.nav.footer")}>
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="rounded text-slate-600 hover:text-brand-700 hover:underline">
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-100">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-slate-500 sm:px-6">
          {t("common.footer.legal", { year: new Date().getFullYear(), name })}
        </p>
      </div>
    </footer>
  );
}
