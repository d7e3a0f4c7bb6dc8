// The public blog (GET /api/posts, /api/posts/:slug, /rss.xml, /sitemap.xml, and /blog/:slug's page
// with the post's title, description and image in its sharing tags) and the admin's posts
// (/api/admin/posts).
import { Elysia, t } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { idParam } from "../../http/params.ts";
import { feedCacheControl, type SiteOrigin } from "../../http/site-origin.ts";
import type { PageMeta } from "../../http/web-assets.ts";
import { adminPostView, blogErrors, POSTS_PER_PAGE, postBody, postCard, postView } from "./model.ts";
import type { BlogService } from "./service.ts";
import {
  DEFAULT_LANGUAGE,
  type Language,
  languageOf,
  languagePath,
  type PageLanguage,
  PSEUDO_LANGUAGE,
} from "../../shared/languages.ts";
import { pageLanguageOf } from "../../http/language.ts";
import { translate } from "../i18n/messages.ts";

export interface BlogRouteDeps {
  context: ContextDeps;
  blog: BlogService;
  // the site's name, and its public origin (--public-url, else the request's: then no answer that
  // carries it is shared-cacheable; http/site-origin.ts)
  siteName: () => string;
  origin: (request: Request) => SiteOrigin;
  // the app's page, with these sharing tags when given
  page: (request: Request, meta?: PageMeta) => Response | Promise<Response>;
  headers: Record<string, string>;
}

const listQuery = t.Object(
  {
    limit: t.Optional(t.String({ maxLength: 4, error: "limit must be a number" })),
    // a page's language: its posts and those without one (any other value: every post)
    language: t.Optional(t.String({ maxLength: 10, error: "language must be a language's code" })),
  },
  { additionalProperties: true },
);

// A post's page under each language's prefix (each path written out: the route table names them).
const PREFIXED_POST_PAGES: Record<Language, string> = {
  en: "/en/blog/:slug",
  es: "/es/blog/:slug",
  "pt-BR": "/pt-BR/blog/:slug",
  fr: "/fr/blog/:slug",
  tr: "/tr/blog/:slug",
  id: "/id/blog/:slug",
  ja: "/ja/blog/:slug",
  ko: "/ko/blog/:slug",
};

// (the pseudo-language's page says its <title> in English, as every page does: http/page-data.ts)
const wordsOf = (language: PageLanguage): Language => (language === PSEUDO_LANGUAGE ? DEFAULT_LANGUAGE : language);

export function blogRoutes({ context, blog, siteName, origin, page, headers }: BlogRouteDeps) {
  // A post's page, at /blog/:slug or under a language's prefix: its sharing tags written here, the
  // <title>'s suffix in the page's language (the unprefixed one's follows the visitor).
  const postPage = (request: Request, slug: string, prefix?: Language) => {
    const post = blog.publishedBySlug(slug);
    if (!post) return page(request);
    const { base, fromHost } = origin(request);
    const path = `/blog/${post.slug}`;
    return page(request, {
      fromHost,
      title: translate(prefix ?? wordsOf(pageLanguageOf(request)), "server.blog.postTitle", {
        title: post.title,
        name: siteName(),
      }),
      description: post.excerpt,
      url: `${base}${prefix ? languagePath(prefix, path) : path}`,
      image: post.featuredImage ? `${base}${post.featuredImage}` : null,
    });
  };
  // (Elysia adds each route to the same instance)
  const prefixedPostPages = new Elysia();
  for (const [code, path] of Object.entries(PREFIXED_POST_PAGES) as [Language, string][])
    prefixedPostPages.get(path, ({ request, params }) => postPage(request, (params as { slug: string }).slug, code), {
      detail: { hide: true },
    });

  const xml = (site: SiteOrigin, body: string, type: string) =>
    new Response(body, {
      headers: { ...headers, "content-type": `${type}; charset=utf-8`, "cache-control": feedCacheControl(site) },
    });
  const admin = new Elysia()
    .use(adminContext(context))
    .get("/api/admin/posts", () => blog.all().map((p) => adminPostView(p, context.clock())))
    .get("/api/admin/posts/:id", ({ params }) => adminPostView(blog.byId(idParam(params.id)), context.clock()))
    .post(
      "/api/admin/posts",
      ({ body, actor, set }) => {
        set.status = 201;
        return adminPostView(blog.create(body ?? {}, actor), context.clock());
      },
      { body: postBody },
    )
    .patch(
      "/api/admin/posts/:id",
      ({ params, body, actor }) => adminPostView(blog.update(idParam(params.id), body ?? {}, actor), context.clock()),
      { body: postBody },
    )
    .delete("/api/admin/posts/:id", ({ params, actor, set }) => {
      blog.remove(idParam(params.id), actor);
      set.status = 204;
    });

  return (
    new Elysia()
      .get(
        "/api/posts",
        ({ query }) => ({
          posts: blog
            .published(
              Math.min(POSTS_PER_PAGE, Math.max(1, Number.parseInt(query.limit ?? "", 10) || POSTS_PER_PAGE)),
              languageOf(query.language) ?? undefined,
            )
            .map(postCard),
        }),
        {
          query: listQuery,
        },
      )
      .get("/api/posts/:slug", ({ params }) => {
        const post = blog.publishedBySlug(params.slug);
        if (!post) throw blogErrors.notFound();
        return postView(post);
      })
      .use(admin)
      // (pages and feeds, not API calls: left out of the API's description)
      .get(
        "/rss.xml",
        ({ request }) => {
          const site = origin(request);
          return xml(site, blog.rss(site.base, siteName()), "application/rss+xml");
        },
        { detail: { hide: true } },
      )
      .get(
        "/sitemap.xml",
        ({ request }) => {
          const site = origin(request);
          return xml(site, blog.sitemap(site.base), "application/xml");
        },
        { detail: { hide: true } },
      )
      .get("/blog/:slug", ({ request, params }) => postPage(request, params.slug), { detail: { hide: true } })
      .use(prefixedPostPages)
  );
}
