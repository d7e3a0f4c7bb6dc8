// The operator's blog: posts written in /admin (drafts, scheduled, published), the public list and
// articles, the RSS feed and the sitemap. A published post is public from its publish time on, by
// the app's clock.
import type { Actor } from "../../auth/actor.ts";
import type { Db } from "../../db/client.ts";
import { immediate } from "../../db/transaction.ts";
import { optionalText } from "../../lib/validation.ts";
import { recordAudit } from "../audit/service.ts";
import { uploadedImage } from "../uploads/model.ts";
import { escapeHtml } from "../../shared/html.ts";
import { LANGUAGES, type Language, languageAlternates } from "../../shared/languages.ts";
import { blogErrors, POST_STATUSES, type PostInput, SLUG_PATTERN, slugOf } from "./model.ts";
import { createBlogRepository, type PostFields } from "./repository.ts";

// The site's own pages a sitemap lists besides the posts.
const SITE_PAGES = ["/", "/faucet", "/blog", "/faq", "/reviews", "/advertise", "/earn-more", "/whitepaper", "/contact"];

export function createBlogService({ db, clock }: { db: Db; clock: () => number }) {
  const repo = createBlogRepository(db);

  // The post an admin's input describes (what it leaves out keeps `before`'s value).
  function read(input: PostInput, actor: Actor, before?: PostFields): PostFields {
    const title = optionalText(input.title ?? before?.title, "title", 200);
    if (!title) throw blogErrors.titleRequired();
    const slug = optionalText(input.slug ?? before?.slug, "slug", 120) || slugOf(title);
    if (!SLUG_PATTERN.test(slug)) throw blogErrors.badSlug();
    const status = optionalText(input.status ?? before?.status ?? "draft", "status", 20);
    const language = input.language === undefined ? (before?.language ?? null) : (input.language ?? "").trim() || null;
    if (language !== null && !LANGUAGES.some((l) => l.code === language)) throw blogErrors.badLanguage();
    if (!(POST_STATUSES as readonly string[]).includes(status)) throw blogErrors.badStatus();
    let publishedAt = before?.publishedAt ?? null;
    if (input.publishAt) {
      publishedAt = Date.parse(input.publishAt);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(input.publishAt) || Number.isNaN(publishedAt)) throw blogErrors.badPublishAt();
    } else if (status === "published" && publishedAt === null) publishedAt = clock();
    return {
      slug,
      title,
      excerpt: optionalText(input.excerpt ?? before?.excerpt, "excerpt", 500),
      body: optionalText(input.body ?? before?.body, "body", 50_000),
      featuredImage: uploadedImage(
        input.featuredImage === undefined ? before?.featuredImage : input.featuredImage,
        "featuredImage",
      ),
      author: optionalText(input.author ?? before?.author, "author", 80) || actor.admin.username,
      status,
      publishedAt,
      language,
      updatedAt: clock(),
    };
  }

  const audit = (actor: Actor, action: string, id: number, details: Record<string, unknown>) =>
    recordAudit(db, { actor: actor.admin, ip: actor.ip, action, targetType: "posts", targetId: id, details }, clock());

  return {
    // (`language`: that language's list, its posts and those without one; none: every post)
    published: (limit: number, language?: Language) => repo.published(clock(), limit, language),
    publishedBySlug: (slug: string) => (SLUG_PATTERN.test(slug) ? repo.publishedBySlug(slug, clock()) : undefined),
    all: () => repo.all(),
    byId(id: number) {
      const row = repo.byId(id);
      if (!row) throw blogErrors.notFound();
      return row;
    },

    create(input: PostInput, actor: Actor) {
      const fields = read(input, actor);
      return immediate(db, () => {
        if (repo.idOfSlug(fields.slug) !== undefined) throw blogErrors.slugTaken();
        const row = repo.insert({ ...fields, createdAt: clock() });
        audit(actor, "posts.create", row.id, { slug: row.slug, status: row.status });
        return row;
      });
    },

    update(id: number, input: PostInput, actor: Actor) {
      return immediate(db, () => {
        const before = repo.byId(id);
        if (!before) throw blogErrors.notFound();
        const fields = read(input, actor, before);
        const owner = repo.idOfSlug(fields.slug);
        if (owner !== undefined && owner !== id) throw blogErrors.slugTaken();
        const row = repo.update(id, fields);
        audit(actor, "posts.update", id, { slug: row.slug, status: row.status });
        return row;
      });
    },

    remove(id: number, actor: Actor) {
      return immediate(db, () => {
        if (!repo.remove(id)) throw blogErrors.notFound();
        audit(actor, "posts.delete", id, {});
      });
    },

    // The RSS 2.0 feed of the latest public posts.
    rss(origin: string, siteName: string): string {
      const items = repo
        .published(clock(), 20)
        .map(
          (p) =>
            `<item><title>${escapeHtml(p.title)}</title><link>${origin}/blog/${p.slug}</link><guid>${origin}/blog/${p.slug}</guid>` +
            `<pubDate>${new Date(p.publishedAt ?? p.createdAt).toUTCString()}</pubDate><description>${escapeHtml(p.excerpt)}</description></item>`,
        );
      return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>${escapeHtml(siteName)}</title><link>${origin}/blog</link><description>${escapeHtml(`News and guides from ${siteName}`)}</description>${items.join("")}</channel></rss>\n`;
    },

    sitemap(origin: string): string {
      const urls = [
        ...SITE_PAGES.map((path) => ({ path, at: null as number | null, language: null as string | null })),
        ...repo
          .published(clock(), 5000)
          .map((p) => ({ path: `/blog/${p.slug}`, at: p.updatedAt, language: p.language })),
      ];
      // each page at each of its addresses (every language's, and the unprefixed one that follows the
      // visitor), with all of them as alternates
      const entries = urls.flatMap(({ path, at, language }) => {
        // (a post in one language has that language's address only)
        if (language) {
          const lastmod = at ? `<lastmod>${new Date(at).toISOString().slice(0, 10)}</lastmod>` : "";
          return [`<url><loc>${escapeHtml(`${origin}/${language}${path}`)}</loc>${lastmod}</url>`];
        }
        const alternates = languageAlternates(path, origin);
        const links = alternates
          .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}"/>`)
          .join("");
        const lastmod = at ? `<lastmod>${new Date(at).toISOString().slice(0, 10)}</lastmod>` : "";
        return [{ href: `${origin}${path}` }, ...alternates.filter((a) => a.hreflang !== "x-default")].map(
          (a) => `<url><loc>${escapeHtml(a.href)}</loc>${lastmod}${links}</url>`,
        );
      });
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${entries.join("")}</urlset>\n`;
    },
  };
}
export type BlogService = ReturnType<typeof createBlogService>;
