// Serves the React build embedded by build.ts: hashed assets cached for a year, precompressed
// variants when the browser accepts them, and index.html for every client route.
import { webAssets } from "../generated/web-assets.ts";
import { splitLanguagePath } from "../shared/languages.ts";
import { isAppPath } from "../shared/routes.ts";
import { jsonError } from "../lib/errors.ts";

const YEAR = "public, max-age=31536000, immutable";

function pickVariant(asset: (typeof webAssets)[string], acceptEncoding: string) {
  if (asset.br && /\bbr\b/.test(acceptEncoding)) return { path: asset.br, encoding: "br" };
  if (asset.gzip && /\bgzip\b/.test(acceptEncoding)) return { path: asset.gzip, encoding: "gzip" };
  return { path: asset.identity, encoding: null };
}

// What the app's page (index.html, the answer of every client route) carries besides the build:
// `cookie`, the device cookie of a first visit (so it is in the browser before the first faucet
// request); `title`, the page's <title> (the site's name in it); `meta`, a page's own sharing tags (a
// blog post's, its title included); `data`, the JSON of the public reads its
// first render shows and whether a session cookie came (web/src/api/page-data.ts seeds the query cache
// with it), so the page shows them without waiting for those calls.
export interface PageExtras {
  cookie?: string;
  // the page's language (<html lang>), and its addresses in every language (hreflang alternates)
  language?: string;
  alternates?: { hreflang: string; href: string }[];
  description?: string;
  title?: string;
  meta?: PageMeta;
  data?: string;
}

// The hashed assets and files of the build; any other path gets the app's page from `page`, with
// status 404 unless it is one of the app's pages (the app then shows its not-found page).
export function serveWebAsset(
  request: Request,
  headers: Record<string, string>,
  page: (request: Request, status: number) => Response | Promise<Response>,
): Response | Promise<Response> {
  const pathname = new URL(request.url).pathname;
  if (pathname === "/api" || pathname.startsWith("/api/")) return jsonError(404, `Not found: ${pathname}`, headers);
  const asset = webAssets[pathname];
  if (!asset || pathname === "/index.html") {
    // a missing hashed file is a real 404
    if (pathname.startsWith("/assets/")) return new Response("Not found", { status: 404, headers });
    return page(request, asset || isAppPath(splitLanguagePath(pathname).rest) ? 200 : 404);
  }
  const variant = pickVariant(asset, request.headers.get("accept-encoding") ?? "");
  const responseHeaders: Record<string, string> = {
    ...headers,
    "content-type": Bun.file(asset.identity).type,
    "cache-control": pathname.startsWith("/assets/") ? YEAR : "no-cache",
    vary: "Accept-Encoding",
  };
  if (variant.encoding) responseHeaders["content-encoding"] = variant.encoding;
  // a download (the whitepaper's PDF) keeps its own name, not the embedded file's
  if (!pathname.startsWith("/assets/"))
    responseHeaders["content-disposition"] = `inline; filename="${pathname.slice(pathname.lastIndexOf("/") + 1)}"`;
  return new Response(Bun.file(variant.path), { headers: responseHeaders });
}

// A page's own sharing tags (a blog post's): its title, description, address and image.
// `fromHost`: their links come from the request's Host (no --public-url): the page is then `private`.
export interface PageMeta {
  title: string;
  description: string;
  url: string;
  image: string | null;
  fromHost?: boolean;
}

const attr = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
// The text of a file of the build, read once (the build does not change while the binary runs).
const texts = new Map<string, Promise<string>>();
export function webAssetText(url: string): Promise<string> {
  let text = texts.get(url);
  if (!text) texts.set(url, (text = Bun.file(webAssets[url]!.identity).text()));
  return text;
}

// (`meta`: its <title>, description and Open Graph / Twitter tags, for the links people share: a
// crawler runs no JavaScript.) Built per request, a few KiB, gzipped when the browser takes it.
export async function serveWebPage(
  request: Request,
  headers: Record<string, string>,
  status: number,
  { cookie, title, meta, data, language, alternates, description }: PageExtras,
): Promise<Response> {
  let html = await webAssetText("/index.html");
  if (language) html = html.replace('<html lang="en">', () => `<html lang="${attr(language)}">`);
  if (title && !meta) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${attr(title)}</title>`);
  if (description && !meta)
    html = html.replace(
      /<meta name="description"[^>]*>/,
      () => `<meta name="description" content="${attr(description)}" />`,
    );
  if (alternates?.length)
    html = html.replace(
      "</head>",
      () =>
        `${alternates.map((a) => `<link rel="alternate" hreflang="${attr(a.hreflang)}" href="${attr(a.href)}" />`).join("")}</head>`,
    );
  if (meta) {
    const tags = [
      `<meta name="description" content="${attr(meta.description)}" />`,
      `<meta property="og:type" content="article" />`,
      `<meta property="og:title" content="${attr(meta.title)}" />`,
      `<meta property="og:description" content="${attr(meta.description)}" />`,
      `<meta property="og:url" content="${attr(meta.url)}" />`,
      ...(meta.image ? [`<meta property="og:image" content="${attr(meta.image)}" />`] : []),
      `<meta name="twitter:card" content="${meta.image ? "summary_large_image" : "summary"}" />`,
      `<link rel="canonical" href="${attr(meta.url)}" />`,
    ].join("\n    ");
    html = html
      .replace(/<title>[^<]*<\/title>/, () => `<title>${attr(meta.title)}</title>`)
      .replace(/<meta name="description"[^>]*>/, () => tags);
  }
  // A data block, not a script: the CSP's script-src does not apply to it. `<` is escaped (JSON
  // allows it only in strings), so no `</script>` in a review or a post ends it early.
  if (data)
    html = html.replace(
      '<div id="root">',
      () =>
        `<script type="application/json" id="page-data">${data.replaceAll("<", "\\u003c")}</script>\n    <div id="root">`,
    );
  const cacheControl = meta?.fromHost ? "private, no-cache" : "no-cache";
  const responseHeaders: Record<string, string> = {
    ...headers,
    "content-type": "text/html;charset=utf-8",
    "cache-control": cacheControl,
    // (a page without a language prefix follows the visitor's choice and browser)
    vary: "Accept-Encoding, Accept-Language, Cookie",
  };
  if (cookie) responseHeaders["set-cookie"] = cookie;
  if (!/\bgzip\b/.test(request.headers.get("accept-encoding") ?? ""))
    return new Response(html, { status, headers: responseHeaders });
  responseHeaders["content-encoding"] = "gzip";
  return new Response(Bun.gzipSync(html), { status, headers: responseHeaders });
}

// Crawlers may read the public pages; the admin screen and the API are not for them.
const ROBOTS = "User-agent: *\nDisallow: /admin\nDisallow: /api/\n";

// (with the sitemap's address when the public URL is known)
export function robotsTxt(headers: Record<string, string>, publicUrl: string | null = null): Response {
  return new Response(publicUrl ? `${ROBOTS}Sitemap: ${publicUrl.replace(/\/$/, "")}/sitemap.xml\n` : ROBOTS, {
    headers: { ...headers, "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=86400" },
  });
}
