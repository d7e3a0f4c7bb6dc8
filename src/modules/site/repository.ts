// The one row of site_settings.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { siteSettings } from "../../db/schema.ts";

export function createSiteRepository(db: Db) {
  const get = db.select().from(siteSettings).where(eq(siteSettings.id, 1)).prepare();
  return {
    get: () => get.get()!,
    update: (row: { name: string; logoUrl: string | null; contactEmail: string | null; updatedAt: number }) =>
      db.update(siteSettings).set(row).where(eq(siteSettings.id, 1)).returning().get()!,
  };
}
