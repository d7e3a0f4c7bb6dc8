// The site's name, logo and contact address, as the admin sets them and every page reads them.
import type { SiteSettings } from "../../db/schema.ts";
import { jsonBody, textField } from "../../http/body.ts";
import { badRequest } from "../../lib/errors.ts";

export const siteBody = jsonBody({
  name: textField("name", 60),
  logoUrl: textField("logoUrl", 300),
  contactEmail: textField("contactEmail", 254),
});
export type SiteInput = NonNullable<typeof siteBody.static>;

export const siteErrors = {
  nameRequired: () => badRequest("The site's name is required", "NAME_REQUIRED"),
  badEmail: () => badRequest("The contact address must be an email address, like help@example.com", "INVALID_EMAIL"),
};

export const siteView = (s: SiteSettings) => ({ name: s.name, logoUrl: s.logoUrl, contactEmail: s.contactEmail });
export type SiteView = ReturnType<typeof siteView>;
