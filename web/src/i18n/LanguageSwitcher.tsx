import { Globe } from "lucide-react";
import type { MouseEvent } from "react";
import { LANGUAGES, type Language, languagePath, splitLanguagePath } from "../../../src/shared/languages";
import { cn } from "../lib/cn";
import { i18n, rememberLanguage } from "./i18n";
import { t } from "./index";

// The header's (and the phone menu's) language choice: a small button with the page's language that
// opens the list of the site's languages, each named in itself and a link to this page in it.
// Choosing one remembers it (with a signed-in user's account too: their e-mails follow it).
export function LanguageSwitcher({
  className,
  signedIn = false,
  inline = false,
}: {
  className?: string;
  signedIn?: boolean;
  // the list opens under the button in the page's flow (the phone menu), not over the page
  inline?: boolean;
}) {
  const current = i18n.locale;
  const { rest } = splitLanguagePath(window.location.pathname);
  const choose = async (event: MouseEvent<HTMLAnchorElement>, language: Language) => {
    event.preventDefault();
    const href = event.currentTarget.href;
    rememberLanguage(language);
    if (signedIn)
      await fetch("/api/account/language", {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ language }),
      }).catch(() => {});
    window.location.assign(href);
  };
  return (
    <details className={cn("relative", className)}>
      <summary className="inline-flex h-9 cursor-pointer list-none items-center gap-1.5 rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <Globe aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only">{t("common.language.label")}: </span>
        <span translate="no" className="uppercase">
          {current}
        </span>
      </summary>
      <ul
        className={cn(
          "z-50 mt-1 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg",
          inline ? "relative" : "absolute right-0",
        )}
      >
        {LANGUAGES.map((language) => (
          <li key={language.code}>
            <a
              href={`${languagePath(language.code, rest)}${window.location.search}`}
              lang={language.code}
              hrefLang={language.code}
              aria-current={language.code === current ? "true" : undefined}
              onClick={(event) => void choose(event, language.code)}
              className={cn(
                "block px-3 py-2 text-sm hover:bg-slate-100",
                language.code === current ? "font-semibold text-brand-700" : "text-slate-700",
              )}
            >
              {language.name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
