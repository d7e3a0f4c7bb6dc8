// The contact form a visitor sends (and a user who forgot their password, on a site without mail)
// and the admin's inbox of its messages.
import { t } from "elysia";
import type { ContactMessage } from "../../db/schema.ts";
import { flag, jsonBody, textField } from "../../http/body.ts";
import { badRequest, notFound, tooManyRequests } from "../../lib/errors.ts";
import { iso } from "../../lib/time.ts";
import { said } from "../i18n/messages.ts";
import { waitIn } from "../i18n/values.ts";
import { INVALID_EMAIL } from "../signups/model.ts";

// A network's messages an hour (IPv6 /48, IPv4 /24, as the faucet counts: lib/ip-group.ts), besides
// the public forms' shared limit per IP group: a farm's new /64s inside one /48 are one sender.
export const MESSAGES_PER_NETWORK_HOURLY = 10;
// A message is in a burst when at least BURST_SIZE came from its wide network (IPv6 /32, IPv4 /16)
// within BURST_WINDOW_MS: the inbox may hide those (a flood spread over a provider's networks).
export const BURST_SIZE = 3;
export const BURST_WINDOW_MS = 10 * 60_000;
// The inbox's messages a page.
export const INBOX_PAGE_SIZE = 100;

// Who sent a message: the IP, its group (the forms' shared limit), its network and wide network.
export interface Sender {
  ip: string;
  ipGroup: string;
  network: string;
  wide: string;
  userAgent: string | null;
}

// GET /api/admin/contact/messages?page=N&bursts=hide
export const inboxQuery = t.Object(
  {
    page: t.Optional(t.String({ maxLength: 20, error: "page must be given once, as a number" })),
    bursts: t.Optional(t.String({ maxLength: 20, error: "bursts must be given once, as text" })),
  },
  { additionalProperties: true },
);
// Whether the inbox hides the bursts: `bursts=hide`; absent (or empty) shows every message.
export function hidesBursts(raw: string | undefined): boolean {
  if (raw === undefined || raw === "") return false;
  if (raw === "hide") return true;
  throw badRequest("bursts must be hide, or absent to show every message", "INVALID_FILTER");
}

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
  networkLimit: (waitMs: number) =>
    tooManyRequests(
      said("server.contact.networkLimit", { wait: waitIn(waitMs, Date.now()) }),
      waitMs / 1000,
      "NETWORK_LIMIT",
    ),
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
