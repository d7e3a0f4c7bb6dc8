// The page's language and its messages (Lingui): the server has already chosen the language and
// written it in <html lang> (src/http/web-assets.ts, from the path's prefix, the visitor's choice or
// their browser's). The page carries the catalogs of its first screen; a later screen's are fetched
// with the screen's chunk (lazyPage).
import { type Messages, setupI18n } from "@lingui/core";
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  type Language,
  languageOf,
  type PageLanguage,
  PSEUDO_LANGUAGE,
  splitLanguagePath,
} from "../../../src/shared/languages";
import type { Namespace } from "./catalogs";

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

// The catalogs the server put into the page (src/http/page-data.ts): the frame's and the first
// screen's messages, and the file of each catalog of the page's language.
export interface PageCatalogs {
  files: Partial<Record<Namespace, string>>;
  messages: Partial<Record<Namespace, Messages>>;
}

let files: PageCatalogs["files"] = {};
const loaded = new Map<Namespace, Promise<void>>();

async function fetchCatalog(namespace: Namespace): Promise<Messages> {
  const file = files[namespace];
  if (!file) throw new Error(`no catalog named ${namespace}`);
  const response = await fetch(file);
  if (!response.ok) throw new Error(`${file} answered ${response.status}`);
  return response.json();
}

// (the pseudo-language's messages are the English ones, wrapped by ./pseudo, fetched only for it)
function load(namespace: Namespace, messages: Messages | Promise<Messages>): Promise<void> {
  const language = i18n.locale as PageLanguage;
  const loading = Promise.resolve(messages)
    .then((m) =>
      language === PSEUDO_LANGUAGE ? import("./pseudo").then(({ pseudoMessages }) => pseudoMessages(m)) : m,
    )
    .then((m) => i18n.load(language, m));
  loaded.set(namespace, loading);
  return loading;
}

// The page language's catalogs of `namespaces` (each fetched once).
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return Promise.all(
    namespaces.map((namespace) => loaded.get(namespace) ?? load(namespace, fetchCatalog(namespace))),
  ).then(() => undefined);
}

// Starts the page in its language with the catalogs it carries (and the frame's, fetched if not).
export async function startLanguage(catalogs: PageCatalogs | undefined): Promise<void> {
  const language = documentLanguage();
  i18n.load(language, {});
  i18n.activate(language, [formatLanguageOf(language)]);
  files = catalogs?.files ?? {};
  const carried = Object.entries(catalogs?.messages ?? {}) as [Namespace, Messages][];
  await Promise.all(carried.map(([namespace, messages]) => load(namespace, messages)));
  await loadNamespaces(["common"]);
}

// The visitor's choice, kept a year (the server reads it for pages without a prefix and for its
// messages; a logged-in user's is also saved with their account).
export function rememberLanguage(language: Language): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers the site serves
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
