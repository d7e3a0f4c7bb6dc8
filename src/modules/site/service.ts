// The site's name, logo and contact address: read by every page (kept in memory), set by an admin.
import type { Actor } from "../../auth/actor.ts";
import type { Db } from "../../db/client.ts";
import type { SiteSettings } from "../../db/schema.ts";
import { immediate } from "../../db/transaction.ts";
import { isEmail, optionalText } from "../../lib/validation.ts";
import { recordAudit } from "../audit/service.ts";
import { uploadedImage } from "../uploads/model.ts";
import { type SiteInput, siteErrors } from "./model.ts";
import { createSiteRepository } from "./repository.ts";

export function createSiteService({ db, clock }: { db: Db; clock: () => number }) {
  const repo = createSiteRepository(db);
  let current: SiteSettings | null = null;
  return {
    get: () => (current ??= repo.get()),

    update(input: SiteInput, actor: Actor) {
      const before = repo.get();
      const name = optionalText(input.name === undefined ? before.name : input.name, "name", 60);
      if (!name) throw siteErrors.nameRequired();
      const contactEmail =
        optionalText(
          input.contactEmail === undefined ? before.contactEmail : input.contactEmail,
          "contactEmail",
          254,
        ) || null;
      if (contactEmail && !isEmail(contactEmail)) throw siteErrors.badEmail();
      const logoUrl = uploadedImage(input.logoUrl === undefined ? before.logoUrl : input.logoUrl, "logoUrl");
      const now = clock();
      current = immediate(db, () => {
        const row = repo.update({ name, logoUrl, contactEmail, updatedAt: now });
        recordAudit(
          db,
          {
            actor: actor.admin,
            ip: actor.ip,
            action: "site.update",
            targetType: "site_settings",
            targetId: 1,
            details: { name, logoUrl, contactEmail },
          },
          now,
        );
        return row;
      });
      return current;
    },
  };
}
export type SiteService = ReturnType<typeof createSiteService>;
