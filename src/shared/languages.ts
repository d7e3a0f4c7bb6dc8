// The languages the site speaks, for the server and the browser alike: each one's code (as in its
// URLs, `/ja/faucet`, and in the `lang` cookie), its name in itself (the switcher lists it so), and
// how a language is chosen: a path's prefix, then the visitor's own choice (the cookie), then the
// browser's Accept-Language, then English. Constants and pure functions, importing nothing.

export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "es", name: "Español" },
  { code: "pt-BR", name: "Português (Brasil)" },
  { code: "fr", name: "Français" },
  { code: "tr", name: "Türkçe" },
  { code: "id", name: "Bahasa Indonesia" },
  { code: "ja", name: "日本語" },
  { code: "ko", name: "한국어" },
] as const;

export type Language = (typeof LANGUAGES)[number]["code"];
export const DEFAULT_LANGUAGE: Language = "en";

// A language for tests only: English with every string wrapped in ⟦ ⟧ and made a third longer, so a
// browser test sees any text that did not come through a catalog, and any that no longer fits. It is
// reached only by its URL prefix and listed nowhere.
export const PSEUDO_LANGUAGE = "en-XA";
export type PageLanguage = Language | typeof PSEUDO_LANGUAGE;

export const LANGUAGE_COOKIE = "lang";

const CODES = new Map<string, Language>(LANGUAGES.map((l) => [l.code.toLowerCase(), l.code]));

// The site's language for a tag such as "pt-br", "PT" or "ja-JP", or null: an exact match first, then
// the tag's first part ("pt-PT" reads Brazilian Portuguese, "es-MX" Spanish).
export function languageOf(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase();
  const exact = CODES.get(lower);
  if (exact) return exact;
  const base = lower.split("-")[0]!;
  if (base === "pt") return "pt-BR";
  return CODES.get(base) ?? null;
}

// The best of the site's languages for an Accept-Language header ("pt-BR,pt;q=0.9,en;q=0.8"), or
// null when it names none of them.
export function negotiateLanguage(acceptLanguage: string | null | undefined): Language | null {
  if (!acceptLanguage) return null;
  let best: { language: Language; q: number } | null = null;
  for (const part of acceptLanguage.slice(0, 500).split(",")) {
    const [tag, ...params] = part.split(";");
    const qParam = params.find((p) => p.trim().startsWith("q="));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    if (!(q > 0)) continue;
    const language = languageOf(tag);
    if (language && (!best || q > best.q)) best = { language, q };
  }
  return best?.language ?? null;
}

// A path's language prefix and the rest: "/ja/faucet" -> { language: "ja", rest: "/faucet" };
// "/faucet" -> { language: null, rest: "/faucet" }. The prefix is the code exactly as LANGUAGES
// spells it (or PSEUDO_LANGUAGE).
export function splitLanguagePath(pathname: string): { language: PageLanguage | null; rest: string } {
  const end = pathname.indexOf("/", 1);
  const first = end === -1 ? pathname.slice(1) : pathname.slice(1, end);
  const isLanguage = first === PSEUDO_LANGUAGE || LANGUAGES.some((l) => l.code === first);
  if (!isLanguage) return { language: null, rest: pathname };
  return { language: first as PageLanguage, rest: end === -1 ? "/" : pathname.slice(end) };
}

// A page's address in a language: languagePath("ja", "/faucet") -> "/ja/faucet".
export const languagePath = (language: PageLanguage, rest: string) => `/${language}${rest === "/" ? "/" : rest}`;

// The language a page is shown in: its path's prefix, else the visitor's choice, else their browser's.
export function pageLanguage(
  pathname: string,
  cookieChoice: string | null | undefined,
  acceptLanguage: string | null | undefined,
): PageLanguage {
  return (
    splitLanguagePath(pathname).language ??
    languageOf(cookieChoice) ??
    negotiateLanguage(acceptLanguage) ??
    DEFAULT_LANGUAGE
  );
}

// A page's addresses in every language, for <link rel="alternate" hreflang> and the sitemap: each
// language's prefixed address, and the unprefixed one as x-default (it follows the visitor).
export function languageAlternates(rest: string, origin = ""): { hreflang: string; href: string }[] {
  return [
    ...LANGUAGES.map((l) => ({ hreflang: l.code, href: `${origin}${languagePath(l.code, rest)}` })),
    { hreflang: "x-default", href: `${origin}${rest}` },
  ];
}
