// The server's own words in every language (src/shared/locales/<language>/server.json): its refusals
// and the page's <title> and description, in the language of the request (http/language.ts), and
// the e-mails, in the user's. English is also what a script that asks for no language reads.
import { type I18n, setupI18n } from "@lingui/core";
import type { HttpError, Said } from "../../lib/errors.ts";
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

// A refusal's message of the catalog: its id and values, with its English text (the error's own
// message, the log's and a script's). A value may be a function of the language (a wait in words).
export const said = (id: ServerMessageId, values?: Values): Said => ({
  id,
  values,
  text: translate(DEFAULT_LANGUAGE, id, valuesIn(DEFAULT_LANGUAGE, values)),
});
const valuesIn = (language: Language, values?: Values) => {
  if (!values) return values;
  const out: Values = {};
  for (const name in values) {
    const value = values[name];
    out[name] = typeof value === "function" ? (value as (language: Language) => unknown)(language) : value;
  }
  return out;
};

// The refusals said in English where the catalog cannot be reached (src/lib, src/http, the
// schemas' `error:` texts and the features' message constants), found by their English text.
const SAID_BY_TEXT: ServerMessageId[] = [
  "server.error.logIn",
  "server.error.notFound",
  "server.error.notJson",
  "server.error.notObject",
  "server.error.busyNetwork",
  "server.faucet.invalidAddress",
  "server.faucet.offline",
  "server.faucet.budgetReached",
  "server.faucet.notYours",
  "server.account.invalidUsername",
  "server.account.invalidEmail",
  "server.account.credentialsRequired",
  "server.account.usernameTaken",
  "server.account.loginFailed",
  "server.account.codeNeeded",
  "server.account.loginWithCodeFailed",
  "server.account.disabled",
  "server.account.loginsAtOnce",
  "server.account.invalidTag",
  "server.twoFactor.wrongCode",
  "server.reviews.required",
  "server.reviews.ratingInvalid",
  "server.contact.nameRequired",
  "server.contact.emailRequired",
  "server.contact.messageRequired",
  "server.signups.newsletterTaken",
  "server.advertise.companyRequired",
  "server.advertise.budgetRequired",
];
// (keyed by the English as said: in the build a catalog holds its messages compiled, not as text)
const byText = new Map<string, ServerMessageId>(SAID_BY_TEXT.map((id) => [translate(DEFAULT_LANGUAGE, id), id]));

// An English refusal in `language` when the catalog has it, else as it is.
export function sayText(language: Language, text: string): string {
  if (language === DEFAULT_LANGUAGE) return text;
  const id = byText.get(text);
  return id ? translate(language, id) : text;
}

// An error's message in `language`: its catalog message's, else its English text's (sayText).
export const errorMessage = (error: HttpError, language: Language): string =>
  language === DEFAULT_LANGUAGE
    ? error.message
    : error.said
      ? translate(language, error.said.id as ServerMessageId, valuesIn(language, error.said.values))
      : sayText(language, error.message);
