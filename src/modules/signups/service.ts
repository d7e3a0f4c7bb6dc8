// Newsletter and earning-alert signups. A second signup of the same email is refused clearly
// and stores nothing new.
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, isUniqueViolation } from "../../http/errors.ts";
import { isEmail, optionalText } from "../../lib/validation.ts";

export const EMAIL_REQUIRED = "Email required - Please enter your email address";
export const ALERT_TYPES_REQUIRED = "Select alert types - Please select at least one type of alert";
export const ALERT_TYPES = ["daily_challenges", "high_rewards", "streak_bonuses", "new_features", "market_opportunities"] as const;

export interface Visitor {
  ip: string;
  userAgent: string | null;
}

function email(value: unknown): string {
  const text = optionalText(value, "email", 254);
  if (!text) throw badRequest(EMAIL_REQUIRED);
  if (!isEmail(text)) throw badRequest("Please enter a valid email address");
  return text;
}


export function createSignupService({ db, clock }: { db: Db; clock: () => number }) {
  const newsletter = db.sqlite.prepare<{ id: number }, [string, string | null, string, string, string | null, number]>(
    "insert into newsletter_signups (email, name, source, ip_address, user_agent, created_at) values (?, ?, ?, ?, ?, ?) returning id",
  );
  const alerts = db.sqlite.prepare<{ id: number }, [string, string | null, string | null, string, string, string, string | null, number]>(
    "insert into earning_alert_signups (email, name, phone, alert_types, source, ip_address, user_agent, created_at) values (?, ?, ?, ?, ?, ?, ?, ?) returning id",
  );

  return {
    newsletter(input: { email?: unknown; name?: unknown; source?: unknown }, who: Visitor) {
      const address = email(input.email);
      const name = optionalText(input.name, "name", 100) || null;
      const source = optionalText(input.source, "source", 40) || "website";
      try {
        const row = newsletter.get(address, name, source, who.ip, who.userAgent, clock())!;
        return { id: row.id, message: "Successfully signed up!" };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("This email is already signed up for the newsletter");
        throw error;
      }
    },

    earningAlerts(input: { email?: unknown; name?: unknown; phone?: unknown; alertTypes?: unknown; source?: unknown }, who: Visitor) {
      const address = email(input.email);
      const name = optionalText(input.name, "name", 100) || null;
      const phone = optionalText(input.phone, "phone", 32) || null;
      if (phone && !/^\+?[0-9 ().-]{6,32}$/.test(phone)) throw badRequest("Please enter a valid phone number");
      if (!Array.isArray(input.alertTypes) || input.alertTypes.length === 0) throw badRequest(ALERT_TYPES_REQUIRED);
      const unknown = input.alertTypes.find((type) => !ALERT_TYPES.includes(type));
      if (unknown !== undefined) throw badRequest(typeof unknown === "string" ? `Unknown alert type: ${unknown.slice(0, 40)}` : "Each alert type must be text");
      const types = [...new Set(input.alertTypes as string[])];
      const source = optionalText(input.source, "source", 40) || "website";
      try {
        const row = alerts.get(address, name, phone, JSON.stringify(types), source, who.ip, who.userAgent, clock())!;
        return { id: row.id, message: "Successfully signed up!" };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("This email is already signed up for earning alerts");
        throw error;
      }
    },
  };
}
