// The server's own words in every language (src/shared/locales/<language>/server.json): its refusals
// and messages, the page's <title> and description, in the language of the request
// (http/language.ts), and the e-mails and notifications, in the user's. English is also what a script
// that asks for no language reads; the tests' pseudo-language (PSEUDO_LANGUAGE) is the English wrapped
// as the web wraps its own (shared/pseudo.ts). The password rule's words are the web's (`auth`
// catalog), so a refusal says a password's fault as the form's hint does.
import { type I18n, setupI18n } from "@lingui/core";
import type { HttpError, Said } from "../../lib/errors.ts";
import { DEFAULT_LANGUAGE, type Language, type PageLanguage, PSEUDO_LANGUAGE } from "../../shared/languages.ts";
import { pseudoMessage } from "../../shared/pseudo.ts";
import en from "../../shared/locales/en/server.json";
import es from "../../shared/locales/es/server.json";
import ptBR from "../../shared/locales/pt-BR/server.json";
import fr from "../../shared/locales/fr/server.json";
import tr from "../../shared/locales/tr/server.json";
import id from "../../shared/locales/id/server.json";
import ja from "../../shared/locales/ja/server.json";
import ko from "../../shared/locales/ko/server.json";
import enAuth from "../../shared/locales/en/auth.json";
import esAuth from "../../shared/locales/es/auth.json";
import ptBRAuth from "../../shared/locales/pt-BR/auth.json";
import frAuth from "../../shared/locales/fr/auth.json";
import trAuth from "../../shared/locales/tr/auth.json";
import idAuth from "../../shared/locales/id/auth.json";
import jaAuth from "../../shared/locales/ja/auth.json";
import koAuth from "../../shared/locales/ko/auth.json";

export type ServerMessageId = keyof typeof en | Extract<keyof typeof enAuth, `auth.password.${string}`>;
// A message's values; a value may be a function of the language (a wait, an amount, a date in words).
type Values = Record<string, unknown>;

const CATALOGS: Record<Language, Record<string, unknown>[]> = {
  en: [en, enAuth],
  es: [es, esAuth],
  "pt-BR": [ptBR, ptBRAuth],
  fr: [fr, frAuth],
  tr: [tr, trAuth],
  id: [id, idAuth],
  ja: [ja, jaAuth],
  ko: [ko, koAuth],
};
const speakers = new Map<Language, I18n>();

function speaker(language: Language): I18n {
  let i18n = speakers.get(language);
  if (!i18n) {
    const messages = Object.assign({}, ...CATALOGS[language]);
    i18n = setupI18n({ locale: language, messages: { [language]: messages } });
    speakers.set(language, i18n);
  }
  return i18n;
}

const valuesIn = (language: Language, values?: Values) => {
  if (!values) return values;
  const out: Values = {};
  for (const name in values) {
    const value = values[name];
    out[name] = typeof value === "function" ? (value as (language: Language) => unknown)(language) : value;
  }
  return out;
};

// A message in `language` (English when that language's catalog lacks it).
export function translate(language: PageLanguage, id: ServerMessageId, values?: Values): string {
  if (language === PSEUDO_LANGUAGE) return pseudoMessage(translate(DEFAULT_LANGUAGE, id, values));
  const i18n = speaker(language);
  if (language !== DEFAULT_LANGUAGE && !(id in i18n.messages)) return translate(DEFAULT_LANGUAGE, id, values);
  return i18n._(id, valuesIn(language, values));
}

// A message of the catalog: its id and values, with its English text (the error's own message, the
// log's and a script's).
export const said = (id: ServerMessageId, values?: Values): Said => ({
  id,
  values,
  text: translate(DEFAULT_LANGUAGE, id, values),
});

// The English texts the catalog can say, each with its message: the refusals and answers said in
// English where the catalog cannot be reached (src/lib, src/http, the features' message constants,
// a route's answer), and the schemas' `error:` texts (`known`).
// (keyed by the English as said: in the build a catalog holds its messages compiled, not as text)
const byText = new Map<string, Said>();

// A message's English text, remembered so that the text is said in any language: for a text that
// must stay a string (a schema's `error:`). Only for messages made once, at a module's start.
export function known(message: Said): string {
  byText.set(message.text, message);
  return message.text;
}

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
  "server.error.bodyTooLarge",
  "server.error.bodyTooSlow",
  "server.error.notJsonType",
  "server.error.crossSite",
  "server.error.notProcessed",
  "server.error.internal",
  "server.error.idNotNumber",
  "server.faucet.bonusBudgetReached",
  "server.faucet.surge",
  "server.account.registrationsAtOnce",
  "server.account.wrongPassword",
  "server.account.currentRequired",
  "server.account.passwordChanged",
  "server.account.resetInvalid",
  "server.account.resetDone",
  "server.account.resetRequested",
  "server.account.mailOff",
  "server.account.resetFlood",
  "server.account.loggedOut",
  "server.twoFactor.notSetUp",
  "server.twoFactor.setupAgain",
  "server.twoFactor.alreadyOn",
  "server.twoFactor.notOn",
  "server.twoFactor.disabled",
  "server.social.logInToClaim",
  "server.social.addressRequired",
  "server.social.shareFirst",
  "server.social.platformInvalid",
  "server.social.invalidAddress",
  "server.social.shareRecorded",
  "server.social.claimSubmitted",
  "server.signups.emailRequired",
  "server.signups.invalidPhone",
  "server.signups.alertTypesRequired",
  "server.signups.alertsTaken",
  "server.signups.signedUp",
  "server.signups.flood",
  "server.contact.thanks",
  "server.advertise.invalidWebsite",
  "server.advertise.thanks",
  "server.reviews.flood",
  "server.reviews.bonusFlood",
  "server.reviews.thanks",
  "server.reviews.held",
  "server.reviews.bonusSubmitted",
  "server.reviews.notTheReviewer",
  "server.reviews.bonusTaken",
  "server.reviews.addressRewarded",
  "server.reviews.addressNotPaid",
  "server.pow.flood",
  "server.pow.missing",
  "server.pow.unreadable",
  "server.pow.failed",
  "server.pow.expired",
  "server.pow.used",
  "server.pow.elsewhere",
  "server.pow.otherForm",
  "server.pow.loginMissing",
  "server.pow.loginOther",
  "server.blocklist.refused",
  "server.sessions.notFound",
  "server.sessions.ended",
  "server.sessions.endedHere",
];
for (const id of SAID_BY_TEXT) known(said(id));

// An English text in `language` when the catalog has it, else as it is (a text of no catalog stays
// English in the pseudo-language too: its browser test finds it so).
export function sayText(language: PageLanguage, text: string): string {
  if (language === DEFAULT_LANGUAGE) return text;
  const message = byText.get(text);
  return message ? translate(language, message.id as ServerMessageId, message.values) : text;
}

// A message of the catalog (said()) or an English text (sayText) in `language`.
export const sayIn = (language: PageLanguage, message: Said | string): string =>
  typeof message === "string"
    ? sayText(language, message)
    : translate(language, message.id as ServerMessageId, message.values);

// An error's message in `language`: its catalog message's, else its English text's (sayText).
export const errorMessage = (error: HttpError, language: PageLanguage): string =>
  language === DEFAULT_LANGUAGE ? error.message : sayIn(language, error.said ?? error.message);
