// The social-sharing bonus: 5 XRP per platform, one claim per platform per rolling 7 days (so at
// most 15 XRP a week), as a PENDING reward for an admin to verify. A claim counts for a share the
// same user recorded on that platform within the hour.
import type { Db } from "../../db/client.ts";
import type { User } from "../../db/schema.ts";
import { immediate } from "../../db/transaction.ts";
import { DAY_MS, HOUR_MS } from "../../lib/time.ts";
import { parseLedgerAddress } from "../faucet/address.ts";
import { type ClaimInput, claimView, offerView, PLATFORMS, type Platform, shareView, socialErrors } from "./model.ts";
import { createSocialRepository } from "./repository.ts";

export const BONUS_PER_PLATFORM_DROPS = 5_000_000;
export const WEEK_MS = 7 * DAY_MS;
// A claim counts for a share the same user recorded on that platform within this window.
export const SHARE_WINDOW_MS = HOUR_MS;
const ADDRESS_PATTERN = /^r[A-Za-z0-9]{24,34}$/;

export function parsePlatform(value: unknown): Platform | null {
  if (typeof value !== "string") return null;
  return PLATFORMS.find((p) => p.toLowerCase() === value.trim().toLowerCase()) ?? null;
}

export function createSocialService({ db, clock }: { db: Db; clock: () => number }) {
  const repo = createSocialRepository(db);
  // The platform a claim names, or for the dashboard's claim (none named) the one of the user's last
  // share within the window.
  const platformOf = (user: User, named: string | null | undefined): Platform => {
    if (named === undefined || named === null || named === "") {
      const last = parsePlatform(repo.lastSharePlatform(user.id, clock() - SHARE_WINDOW_MS));
      if (!last) throw socialErrors.shareFirst();
      return last;
    }
    const platform = parsePlatform(named);
    if (!platform) throw socialErrors.invalidPlatform();
    return platform;
  };

  return {
    recordShare(user: User, platformInput: string | null | undefined) {
      const platform = parsePlatform(platformInput);
      if (!platform) throw socialErrors.invalidPlatform();
      repo.insertShare(user.id, platform, clock());
      return shareView(platform);
    },

    // What the claim forms show: the amount per platform and when each platform is next claimable.
    offer(user: User | null) {
      const now = clock();
      return offerView(
        BONUS_PER_PLATFORM_DROPS,
        PLATFORMS.map((platform) => {
          const previous = user ? repo.lastClaimAt(user.id, platform, now - WEEK_MS) : null;
          return { platform, availableAt: previous === null ? null : previous + WEEK_MS };
        }),
      );
    },

    // Every field was typed by the route's schema (text or absent); nothing here converts a client value.
    claim(user: User, input: ClaimInput) {
      const address = typeof input.address === "string" ? input.address.trim() : "";
      if (!address) throw socialErrors.addressRequired();
      if (!ADDRESS_PATTERN.test(address) || !parseLedgerAddress(address)) throw socialErrors.invalidAddress();
      const platform = platformOf(user, input.platform);
      const sharedUrl = typeof input.sharedUrl === "string" && input.sharedUrl ? input.sharedUrl.slice(0, 500) : null;
      const content = input.sharedContent;
      const sharedContent =
        content && typeof content === "object" && !Array.isArray(content)
          ? {
              title: typeof content.title === "string" ? content.title.slice(0, 200) : "",
              description: typeof content.description === "string" ? content.description.slice(0, 500) : "",
            }
          : null;
      // The share, the week's limit and the write under one write lock: concurrent claims cannot
      // both pass the limit.
      const row = immediate(db, () => {
        const now = clock();
        if (!repo.sharedOn(user.id, platform, now - SHARE_WINDOW_MS)) throw socialErrors.shareFirstOn(platform);
        const previous = repo.lastClaimAt(user.id, platform, now - WEEK_MS);
        if (previous !== null) {
          const wait = previous + WEEK_MS - now;
          throw socialErrors.claimedThisWeek(platform, previous + WEEK_MS, wait / 1000);
        }
        const inserted = repo.insertClaim({ userId: user.id, amountDrops: BONUS_PER_PLATFORM_DROPS, platform, address, sharedUrl, sharedContent, createdAt: now });
        repo.setAddressIfUnset(user.id, address);
        return inserted;
      });
      return claimView(row);
    },
  };
}
export type SocialService = ReturnType<typeof createSocialService>;
