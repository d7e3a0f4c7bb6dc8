// What the advertiser enquiry and its admin list accept and answer: the body schema, the product's
// messages, the view of an enquiry, and the enquiries' own errors. The admin's edit (status and
// notes) is the signup lists' one.
import type { AdvertisingRequest } from "../../db/schema.ts";
import { jsonBody, textField } from "../../http/body.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { email, INVALID_EMAIL } from "../signups/model.ts";
import { iso } from "../../lib/time.ts";

export const ADVERTISING_THANKS = "Thank you! Our team will get back to you within 2-3 business days.";
export const ADVERTISING_STATUSES = ["PENDING", "CONTACTED", "APPROVED", "REJECTED"];

export const advertisingBody = jsonBody({
  companyName: textField("companyName", 120),
  email,
  budget: textField("budget", 100),
  website: textField("website", 300),
  message: textField("message", 5000),
});
export type AdvertisingInput = NonNullable<typeof advertisingBody.static>;

export const advertisingErrors = {
  companyRequired: () => badRequest("Company name is required", "COMPANY_REQUIRED"),
  emailRequired: () => badRequest("Email is required", "EMAIL_REQUIRED"),
  invalidEmail: () => badRequest(INVALID_EMAIL, "INVALID_EMAIL"),
  budgetRequired: () => badRequest("Budget is required", "BUDGET_REQUIRED"),
  invalidWebsite: () => badRequest("Website must be a valid URL, such as https://example.com", "INVALID_WEBSITE"),
  notFound: () => notFound("Not found", "ADVERTISING_REQUEST_NOT_FOUND"),
};

export const submittedView = (row: { id: number }) => ({ id: row.id, message: ADVERTISING_THANKS });

// An enquiry as the admin's list shows it.
export const advertisingView = (r: AdvertisingRequest) => ({
  id: r.id,
  companyName: r.companyName,
  email: r.email,
  budget: r.budget,
  website: r.website,
  message: r.message,
  status: r.status,
  notes: r.notes,
  adminName: r.adminName,
  ipAddress: r.ipAddress,
  createdAt: iso(r.createdAt),
  processedAt: iso(r.processedAt),
});
