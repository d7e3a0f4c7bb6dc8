// What the blog's routes accept and answer: the post an admin writes, the views of a post (the list's
// card, the article, the admin's row) and the blog's errors.
import type { Post } from "../../db/schema.ts";
import { jsonBody, textField } from "../../http/body.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { iso } from "../../lib/time.ts";
import { LANGUAGES } from "../../shared/languages.ts";
import { renderMarkdown } from "../../shared/markdown.ts";

export const POST_STATUSES = ["draft", "published"] as const;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// the blog list's page, and the home page's teaser
export const POSTS_PER_PAGE = 24;

export const postBody = jsonBody({
  title: textField("title", 200),
  slug: textField("slug", 120),
  excerpt: textField("excerpt", 500),
  body: textField("body", 50_000),
  featuredImage: textField("featuredImage", 300),
  author: textField("author", 80),
  status: textField("status", 20),
  // when a published post goes public (ISO 8601); absent: now
  publishAt: textField("publishAt", 40),
  // the post's language, a code of src/shared/languages.ts ("": every language)
  language: textField("language", 10),
});
export type PostInput = NonNullable<typeof postBody.static>;

export const blogErrors = {
  titleRequired: () => badRequest("Title is required", "TITLE_REQUIRED"),
  badSlug: () =>
    badRequest(
      "The slug may hold only lowercase letters, digits and single dashes (like my-first-post)",
      "INVALID_SLUG",
    ),
  slugTaken: () => conflict("Another post has this slug", "SLUG_TAKEN"),
  badStatus: () => badRequest(`Status must be one of ${POST_STATUSES.join(", ")}`, "INVALID_STATUS"),
  badPublishAt: () =>
    badRequest("publishAt must be a date and time (ISO 8601, like 2026-12-01T09:00:00Z)", "INVALID_PUBLISH_AT"),
  notFound: () => notFound("Post not found", "POST_NOT_FOUND"),
  badLanguage: () =>
    badRequest(
      `language must be one of ${LANGUAGES.map((l) => l.code).join(", ")}, or empty for every language`,
      "INVALID_LANGUAGE",
    ),
};

// A title's slug: "Hello, World!" -> "hello-world".
export const slugOf = (title: string) =>
  title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120)
    .replace(/-+$/, "");

// A post as the blog list and the home page's teaser show it.
export const postCard = (p: Post) => ({
  id: p.id,
  slug: p.slug,
  title: p.title,
  excerpt: p.excerpt,
  featuredImage: p.featuredImage,
  author: p.author,
  publishedAt: iso(p.publishedAt ?? p.createdAt),
  language: p.language,
});

// The article: its Markdown rendered and sanitised here, never in the browser.
export const postView = (p: Post) => ({ ...postCard(p), html: renderMarkdown(p.body) });

// A post as the admin's list and editor show it: draft, scheduled (published, not yet public) or published.
export const adminPostView = (p: Post, now: number) => ({
  ...postView(p),
  body: p.body,
  status: p.status,
  state: p.status !== "published" ? "draft" : (p.publishedAt ?? 0) > now ? "scheduled" : "published",
  publishAt: iso(p.publishedAt),
  createdAt: iso(p.createdAt),
  updatedAt: iso(p.updatedAt),
});
