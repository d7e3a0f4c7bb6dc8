// What the social-sharing bonus's calls accept and answer: the body schemas with the product's
// messages, the views of an offer and of a claim, and the bonus's own errors.
import type { Reward } from "../../db/schema.ts";
import { jsonBody, nested, text } from "../../http/body.ts";
import { appError, badRequest, conflict, type Said, tooManyRequests } from "../../lib/errors.ts";
import { formatXrp } from "../../shared/money.ts";
import type { PageLanguage } from "../../shared/languages.ts";
import { ADDRESS_INVALID, PLATFORMS, type Platform } from "../../shared/social-bonus.ts";
import { said, sayIn } from "../i18n/messages.ts";
import { momentIn, xrpIn } from "../i18n/values.ts";

export { ADDRESS_INVALID, PLATFORMS, type Platform };
export const LOGIN_TO_CLAIM = "Please log in to claim social sharing bonus";
export const ADDRESS_REQUIRED = "XRP wallet address is required";
export const SHARE_FIRST = "Please share on a social platform first";
export const PLATFORM_INVALID = "platform must be Facebook, Twitter or LinkedIn";
export const SHARE_RECORDED = "Share Recorded!";
export const CLAIM_SUBMITTED = "Social Sharing Bonus Submitted!";

const platform = text(20, PLATFORM_INVALID);
export const shareBody = jsonBody({ platform });
export const claimBody = jsonBody({
  address: text(100, ADDRESS_INVALID),
  platform,
  sharedUrl: text(500, "sharedUrl must be a link of at most 500 characters"),
  sharedContent: nested(
    {
      title: text(200, "sharedContent.title must be text of at most 200 characters"),
      description: text(500, "sharedContent.description must be text of at most 500 characters"),
    },
    "sharedContent must be an object with a title (at most 200 characters) and a description (at most 500)",
  ),
});

// A claim's fields as the schema typed them (text or absent).
export interface ClaimInput {
  address?: string | null;
  platform?: string | null;
  sharedUrl?: string | null;
  sharedContent?: { title?: string | null; description?: string | null } | null;
}

// The week's most beyond one account (per payout address, registration network, registration device).
export const WEEKLY_CLAIMS = 3;
// The week's most, and when a limit opens again (a moment as the platform's "available again" says
// it: "Jan 22, 14:05 UTC").
const weekly = (perClaimDrops: number, availableAt: number) => ({
  count: WEEKLY_CLAIMS,
  amount: xrpIn(WEEKLY_CLAIMS * perClaimDrops),
  moment: momentIn(availableAt),
});

// Why a claim must wait, in the words both the refusal and the offer (before any share) use.
export const waitTexts = {
  accountTooNew: (hours: number, from: number) =>
    said("server.social.accountTooNew", { hours, moment: momentIn(from) }),
  addressThisWeek: (perClaimDrops: number, availableAt: number) =>
    said("server.social.addressThisWeek", weekly(perClaimDrops, availableAt)),
  networkThisWeek: (perClaimDrops: number, availableAt: number) =>
    said("server.social.networkThisWeek", weekly(perClaimDrops, availableAt)),
  deviceThisWeek: (perClaimDrops: number, availableAt: number) =>
    said("server.social.deviceThisWeek", weekly(perClaimDrops, availableAt)),
};
// "You already claimed the Twitter bonus this week. It is available again on Nov 30, 14:05 UTC."
// (the English of shared/social-bonus.ts claimedThisWeekText, which the web's test compares)
const claimedThisWeek = (platform: Platform, availableAt: number) =>
  said("server.social.claimedThisWeek", { platform, moment: momentIn(availableAt) });

// The X-Error-Code of the first ones is the one these answers always had: the generic code of its
// status; the limits beyond the account have their own.
export const socialErrors = {
  invalidPlatform: () => badRequest(PLATFORM_INVALID),
  addressRequired: () => badRequest(ADDRESS_REQUIRED),
  invalidAddress: () => badRequest(ADDRESS_INVALID),
  shareFirst: () => badRequest(SHARE_FIRST),
  shareFirstOn: (platform: Platform) => conflict(said("server.social.shareFirstOn", { platform })),
  claimedThisWeek: (platform: Platform, availableAt: number, retryAfterSeconds: number) =>
    tooManyRequests(claimedThisWeek(platform, availableAt), retryAfterSeconds),
  accountTooNew: (hours: number, from: number) =>
    appError(403, "ACCOUNT_TOO_NEW", waitTexts.accountTooNew(hours, from)),
  addressThisWeek: (perClaimDrops: number, availableAt: number, retryAfterSeconds: number) =>
    tooManyRequests(waitTexts.addressThisWeek(perClaimDrops, availableAt), retryAfterSeconds, "BONUS_ADDRESS_LIMIT"),
  networkThisWeek: (perClaimDrops: number, availableAt: number, retryAfterSeconds: number) =>
    tooManyRequests(waitTexts.networkThisWeek(perClaimDrops, availableAt), retryAfterSeconds, "BONUS_NETWORK_LIMIT"),
  deviceThisWeek: (perClaimDrops: number, availableAt: number, retryAfterSeconds: number) =>
    tooManyRequests(waitTexts.deviceThisWeek(perClaimDrops, availableAt), retryAfterSeconds, "BONUS_DEVICE_LIMIT"),
};

// Where a claim comes from: the claimant's visitor at claim time.
export interface Claimant {
  ip: string;
  ipNetwork: string;
  deviceId: string;
}

export const shareView = (platform: Platform) => ({ platform, message: SHARE_RECORDED });

// A limit beyond the platform's week that holds every bonus back until `availableAt`: the account's
// age, or the week's most per payout address, registration network or registration device.
export type BonusLimit = "account_age" | "address" | "network" | "device";
export interface BonusWait {
  limit: BonusLimit;
  availableAt: number;
  message: Said;
}

// What the claim forms show before anyone shares: the amount per platform, when each platform is
// next claimable (`availableAt`: its own week; `claimableAt`: with every other limit, `waitLimit` and
// `waitReason` the one that holds it longest: "platform" for its own week), the account age bonuses need, and each limit that holds them now.
export const offerView = (
  perPlatformDrops: number,
  platforms: { platform: Platform; availableAt: number | null }[],
  accountAgeHours: number,
  waits: BonusWait[],
  language: PageLanguage,
) => {
  const longest = waits.reduce<BonusWait | null>(
    (top, w) => (top === null || w.availableAt > top.availableAt ? w : top),
    null,
  );
  const isoOf = (at: number | null) => (at === null ? null : new Date(at).toISOString());
  return {
    amountPerPlatform: formatXrp(perPlatformDrops),
    weeklyMaximum: formatXrp(perPlatformDrops * PLATFORMS.length),
    accountAgeHours,
    waits: waits.map((w) => ({
      limit: w.limit,
      availableAt: isoOf(w.availableAt)!,
      message: sayIn(language, w.message),
    })),
    platforms: platforms.map(({ platform, availableAt }) => {
      const own =
        availableAt === null
          ? null
          : { limit: "platform" as const, availableAt, message: claimedThisWeek(platform, availableAt) };
      const holds = own && (!longest || own.availableAt >= longest.availableAt) ? own : longest;
      return {
        platform,
        availableAt: isoOf(availableAt),
        claimableAt: isoOf(holds?.availableAt ?? null),
        waitLimit: holds?.limit ?? null,
        waitReason: holds ? sayIn(language, holds.message) : null,
      };
    }),
  };
};

// A claim as its user sees it once submitted.
export type ClaimRow = Pick<Reward, "id" | "status" | "amountDrops" | "createdAt" | "platform">;
export const claimView = (row: ClaimRow) => ({
  id: row.id,
  status: row.status,
  platform: row.platform,
  amount: formatXrp(row.amountDrops),
  createdAt: new Date(row.createdAt).toISOString(),
  message: CLAIM_SUBMITTED,
});
