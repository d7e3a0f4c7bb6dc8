// The server's own words in every language (src/shared/locales/<language>/server.json): its refusals
// and the page's <title> and description, in the language of the request (http/language.ts), and
// the e-mails, in the user's. English is also what a script that asks for no language reads.
import { type I18n, setupI18n } from "@lingui/core";
import { DEFAULT_LANGUAGE, type Language } from "../../shared/languages.ts";
import en from "../../shared/locales/en/server.json";
import es from "../../shared/locales/es/server.json";
import ptBR from "../../shared/locales/pt-BR/server.json";
import fr from "../../shared/locales/fr/server.json";
import tr from "../../shared/locales/tr/server.json";
import id from "../../shared/locales/id/server.json";
import ja from "../../shared/locales/ja/server.json";
import ko from "../../shared/locales/ko/server.json";

export type ServerMessageId = keyof typeof en;
type Values = Record<string, unknown>;

const CATALOGS: Record<Language, Record<string, unknown>> = { en, es, "pt-BR": ptBR, fr, tr, id, ja, ko };
const speakers = new Map<Language, I18n>();

function speaker(language: Language): I18n {
  let i18n = speakers.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: CATALOGS[language] as never } });
    speakers.set(language, i18n);
  }
  return i18n;
}

// A message in `language` (English when that language's catalog lacks it).
export function translate(language: Language, id: ServerMessageId, values?: Values): string {
  const i18n = speaker(language);
  if (language !== DEFAULT_LANGUAGE && !(id in i18n.messages)) return translate(DEFAULT_LANGUAGE, id, values);
  return i18n._(id, values);
}
