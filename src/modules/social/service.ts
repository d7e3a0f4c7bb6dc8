// The social-sharing bonus: 5 XRP per platform, one claim per platform per rolling 7 days (so at
// most 15 XRP a week), as a PENDING reward for an admin to verify.
import type { Db } from "../../db/client.ts";
import type { User } from "../../db/schema.ts";
import { badRequest, conflict, tooManyRequests } from "../../http/errors.ts";
import { formatXrp } from "../../money.ts";
import { parseLedgerAddress } from "../faucet/address.ts";
import { waitText } from "../../lib/time.ts";

export const PLATFORMS = ["Facebook", "Twitter", "LinkedIn"] as const;
export type Platform = (typeof PLATFORMS)[number];
export const BONUS_PER_PLATFORM_DROPS = 5_000_000;
export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
export const ADDRESS_REQUIRED = "XRP wallet address is required";
export const ADDRESS_INVALID = "Please enter a valid XRP wallet address (starts with 'r')";
export const SHARE_FIRST = "Please share on a social platform first";
export const PLATFORM_INVALID = "platform must be Facebook, Twitter or LinkedIn";
export const shareFirstOn = (platform: Platform) => `Share on ${platform} first, then claim your bonus.`;
// A claim counts for a share the same user recorded on that platform within this window.
export const SHARE_WINDOW_MS = 60 * 60 * 1000;
const ADDRESS_PATTERN = /^r[A-Za-z0-9]{24,34}$/;

export function parsePlatform(value: unknown): Platform | null {
  if (typeof value !== "string") return null;
  return PLATFORMS.find((p) => p.toLowerCase() === value.trim().toLowerCase()) ?? null;
}

export function createSocialService({ db, clock }: { db: Db; clock: () => number }) {
  const recordShare = db.sqlite.prepare<unknown, [number, string, number]>("insert into social_shares (user_id, platform, created_at) values (?, ?, ?)");
  const lastShare = db.sqlite.prepare<{ platform: string }, [number, number]>(
    "select platform from social_shares where user_id = ? and created_at > ? order by created_at desc, id desc limit 1",
  );
  const sharedOn = db.sqlite.prepare<{ id: number }, [number, string, number]>(
    "select id from social_shares where user_id = ? and platform = ? and created_at > ? limit 1",
  );
  const lastClaim = db.sqlite.prepare<{ created_at: number }, [number, string, number]>(
    "select created_at from rewards where user_id = ? and type = 'SOCIAL_SHARE' and platform = ? and status != 'DENIED' and created_at > ? order by created_at desc limit 1",
  );
  const insertReward = db.sqlite.prepare<
    { id: number; status: string; amount_drops: number; created_at: number; platform: string },
    [number, number, string, string, string | null, string | null, number]
  >(
    `insert into rewards (user_id, type, amount_drops, platform, address, shared_url, shared_content, created_at)
     values (?, 'SOCIAL_SHARE', ?, ?, ?, ?, ?, ?) returning id, status, amount_drops, created_at, platform`,
  );
  const setAddressIfUnset = db.sqlite.prepare<unknown, [string, number]>("update users set xrp_address = ? where id = ? and xrp_address is null");

  const claim = db.sqlite.transaction((user: User, platform: Platform, address: string, sharedUrl: string | null, sharedContent: string | null) => {
    const now = clock();
    if (!sharedOn.get(user.id, platform, now - SHARE_WINDOW_MS)) throw conflict(shareFirstOn(platform));
    const previous = lastClaim.get(user.id, platform, now - WEEK_MS);
    if (previous) {
      const wait = previous.created_at + WEEK_MS - now;
      throw tooManyRequests(`You already claimed the ${platform} bonus this week. You can claim it again ${waitText(wait)}.`, wait / 1000);
    }
    const row = insertReward.get(user.id, BONUS_PER_PLATFORM_DROPS, platform, address, sharedUrl, sharedContent, now)!;
    setAddressIfUnset.run(address, user.id);
    return row;
  });

  return {
    recordShare(user: User, platformInput: unknown) {
      const platform = parsePlatform(platformInput);
      if (!platform) throw badRequest(PLATFORM_INVALID);
      recordShare.run(user.id, platform, clock());
      return { platform, message: "Share Recorded!" };
    },

    // What the claim forms show: the amount per platform and when each platform is next claimable.
    offer(user: User | null) {
      const now = clock();
      return {
        amountPerPlatform: formatXrp(BONUS_PER_PLATFORM_DROPS),
        weeklyMaximum: formatXrp(BONUS_PER_PLATFORM_DROPS * PLATFORMS.length),
        platforms: PLATFORMS.map((platform) => {
          const previous = user ? lastClaim.get(user.id, platform, now - WEEK_MS) : null;
          return { platform, availableAt: previous ? new Date(previous.created_at + WEEK_MS).toISOString() : null };
        }),
      };
    },

    // Every field was typed by the route's schema (text or absent); nothing here converts a client value.
    claim(user: User, input: { address?: string | null; platform?: string | null; sharedUrl?: string | null; sharedContent?: { title?: string | null; description?: string | null } | null }) {
      const address = typeof input.address === "string" ? input.address.trim() : "";
      if (!address) throw badRequest(ADDRESS_REQUIRED);
      if (!ADDRESS_PATTERN.test(address) || !parseLedgerAddress(address)) throw badRequest(ADDRESS_INVALID);
      let platform: Platform | null;
      if (input.platform === undefined || input.platform === null || input.platform === "") {
        // The dashboard's claim: the platform of the user's last share within the window.
        const last = lastShare.get(user.id, clock() - SHARE_WINDOW_MS);
        platform = last ? parsePlatform(last.platform) : null;
        if (!platform) throw badRequest(SHARE_FIRST);
      } else {
        platform = parsePlatform(input.platform);
        if (!platform) throw badRequest(PLATFORM_INVALID);
      }
      const sharedUrl = typeof input.sharedUrl === "string" && input.sharedUrl ? input.sharedUrl.slice(0, 500) : null;
      const content = input.sharedContent;
      const sharedContent =
        content && typeof content === "object" && !Array.isArray(content)
          ? JSON.stringify({
              title: typeof content.title === "string" ? content.title.slice(0, 200) : "",
              description: typeof content.description === "string" ? content.description.slice(0, 500) : "",
            })
          : null;
      const row = claim.immediate(user, platform, address, sharedUrl, sharedContent);
      return {
        id: row.id,
        status: row.status,
        platform: row.platform,
        amount: formatXrp(row.amount_drops),
        createdAt: new Date(row.created_at).toISOString(),
        message: "Social Sharing Bonus Submitted!",
      };
    },
  };
}
export type SocialService = ReturnType<typeof createSocialService>;
