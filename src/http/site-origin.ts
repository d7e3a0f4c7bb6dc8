// The site's public origin, for the links the feeds (/rss.xml, /sitemap.xml) and a post's share tags
// carry: --public-url when set, else the request's own origin, built from its Host header, which
// anyone sets. Such an answer must not be kept by a shared cache (a proxy or CDN would hand one
// visitor's Host to everyone): `fromHost` tells the routes to answer it `private`. The first time it
// happens the log says --public-url should be set (once per process).
export interface SiteOrigin {
  // the origin without a trailing slash, e.g. https://faucet.example.com
  base: string;
  // taken from the request's Host (no --public-url): not for shared caches
  fromHost: boolean;
}

export const NO_PUBLIC_URL =
  "warning: no --public-url: /rss.xml, /sitemap.xml and the blog's share tags take their links from each request's Host header, so they are not cached by shared caches. Set --public-url (PUBLIC_URL) to the site's address.";

export function createSiteOrigin(
  publicUrl: string | null,
  log: (line: string) => void,
): (request: Request) => SiteOrigin {
  if (publicUrl) {
    const known = { base: publicUrl.replace(/\/$/, ""), fromHost: false };
    return () => known;
  }
  let told = false;
  return (request) => {
    if (!told) {
      told = true;
      log(NO_PUBLIC_URL);
    }
    return { base: new URL(request.url).origin, fromHost: true };
  };
}

// A feed's Cache-Control: shared caches may keep it 5 minutes, unless its links came from the Host.
export const feedCacheControl = (origin: SiteOrigin) =>
  origin.fromHost ? "private, max-age=300" : "public, max-age=300";
