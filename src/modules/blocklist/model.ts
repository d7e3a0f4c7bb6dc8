// What the block list's calls accept and answer: the entry's body with its messages, the view of
// an entry, the block list's errors, and the neutral refusal a blocked party gets.
import type { BlockListEntry } from "../../db/schema.ts";
import { jsonBody, text } from "../../http/body.ts";
import { appError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import { INVALID_ADDRESS } from "../../lib/ledger-address.ts";
import { iso } from "../../lib/time.ts";

export const BLOCK_KINDS = ["address", "ip", "device"] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

export const MESSAGES = {
  kind: `kind must be one of ${BLOCK_KINDS.join(", ")}`,
  address: INVALID_ADDRESS,
  ip: "value must be an IPv4 or IPv6 address, or a network in CIDR form (203.0.113.0/24, 2001:db8::/48)",
  device: "value must be a device id of 1 to 100 characters",
  value: "value must be text of at most 200 characters",
  note: "note must be text of at most 500 characters",
  expiresAt: "expiresAt must be a date and time in the future",
  notFound: "Block list entry not found",
  // Neutral on purpose: a refused party must not learn that a block list exists.
  refused: "This request can't be accepted. If you think this is a mistake, contact the site's admin.",
} as const;

const ALREADY: Record<BlockKind, string> = {
  address: "This address is already on the block list",
  ip: "This IP address or network is already on the block list",
  device: "This device is already on the block list",
};

export const MAX_DEVICE_ID = 100;

export const blockBody = jsonBody({
  kind: text(20, MESSAGES.kind),
  value: text(200, MESSAGES.value),
  note: text(500, MESSAGES.note),
  expiresAt: text(40, MESSAGES.expiresAt),
});
export type BlockInput = NonNullable<typeof blockBody.static>;

export const blocklistErrors = {
  invalid: (message: string) => badRequest(message),
  notFound: () => notFound(MESSAGES.notFound),
  alreadyBlocked: (kind: BlockKind) => conflict(ALREADY[kind], "ALREADY_BLOCKED"),
  refused: () => appError(403, "REFUSED", MESSAGES.refused),
};

// An entry as the admin's block list shows it; `active` is false once it has expired.
export type BlockEntryRow = BlockListEntry & { createdByName: string | null };
export const blockEntryView = (r: BlockEntryRow, now: number) => ({
  id: r.id,
  kind: r.kind as BlockKind,
  value: r.value,
  note: r.note,
  expiresAt: iso(r.expiresAt),
  createdAt: new Date(r.createdAt).toISOString(),
  createdBy: r.createdByName,
  refusals: r.refusals,
  lastRefusedAt: iso(r.lastRefusedAt),
  active: r.expiresAt === null || r.expiresAt > now,
});
export type BlockEntryView = ReturnType<typeof blockEntryView>;
