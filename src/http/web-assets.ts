// Serves the React build embedded by build.ts: hashed assets cached for a year, precompressed
// variants when the browser accepts them, and index.html for every client route.
import { webAssets } from "../generated/web-assets.ts";
import { isAppPath } from "../shared/routes.ts";
import { jsonError } from "../lib/errors.ts";

const YEAR = "public, max-age=31536000, immutable";

function pickVariant(asset: (typeof webAssets)[string], acceptEncoding: string) {
  if (asset.br && /\bbr\b/.test(acceptEncoding)) return { path: asset.br, encoding: "br" };
  if (asset.gzip && /\bgzip\b/.test(acceptEncoding)) return { path: asset.gzip, encoding: "gzip" };
  return { path: asset.identity, encoding: null };
}

// `pageCookie` gives the page (index.html, the answer of every client route) a Set-Cookie: the
// device cookie of a first visit, so it is in the browser before the first faucet request.
export function serveWebAsset(request: Request, headers: Record<string, string>, pageCookie?: (request: Request) => string | undefined): Response {
  const pathname = new URL(request.url).pathname;
  if (pathname === "/api" || pathname.startsWith("/api/")) return jsonError(404, `Not found: ${pathname}`, headers);
  let urlPath = pathname;
  let asset = webAssets[urlPath];
  let status = 200;
  if (!asset) {
    // A missing hashed file is a real 404; any other path gets the app's page, a 404 unless it is
    // one of the app's pages (the app then shows its not-found page).
    if (pathname.startsWith("/assets/")) return new Response("Not found", { status: 404, headers });
    urlPath = "/index.html";
    asset = webAssets[urlPath]!;
    if (!isAppPath(pathname)) status = 404;
  }
  const variant = pickVariant(asset, request.headers.get("accept-encoding") ?? "");
  const type = Bun.file(asset.identity).type;
  const responseHeaders: Record<string, string> = {
    ...headers,
    "content-type": type,
    "cache-control": urlPath.startsWith("/assets/") ? YEAR : "no-cache",
    vary: "Accept-Encoding",
  };
  if (variant.encoding) responseHeaders["content-encoding"] = variant.encoding;
  // a download (the whitepaper's PDF) keeps its own name, not the embedded file's
  if (urlPath !== "/index.html" && !urlPath.startsWith("/assets/")) responseHeaders["content-disposition"] = `inline; filename="${urlPath.slice(urlPath.lastIndexOf("/") + 1)}"`;
  const cookie = urlPath === "/index.html" ? pageCookie?.(request) : undefined;
  if (cookie) responseHeaders["set-cookie"] = cookie;
  return new Response(Bun.file(variant.path), { status, headers: responseHeaders });
}

// A page's own sharing tags (a blog post's): its title, description, address and image.
export interface PageMeta {
  title: string;
  description: string;
  url: string;
  image: string | null;
}

const attr = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
let indexHtml: Promise<string> | undefined;

// The app's page with `meta` in its <title>, description and Open Graph / Twitter tags, for the
// links people share (a crawler runs no JavaScript). Sent as it is (not precompressed): a few KiB.
export async function serveWebPageWithMeta(request: Request, headers: Record<string, string>, meta: PageMeta, pageCookie?: (request: Request) => string | undefined): Promise<Response> {
  indexHtml ??= Bun.file(webAssets["/index.html"]!.identity).text();
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
  const html = (await indexHtml)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${attr(meta.title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, () => tags);
  const responseHeaders: Record<string, string> = { ...headers, "content-type": "text/html;charset=utf-8", "cache-control": "no-cache" };
  const cookie = pageCookie?.(request);
  if (cookie) responseHeaders["set-cookie"] = cookie;
  return new Response(html, { headers: responseHeaders });
}

// Crawlers may read the public pages; the admin screen and the API are not for them.
const ROBOTS = "User-agent: *\nDisallow: /admin\nDisallow: /api/\n";

// (with the sitemap's address when the public URL is known)
export function robotsTxt(headers: Record<string, string>, publicUrl: string | null = null): Response {
  return new Response(publicUrl ? `${ROBOTS}Sitemap: ${publicUrl.replace(/\/$/, "")}/sitemap.xml\n` : ROBOTS, { headers: { ...headers, "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=86400" } });
}
