// The contact form a visitor sends (and a user who forgot their password, on a site without mail)
// and the admin's inbox of its messages.
import type { ContactMessage } from "../../db/schema.ts";
import { flag, jsonBody, textField } from "../../http/body.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { iso } from "../../lib/time.ts";
import { INVALID_EMAIL } from "../signups/model.ts";

export const CONTACT_THANKS = "Thank you! Your message has reached the site's team; they will answer by email.";

export const contactBody = jsonBody({
  name: textField("name", 100),
  email: textField("email", 254),
  message: textField("message", 5000),
});
export type ContactInput = NonNullable<typeof contactBody.static>;

export const messageEditBody = jsonBody({ read: flag("read must be true or false") });

export const contactErrors = {
  nameRequired: () => badRequest("Please enter your name", "NAME_REQUIRED"),
  emailRequired: () => badRequest("Email is required", "EMAIL_REQUIRED"),
  invalidEmail: () => badRequest(INVALID_EMAIL, "INVALID_EMAIL"),
  messageRequired: () => badRequest("Please write your message", "MESSAGE_REQUIRED"),
  notFound: () => notFound("Message not found", "MESSAGE_NOT_FOUND"),
};

export const messageView = (m: ContactMessage) => ({
  id: m.id,
  name: m.name,
  email: m.email,
  message: m.message,
  ipAddress: m.ipAddress,
  createdAt: iso(m.createdAt),
  readAt: iso(m.readAt),
});
