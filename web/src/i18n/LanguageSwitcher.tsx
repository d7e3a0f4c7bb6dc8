import { LANGUAGES, type Language, languagePath, splitLanguagePath } from "../../../src/shared/languages";
import { cn } from "../lib/cn";
import { i18n, rememberLanguage } from "./i18n";
import { t } from "./index";

// The header's (and the phone menu's) language choice: each language named in itself. Choosing one
// remembers it (with a signed-in user's account too: their e-mails follow it) and opens the same page
// at its address in that language.
export function LanguageSwitcher({ className, signedIn = false }: { className?: string; signedIn?: boolean }) {
  const choose = async (language: Language) => {
    rememberLanguage(language);
    if (signedIn)
      await fetch("/api/account/language", {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ language }),
      }).catch(() => {});
    const { rest } = splitLanguagePath(window.location.pathname);
    window.location.assign(`${languagePath(language, rest)}${window.location.search}${window.location.hash}`);
  };
  return (
    <label className={cn("inline-flex items-center", className)}>
      <span className="sr-only">{t("common.language.label")}</span>
      <select
        value={i18n.locale}
        onChange={(event) => void choose(event.target.value as Language)}
        className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-700 hover:border-slate-400"
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </label>
  );
}
