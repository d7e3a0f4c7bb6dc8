// Where uploaded images are used: posts (their featured image, their Markdown), the ad slots, the
// site's logo. A few rows each (the operator's own content): read whole, never on a visitor's path.
import { eq, isNotNull, like, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adSlots, posts, siteSettings } from "../../db/schema.ts";

const p = sql.placeholder;

export function createUploadRepository(db: Db) {
  // (instr: the image's path anywhere in the text, as Markdown's ![alt](/uploads/...) has it)
  const postsUsing = db
    .select({
      id: posts.id,
      title: posts.title,
      featuredImage: posts.featuredImage,
      inText: sql<number>`instr(${posts.body}, ${p("url")}) > 0`,
    })
    .from(posts)
    .where(or(eq(posts.featuredImage, p("url")), sql`instr(${posts.body}, ${p("url")}) > 0`))
    .orderBy(posts.id)
    .prepare();
  const adsUsing = db
    .select({ slot: adSlots.slot })
    .from(adSlots)
    .where(eq(adSlots.imageUrl, p("url")))
    .orderBy(adSlots.slot)
    .prepare();
  const logo = db.select({ logoUrl: siteSettings.logoUrl }).from(siteSettings).where(eq(siteSettings.id, 1)).prepare();
  // every post that may name an image, and every ad slot with one (the list's uses)
  const postsWithImages = db
    .select({ id: posts.id, title: posts.title, featuredImage: posts.featuredImage, body: posts.body })
    .from(posts)
    .where(or(isNotNull(posts.featuredImage), like(posts.body, "%/uploads/%")))
    .orderBy(posts.id)
    .prepare();
  const adImages = db
    .select({ slot: adSlots.slot, imageUrl: adSlots.imageUrl })
    .from(adSlots)
    .where(isNotNull(adSlots.imageUrl))
    .orderBy(adSlots.slot)
    .prepare();
  return {
    postsUsing: (url: string) =>
      postsUsing
        .all({ url })
        .map((r) => ({ id: r.id, title: r.title, featured: r.featuredImage === url, inText: Boolean(r.inText) })),
    adsUsing: (url: string) => adsUsing.all({ url }).map((r) => r.slot),
    logo: () => logo.get()?.logoUrl ?? null,
    postsWithImages: () => postsWithImages.all(),
    adImages: () => adImages.all() as { slot: string; imageUrl: string }[],
  };
}
