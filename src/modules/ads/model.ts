// The blog's three ad slots (product spec: 728x90, 300x600, 300x250), what an admin puts in one (an
// uploaded image and the link it opens, or an ad network's https iframe), and the views of a slot.
import type { AdSlotRow } from "../../db/schema.ts";
import { jsonBody, textField } from "../../http/body.ts";
import { badRequest, notFound } from "../../lib/errors.ts";

export const AD_SLOTS = {
  leaderboard: { width: 728, height: 90, label: "Leaderboard, above posts (728x90)" },
  skyscraper: { width: 300, height: 600, label: "Skyscraper, beside an article (300x600)" },
  rectangle: { width: 300, height: 250, label: "Rectangle, under an article (300x250)" },
} as const;
export type AdSlotName = keyof typeof AD_SLOTS;
export const isAdSlot = (name: string): name is AdSlotName => Object.hasOwn(AD_SLOTS, name);

export const adBody = jsonBody({
  imageUrl: textField("imageUrl", 300),
  linkUrl: textField("linkUrl", 500),
  iframeUrl: textField("iframeUrl", 500),
  alt: textField("alt", 200),
});
export type AdInput = NonNullable<typeof adBody.static>;

export const adErrors = {
  noSlot: () => notFound(`No such ad slot (the slots are ${Object.keys(AD_SLOTS).join(", ")})`, "NO_SUCH_SLOT"),
  empty: () => badRequest("Give an image and its link, or an ad network's iframe address", "AD_EMPTY"),
  both: () => badRequest("An ad is an image and its link, or an iframe: not both", "AD_BOTH"),
  linkRequired: () => badRequest("An image ad needs the link it opens (https://...)", "LINK_REQUIRED"),
  badLink: () => badRequest("The link must be an http(s) address, like https://example.com", "INVALID_LINK"),
  badIframe: () =>
    badRequest("The iframe address must be https, like https://ads.example.net/slot/123", "INVALID_IFRAME"),
  badIframeHost: () =>
    badRequest(
      "The iframe's host may hold only letters, digits, dots and dashes (and a port), like https://ads.example.net/slot/123",
      "INVALID_IFRAME",
    ),
  altRequired: () => badRequest("Describe the image for people who cannot see it (alt text)", "ALT_REQUIRED"),
};

const parsedUrl = (value: string): URL | null => {
  try {
    return new URL(value);
  } catch {
    return null;
  }
};

// An image ad's link as it is stored and sent in a click's Location: the parsed URL's href (an http(s)
// address with a dotted host), which is ASCII and percent-encoded whatever was typed (CR, LF and tabs
// dropped, NUL, spaces and accented letters encoded). null: no such address.
export function adLink(value: string | null): string | null {
  const url = value ? parsedUrl(value) : null;
  return url && (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".") ? url.href : null;
}

// A host name the pages' Content-Security-Policy can name as it is: dot-separated labels of letters,
// digits and inner dashes (as the URL parser writes it: lower case, an accented name in punycode).
const PLAIN_HOST = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

// An iframe ad's address: `href` (what the page's iframe loads) and `origin` (what the pages'
// frame-src allows), written from the parsed scheme, host and port; "https" when it is no https
// address (or holds a user name), "host" when its host is more than a plain host name (a `;` or a
// `,` would end the directive or the policy, a `*` allow every site).
export function iframeAddress(value: string | null): { href: string; origin: string } | "https" | "host" {
  const url = value ? parsedUrl(value) : null;
  if (url?.protocol !== "https:" || url.username || url.password) return "https";
  if (url.hostname.length > 253 || !PLAIN_HOST.test(url.hostname) || !/^\d*$/.test(url.port)) return "host";
  return { href: url.href, origin: `https://${url.hostname}${url.port ? `:${url.port}` : ""}` };
}

// What a visitor's page shows in a slot: nothing, an image whose link goes through the click count,
// or the network's iframe. A stored row is checked again here: one whose address fails the check
// shows nothing.
export const publicAdView = (row: AdSlotRow | undefined) => {
  if (!row) return null;
  const size = AD_SLOTS[row.slot as AdSlotName];
  if (row.iframeUrl) {
    const frame = iframeAddress(row.iframeUrl);
    return typeof frame === "string" ? null : { kind: "iframe" as const, ...size, iframeUrl: frame.href };
  }
  if (!row.imageUrl || !adLink(row.linkUrl)) return null;
  return {
    kind: "image" as const,
    ...size,
    imageUrl: row.imageUrl,
    alt: row.alt,
    clickUrl: `/api/ads/${row.slot}/click`,
  };
};

export const adminAdView = (slot: AdSlotName, row: AdSlotRow | undefined, clicks: number) => ({
  slot,
  ...AD_SLOTS[slot],
  imageUrl: row?.imageUrl ?? null,
  linkUrl: row?.linkUrl ?? null,
  iframeUrl: row?.iframeUrl ?? null,
  alt: row?.alt ?? "",
  // clicks on the image since the ad was last saved (an iframe's clicks are the network's to count),
  // as ads/clicks.ts counts them
  clicks,
  updatedAt: row ? new Date(row.updatedAt).toISOString() : null,
});
