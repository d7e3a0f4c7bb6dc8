// Newsletter and earning-alert signups. A second signup of the same email is refused clearly and
// stores nothing new. The admin lists them and edits an entry's status and notes, audited.
import type { Db } from "../../db/client.ts";
import { immediate } from "../../db/transaction.ts";
import type { Actor } from "../../auth/actor.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { createRateLimit, type RateLimit } from "../../lib/rate-limit.ts";
import { HOUR_MS } from "../../lib/time.ts";
import { isEmail, optionalText } from "../../lib/validation.ts";
import { recordAudit } from "../audit/service.ts";
import {
  ALERT_STATUSES,
  ALERT_TYPES,
  type AlertsInput,
  type Edit,
  type EditInput,
  FORMS_FLOOD,
  NEWSLETTER_STATUSES,
  type NewsletterInput,
  signupErrors,
} from "./model.ts";
import { createSignupRepository } from "./repository.ts";
import { type LiveChanged, NOTHING_WATCHES } from "../live/model.ts";

export interface Visitor {
  ip: string;
  // what the forms' limit counts: an IPv6 /64 (rotating addresses inside it gains nothing), an IPv4
  // address or /24 as the grouping says
  ipGroup: string;
  userAgent: string | null;
}

// The one limit of the public forms (newsletter, earning alerts, advertiser enquiry): 10 an hour
// per IP, whichever form.
export const createFormLimit = (clock: () => number) =>
  createRateLimit({ limit: 10, windowMs: HOUR_MS, clock, message: FORMS_FLOOD });

function email(value: unknown): string {
  const text = optionalText(value, "email", 254);
  if (!text) throw signupErrors.emailRequired();
  if (!isEmail(text)) throw signupErrors.invalidEmail();
  return text;
}

// An admin's edit of a list entry: a status from `allowed`, notes (trimmed; blank clears them), or both.
export function readEdit(input: EditInput, allowed: readonly string[]): Edit {
  if (input.status !== undefined && (typeof input.status !== "string" || !allowed.includes(input.status)))
    throw signupErrors.statusInvalid(allowed);
  if (
    input.notes !== undefined &&
    input.notes !== null &&
    (typeof input.notes !== "string" || input.notes.length > 2000)
  )
    throw signupErrors.notesInvalid();
  if (input.status === undefined && input.notes === undefined) throw signupErrors.nothingToEdit();
  return { status: input.status, notes: input.notes === undefined ? undefined : input.notes?.trim() || null };
}

// `changed`: told of each signup, for the admins watching (modules/live).
export function createSignupService({
  db,
  clock,
  formLimit,
  changed = NOTHING_WATCHES,
}: {
  db: Db;
  clock: () => number;
  formLimit: RateLimit;
  changed?: LiveChanged;
}) {
  const repo = createSignupRepository(db);

  // An edit of one entry and its audit entry, in one transaction.
  function edit<Row extends { status: string; notes: string | null }>(
    table: "newsletter_signups" | "earning_alert_signups",
    id: number,
    change: Edit,
    actor: Actor,
    find: (id: number) => Row | undefined,
    update: (edit: { id: number; status: string; notes: string | null; updatedAt: number }) => Row,
  ): Row {
    const now = clock();
    return immediate(db, () => {
      const row = find(id);
      if (!row) throw signupErrors.notFound();
      const updated = update({
        id,
        status: change.status ?? row.status,
        notes: change.notes === undefined ? row.notes : change.notes,
        updatedAt: now,
      });
      recordAudit(
        db,
        {
          actor: actor.admin,
          ip: actor.ip,
          action: `${table}.update`,
          targetType: table,
          targetId: id,
          details: { status: change.status, notes: change.notes },
        },
        now,
      );
      return updated;
    });
  }

  return {
    newsletter(input: NewsletterInput, who: Visitor) {
      formLimit.hit(who.ipGroup);
      const address = email(input.email);
      const name = optionalText(input.name, "name", 100) || null;
      const source = optionalText(input.source, "source", 40) || "website";
      try {
        const row = repo.insertNewsletter({
          email: address,
          name,
          source,
          ipAddress: who.ip,
          userAgent: who.userAgent,
          createdAt: clock(),
        });
        changed("signups");
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) throw signupErrors.newsletterTaken();
        throw error;
      }
    },

    earningAlerts(input: AlertsInput, who: Visitor) {
      formLimit.hit(who.ipGroup);
      const address = email(input.email);
      const name = optionalText(input.name, "name", 100) || null;
      const phone = optionalText(input.phone, "phone", 32) || null;
      if (phone && !/^\+?[0-9 ().-]{6,32}$/.test(phone)) throw signupErrors.invalidPhone();
      if (!Array.isArray(input.alertTypes) || input.alertTypes.length === 0) throw signupErrors.alertTypesRequired();
      const unknown = input.alertTypes.find((type) => !(ALERT_TYPES as readonly string[]).includes(type));
      if (unknown !== undefined) throw signupErrors.unknownAlertType(unknown);
      const alertTypes = [...new Set(input.alertTypes)];
      const source = optionalText(input.source, "source", 40) || "website";
      try {
        const row = repo.insertAlert({
          email: address,
          name,
          phone,
          alertTypes,
          source,
          ipAddress: who.ip,
          userAgent: who.userAgent,
          createdAt: clock(),
        });
        changed("signups");
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) throw signupErrors.alertsTaken();
        throw error;
      }
    },

    newsletterList: () => repo.newsletterList(),
    editNewsletter: (id: number, input: EditInput, actor: Actor) =>
      edit(
        "newsletter_signups",
        id,
        readEdit(input, NEWSLETTER_STATUSES),
        actor,
        repo.newsletterById,
        repo.updateNewsletter,
      ),

    alertList: () => repo.alertList(),
    editAlert: (id: number, input: EditInput, actor: Actor) =>
      edit("earning_alert_signups", id, readEdit(input, ALERT_STATUSES), actor, repo.alertById, repo.updateAlert),
  };
}
export type SignupService = ReturnType<typeof createSignupService>;
