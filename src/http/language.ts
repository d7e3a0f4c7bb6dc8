// The language of a request: a page's, from its path's prefix, the visitor's choice (the `lang`
// cookie) or their browser's (Accept-Language); the server's messages', from the same but the path.
import {
  languageAlternates,
  type Language,
  LANGUAGE_COOKIE,
  languageOf,
  negotiateLanguage,
  type PageLanguage,
  pageLanguage,
  DEFAULT_LANGUAGE,
  PSEUDO_LANGUAGE,
  splitLanguagePath,
} from "../shared/languages.ts";
import { sayText } from "../modules/i18n/messages.ts";
import { cookieValue } from "./cookies.ts";

const choiceOf = (request: Request) => {
  const header = request.headers.get("cookie");
  return header ? cookieValue(header, LANGUAGE_COOKIE) : undefined;
};

// The language a page at this request's path is shown in.
export function pageLanguageOf(request: Request): PageLanguage {
  return pageLanguage(new URL(request.url).pathname, choiceOf(request), request.headers.get("accept-language"));
}

// The language the server answers this request's messages in: the one the call asks for (the web
// app's calls say their page's), else the visitor's choice, else English.
export function requestLanguage(request: Request): Language {
  return negotiateLanguage(request.headers.get("accept-language")) ?? languageOf(choiceOf(request)) ?? DEFAULT_LANGUAGE;
}

// ... or the tests' pseudo-language, when the call asks for it first (a page in it says `en-XA`).
export function messageLanguage(request: Request): PageLanguage {
  const first = (request.headers.get("accept-language") ?? "").split(",", 1)[0]?.split(";", 1)[0]?.trim();
  return first?.toLowerCase() === PSEUDO_LANGUAGE.toLowerCase() ? PSEUDO_LANGUAGE : requestLanguage(request);
}

// An answer's message (an English text of the server's catalog) in the request's language.
export const sayTo = (request: Request, text: string) => sayText(messageLanguage(request), text);
// An answer with its `message` said so.
export const spoken = <T extends { message: string }>(request: Request, answer: T): T => ({
  ...answer,
  message: sayTo(request, answer.message),
});

export { languageAlternates, splitLanguagePath };
