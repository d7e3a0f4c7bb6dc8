// The page's language and its messages (Lingui): the server has already chosen the language and
// written it in <html lang> (src/http/web-assets.ts, from the path's prefix, the visitor's choice or
// their browser's); a screen's catalog is fetched with the screen's chunk (lazyPage).
import { setupI18n } from "@lingui/core";
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  type Language,
  languageOf,
  type PageLanguage,
  PSEUDO_LANGUAGE,
  splitLanguagePath,
} from "../../../src/shared/languages";
import { CATALOGS, type Namespace } from "./catalogs";

export const i18n = setupI18n();

// The language <html lang> names (the server's choice), English if it names none of ours.
export function documentLanguage(): PageLanguage {
  const lang = document.documentElement.lang;
  return lang === PSEUDO_LANGUAGE ? PSEUDO_LANGUAGE : (languageOf(lang) ?? DEFAULT_LANGUAGE);
}

// The router's base: "/ja" on /ja/faucet (every link of the app then keeps the prefix), "" without one.
export function languageBase(pathname = window.location.pathname): string {
  const { language } = splitLanguagePath(pathname);
  return language ? `/${language}` : "";
}

// The language of Intl's formats (numbers, dates, plurals): the pseudo-language formats as English.
const formatLanguageOf = (language: PageLanguage): Language =>
  language === PSEUDO_LANGUAGE ? DEFAULT_LANGUAGE : language;
export const formatLanguage = (): Language => formatLanguageOf((i18n.locale || DEFAULT_LANGUAGE) as PageLanguage);

const loaded = new Map<Namespace, Promise<void>>();
let languageCatalogs: ReturnType<(typeof CATALOGS)[string]> | undefined;

// Fetches the page language's catalogs of `namespaces` (each once).
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  const language = i18n.locale as PageLanguage;
  languageCatalogs ??= CATALOGS[language]!();
  return Promise.all(
    namespaces.map((namespace) => {
      let loading = loaded.get(namespace);
      if (!loading) {
        loading = languageCatalogs!
          .then((catalogs) => catalogs.default[namespace]())
          .then((catalog) => i18n.load(language, catalog.default));
        loaded.set(namespace, loading);
      }
      return loading;
    }),
  ).then(() => undefined);
}

// Starts the page in its language with the frame's catalog (and `namespaces`, the first screen's).
export async function startLanguage(namespaces: readonly Namespace[]): Promise<void> {
  const language = documentLanguage();
  i18n.load(language, {});
  i18n.activate(language, [formatLanguageOf(language)]);
  await loadNamespaces(["common", ...namespaces]);
}

// The visitor's choice, kept a year (the server reads it for pages without a prefix and for its
// messages; a logged-in user's is also saved with their account).
export function rememberLanguage(language: Language): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers the site serves
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
