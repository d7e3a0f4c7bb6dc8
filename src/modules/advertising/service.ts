// Advertiser enquiries from the /advertise form.
import type { Db } from "../../db/client.ts";
import { badRequest } from "../../http/errors.ts";
import { isEmail, isHttpUrl, optionalText } from "../../lib/validation.ts";
import type { Visitor } from "../signups/service.ts";

export const ADVERTISING_THANKS = "Thank you! Our team will get back to you within 2-3 business days.";

export function createAdvertisingService({ db, clock }: { db: Db; clock: () => number }) {
  const insert = db.sqlite.prepare<{ id: number }, [string, string, string, string | null, string | null, string, string | null, number]>(
    "insert into advertising_requests (company_name, email, budget, website, message, ip_address, user_agent, created_at) values (?, ?, ?, ?, ?, ?, ?, ?) returning id",
  );
  return {
    submit(input: { companyName?: unknown; email?: unknown; website?: unknown; budget?: unknown; message?: unknown }, who: Visitor) {
      const companyName = optionalText(input.companyName, "companyName", 120);
      if (!companyName) throw badRequest("Company name is required");
      const email = optionalText(input.email, "email", 254);
      if (!email) throw badRequest("Email is required");
      if (!isEmail(email)) throw badRequest("Please enter a valid email address");
      const budget = optionalText(input.budget, "budget", 100);
      if (!budget) throw badRequest("Budget is required");
      const website = optionalText(input.website, "website", 300) || null;
      if (website && !isHttpUrl(website)) throw badRequest("Website must be a valid URL, such as https://example.com");
      const message = optionalText(input.message, "message", 5000) || null;
      const row = insert.get(companyName, email, budget, website, message, who.ip, who.userAgent, clock())!;
      return { id: row.id, message: ADVERTISING_THANKS };
    },
  };
}
