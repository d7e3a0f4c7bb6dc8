// What the signup forms and their admin lists accept and answer: body schemas with the product's
// messages, the views of a signup, and the signups' own errors. The admin's edit (status and notes)
// is shared with the advertiser enquiries.
import type { EarningAlertSignup, NewsletterSignup } from "../../db/schema.ts";
import { jsonBody, text, textField, textList } from "../../http/body.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import * as shared from "../../shared/forms.ts";
import { INVALID_EMAIL } from "../../shared/email.ts";
import { iso } from "../../lib/time.ts";

export const EMAIL_REQUIRED = `${shared.EMAIL_REQUIRED.title} - ${shared.EMAIL_REQUIRED.description}`;
export const ALERT_TYPES_REQUIRED = `${shared.ALERT_TYPES_REQUIRED.title} - ${shared.ALERT_TYPES_REQUIRED.description}`;
export const ALERT_TYPES = shared.ALERT_TYPES;
export { INVALID_EMAIL };
export const SIGNED_UP = "Successfully signed up!";
// The newsletter, earning-alert and advertiser forms share one limit per IP.
export const FORMS_FLOOD = "Too many signups from your network. Please try again later.";

// The statuses an admin may set on each list (the spec's sets).
export const NEWSLETTER_STATUSES = ["PENDING", "APPROVED", "DENIED", "SUBSCRIBED"];
export const ALERT_STATUSES = ["PENDING", "APPROVED", "DENIED", "ACTIVE"];

export const email = textField("email", 254);
const name = textField("name", 100);
const source = textField("source", 40);
export const newsletterBody = jsonBody({ email, name, source });
export type NewsletterInput = NonNullable<typeof newsletterBody.static>;
export const alertsBody = jsonBody({
  email,
  name,
  phone: textField("phone", 32),
  alertTypes: textList(20, 40, `alertTypes must be a list of alert types: ${ALERT_TYPES.join(", ")}`),
  source,
});
export type AlertsInput = NonNullable<typeof alertsBody.static>;

// An admin's edit of one entry of a list: a status from the list's set, notes, or both.
export const editBody = (statuses: readonly string[]) =>
  jsonBody({
    status: text(40, `status must be one of ${statuses.join(", ")}`),
    notes: text(2000, "notes must be text of at most 2000 characters"),
  });
export type EditInput = NonNullable<ReturnType<typeof editBody>["static"]>;
// The edit as checked: undefined leaves a field as it is; notes null clears them.
export interface Edit {
  status: string | undefined;
  notes: string | null | undefined;
}

export const signupErrors = {
  emailRequired: () => badRequest(EMAIL_REQUIRED, "EMAIL_REQUIRED"),
  invalidEmail: () => badRequest(INVALID_EMAIL, "INVALID_EMAIL"),
  invalidPhone: () => badRequest("Please enter a valid phone number", "INVALID_PHONE"),
  alertTypesRequired: () => badRequest(ALERT_TYPES_REQUIRED, "ALERT_TYPES_REQUIRED"),
  unknownAlertType: (type: unknown) =>
    badRequest(
      typeof type === "string" ? `Unknown alert type: ${type.slice(0, 40)}` : "Each alert type must be text",
      "UNKNOWN_ALERT_TYPE",
    ),
  newsletterTaken: () => conflict("This email is already signed up for the newsletter", "ALREADY_SIGNED_UP"),
  alertsTaken: () => conflict("This email is already signed up for earning alerts", "ALREADY_SIGNED_UP"),
  statusInvalid: (statuses: readonly string[]) =>
    badRequest(`status must be one of ${statuses.join(", ")}`, "STATUS_INVALID"),
  notesInvalid: () => badRequest("notes must be text of at most 2000 characters", "NOTES_INVALID"),
  nothingToEdit: () => badRequest("Send a status, notes, or both", "NOTHING_TO_EDIT"),
  notFound: () => notFound("Not found", "SIGNUP_NOT_FOUND"),
};

export const signedUpView = (row: { id: number }) => ({ id: row.id, message: SIGNED_UP });

// A signup as the admin's lists show it.
export const newsletterView = (r: Omit<NewsletterSignup, "phone" | "alertTypes">) => ({
  id: r.id,
  email: r.email,
  name: r.name,
  status: r.status,
  source: r.source,
  notes: r.notes,
  ipAddress: r.ipAddress,
  userAgent: r.userAgent,
  createdAt: iso(r.createdAt),
});
export const alertView = (r: EarningAlertSignup) => ({
  ...newsletterView(r),
  phone: r.phone,
  alertTypes: r.alertTypes,
});
