// All SQL of the blog. Prepared once; the public reads use posts_status_published, a slug posts_slug.
import { and, desc, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type Post, posts } from "../../db/schema.ts";

const p = sql.placeholder;
const publicNow = and(eq(posts.status, "published"), lte(posts.publishedAt, p("now")));

export type PostFields = Omit<Post, "id" | "createdAt">;

export function createBlogRepository(db: Db) {
  const published = db
    .select()
    .from(posts)
    .where(publicNow)
    .orderBy(desc(posts.publishedAt))
    .limit(p("limit"))
    .prepare();
  // a language's list: its own posts and those without a language
  const publishedIn = db
    .select()
    .from(posts)
    .where(and(publicNow, or(isNull(posts.language), eq(posts.language, p("language")))))
    .orderBy(desc(posts.publishedAt))
    .limit(p("limit"))
    .prepare();
  const publishedBySlug = db
    .select()
    .from(posts)
    .where(and(publicNow, eq(posts.slug, p("slug"))))
    .prepare();
  const all = db.select().from(posts).orderBy(desc(posts.updatedAt), desc(posts.id)).limit(5000).prepare();
  const byId = db
    .select()
    .from(posts)
    .where(eq(posts.id, p("id")))
    .prepare();
  const bySlug = db
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.slug, p("slug")))
    .prepare();
  return {
    published: (now: number, limit: number, language?: string) =>
      language === undefined ? published.all({ now, limit }) : publishedIn.all({ now, limit, language }),
    publishedBySlug: (slug: string, now: number) => publishedBySlug.get({ slug, now }),
    all: () => all.all(),
    byId: (id: number) => byId.get({ id }),
    idOfSlug: (slug: string) => bySlug.get({ slug })?.id,
    insert: (row: PostFields & { createdAt: number }) => db.insert(posts).values(row).returning().get(),
    update: (id: number, row: PostFields) => db.update(posts).set(row).where(eq(posts.id, id)).returning().get(),
    remove: (id: number) => db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id }).get(),
  };
}
