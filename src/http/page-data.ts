// The web app's pages as the server sends them (http/web-assets.ts serves the files): the headers
// that allow the frames of the ad networks the admin placed, the device cookie a first visit
// brings, and what a page's first render shows, in its HTML (web/src/api/page-data.ts): its catalogs,
// and the public reads: the header's and the badge's on every page, and on the home page its figures,
// feed and reviews.
import { newDeviceCookie } from "./device.ts";
import { hasSessionCookie, type PublicReads } from "./public-reads.ts";
import { translate } from "../modules/i18n/messages.ts";
import { languageAlternates, pageLanguageOf, splitLanguagePath } from "./language.ts";
import { DEFAULT_LANGUAGE, type PageLanguage, PSEUDO_LANGUAGE } from "../shared/languages.ts";
import { SCREENS, type Screen, screenOf } from "../shared/routes.ts";
import { catalogAssets } from "../generated/catalog-assets.ts";
import { webAssets } from "../generated/web-assets.ts";
import { securityHeaders } from "./security-headers.ts";
import { type PageMeta, serveWebAsset, serveWebPage, webAssetText } from "./web-assets.ts";

const EVERY_PAGE = ["/api/site", "/api/faucet/status"];
const FIRST_READS: Record<string, string[]> = {
  "/": [...EVERY_PAGE, "/api/stats/payouts", "/api/stats/recent-payouts", "/api/reviews"],
  "/reviews": [...EVERY_PAGE, "/api/reviews"],
};

// The page language's catalogs (web/src/i18n/i18n.ts): the messages of the frame and of the first
// screen, so the app renders with no fetch, and the file of each catalog, for the screens after it.
// The pseudo-language's are the English ones (the app wraps them).
async function pageCatalogs(language: PageLanguage, screen: Screen): Promise<string> {
  const files = catalogAssets[language === PSEUDO_LANGUAGE ? DEFAULT_LANGUAGE : language] ?? {};
  const first = ["common", ...SCREENS[screen]].filter((name) => files[name] && webAssets[files[name]]);
  const messages = await Promise.all(
    first.map(async (name) => `${JSON.stringify(name)}:${await webAssetText(files[name]!)}`),
  );
  return `{"files":${JSON.stringify(files)},"messages":{${messages.join(",")}}}`;
}

export interface WebPageDeps {
  reads: PublicReads;
  publicUrl: string | null;
  clock: () => number;
  secureCookies: boolean;
  // the https origins of the ad networks placed in the ad slots (modules/ads)
  frameOrigins: () => string[];
  // the site's name (modules/site): the page's <title> says it before the app runs
  siteName: () => string;
}

export function createWebPages({ reads, publicUrl, clock, secureCookies, frameOrigins, siteName }: WebPageDeps) {
  let framed = { origins: "", headers: securityHeaders(publicUrl) };
  const pageHeaders = () => {
    const origins = frameOrigins();
    if (origins.join(" ") !== framed.origins)
      framed = { origins: origins.join(" "), headers: securityHeaders(publicUrl, origins) };
    return framed.headers;
  };
  const pageData = async (request: Request, language: PageLanguage, screen: Screen) => {
    const paths = FIRST_READS[splitLanguagePath(new URL(request.url).pathname).rest] ?? EVERY_PAGE;
    const answers = await Promise.all(
      paths.map(async (path) => `${JSON.stringify(path)}:${(await reads.json(path, language)) ?? "null"}`),
    );
    return `{"session":${hasSessionCookie(request)},"reads":{${answers.join(",")}},"catalogs":${await pageCatalogs(language, screen)}}`;
  };
  const webPage = async (request: Request, meta?: PageMeta, status = 200) => {
    const url = new URL(request.url);
    const rest = splitLanguagePath(url.pathname).rest;
    const screen = screenOf(rest);
    // (the back office speaks English whatever the visitor's language)
    const language = screen === "admin" ? DEFAULT_LANGUAGE : pageLanguageOf(request);
    const words = language === PSEUDO_LANGUAGE ? DEFAULT_LANGUAGE : language;
    const origin = publicUrl ? publicUrl.replace(/\/$/, "") : url.origin;
    return serveWebPage(request, pageHeaders(), status, {
      cookie: newDeviceCookie(request, clock(), secureCookies),
      language,
      title: translate(words, "server.page.title", { name: siteName() }),
      description: translate(words, "server.page.description"),
      alternates: status === 200 ? languageAlternates(rest, origin) : [],
      meta,
      data: await pageData(request, language, screen),
    });
  };
  // a file of the web app, or its page for any other path
  const webAsset = (request: Request) =>
    serveWebAsset(request, pageHeaders(), (page, status) => webPage(page, undefined, status));
  return { webPage, webAsset };
}
