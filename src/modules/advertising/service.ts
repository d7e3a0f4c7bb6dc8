// Advertiser enquiries from the /advertise form (limited with the signup forms, per IP), and the
// admin's status and notes edits, which record who processed an enquiry and when.
import type { Db } from "../../db/client.ts";
import { immediate } from "../../db/transaction.ts";
import type { Actor } from "../../auth/actor.ts";
import type { RateLimit } from "../../lib/rate-limit.ts";
import { isEmail, isHttpUrl, optionalText } from "../../lib/validation.ts";
import { recordAudit } from "../audit/service.ts";
import type { EditInput } from "../signups/model.ts";
import { readEdit, type Visitor } from "../signups/service.ts";
import { ADVERTISING_STATUSES, type AdvertisingInput, advertisingErrors } from "./model.ts";
import { createAdvertisingRepository } from "./repository.ts";
import { type LiveChanged, NOTHING_WATCHES } from "../live/model.ts";

export function createAdvertisingService({
  db,
  clock,
  formLimit,
  changed = NOTHING_WATCHES,
}: {
  db: Db;
  clock: () => number;
  formLimit: RateLimit;
  // told of each enquiry, for the admins watching (modules/live)
  changed?: LiveChanged;
}) {
  const repo = createAdvertisingRepository(db);
  return {
    submit(input: AdvertisingInput, who: Visitor) {
      formLimit.hit(who.ipGroup);
      const companyName = optionalText(input.companyName, "companyName", 120);
      if (!companyName) throw advertisingErrors.companyRequired();
      const email = optionalText(input.email, "email", 254);
      if (!email) throw advertisingErrors.emailRequired();
      if (!isEmail(email)) throw advertisingErrors.invalidEmail();
      const budget = optionalText(input.budget, "budget", 100);
      if (!budget) throw advertisingErrors.budgetRequired();
      const website = optionalText(input.website, "website", 300) || null;
      if (website && !isHttpUrl(website)) throw advertisingErrors.invalidWebsite();
      const message = optionalText(input.message, "message", 5000) || null;
      const row = repo.insert({
        companyName,
        email,
        budget,
        website,
        message,
        ipAddress: who.ip,
        userAgent: who.userAgent,
        createdAt: clock(),
      });
      changed("signups");
      return row;
    },

    list: () => repo.list(),

    // An admin's edit and its audit entry, in one transaction.
    edit(id: number, input: EditInput, actor: Actor) {
      const change = readEdit(input, ADVERTISING_STATUSES);
      const now = clock();
      return immediate(db, () => {
        const row = repo.byId(id);
        if (!row) throw advertisingErrors.notFound();
        const updated = repo.update({
          id,
          status: change.status ?? row.status,
          notes: change.notes === undefined ? row.notes : change.notes,
          adminName: actor.admin.username,
          processedAt: now,
        });
        recordAudit(
          db,
          {
            actor: actor.admin,
            ip: actor.ip,
            action: "advertising_requests.update",
            targetType: "advertising_requests",
            targetId: id,
            details: { status: change.status, notes: change.notes },
          },
          now,
        );
        return updated;
      });
    },
  };
}
export type AdvertisingService = ReturnType<typeof createAdvertisingService>;
