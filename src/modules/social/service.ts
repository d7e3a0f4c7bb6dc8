// The social-sharing bonus: 5 XRP per platform, one claim per platform per rolling 7 days (so at
// most 15 XRP a week), as a PENDING reward for an admin to verify. A claim counts for a share the
// same user recorded on that platform within the hour. Beyond the account (an account farm makes
// accounts cheaply): an account at least bonusMinAccountAgeHours old, at most 3 claims a rolling
// week per payout address, per registration network and per registration device, the amount held
// by the day's bonus budget, and a risk score for the admin (risk.ts).
import type { Db } from "../../db/client.ts";
import type { User } from "../../db/schema.ts";
import { immediate } from "../../db/transaction.ts";
import type { Said } from "../../lib/errors.ts";
import { DAY_MS, HOUR_MS } from "../../lib/time.ts";
import { DEFAULT_LANGUAGE, type PageLanguage } from "../../shared/languages.ts";
import { parseLedgerAddress } from "../../lib/ledger-address.ts";
import type { FaucetService } from "../faucet/service.ts";
import type { SettingsService } from "../settings/service.ts";
import {
  type BonusWait,
  type ClaimInput,
  type Claimant,
  claimView,
  offerView,
  PLATFORMS,
  type Platform,
  shareView,
  socialErrors,
  WEEKLY_CLAIMS,
  waitTexts,
} from "./model.ts";
import { createSocialRepository } from "./repository.ts";
import { registrationWide, scoreClaim } from "./risk.ts";
import { type LiveChanged, NOTHING_WATCHES } from "../live/model.ts";

export const BONUS_PER_PLATFORM_DROPS = 5_000_000;
export const WEEK_MS = 7 * DAY_MS;
// A claim counts for a share the same user recorded on that platform within this window.
export const SHARE_WINDOW_MS = HOUR_MS;
const ADDRESS_PATTERN = /^r[A-Za-z0-9]{24,34}$/;

export function parsePlatform(value: unknown): Platform | null {
  if (typeof value !== "string") return null;
  return PLATFORMS.find((p) => p.toLowerCase() === value.trim().toLowerCase()) ?? null;
}

export interface SocialDeps {
  db: Db;
  clock: () => number;
  // the account age a bonus needs (bonusMinAccountAgeHours)
  settings: Pick<SettingsService, "get">;
  // the day's bonus budget
  faucet: Pick<FaucetService, "checkBonus">;
  // told of each claim, for the admins watching (modules/live)
  changed?: LiveChanged;
}

// When a weekly limit lets one more claim in, if `times` (the newest counted claims of the week,
// newest first) already hold WEEKLY_CLAIMS; null when one may come now.
const weeklyOpening = (times: number[]): number | null =>
  times.length >= WEEKLY_CLAIMS ? times[WEEKLY_CLAIMS - 1]! + WEEK_MS : null;

export function createSocialService({ db, clock, settings, faucet, changed = NOTHING_WATCHES }: SocialDeps) {
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

  // The account's age a bonus needs, while it is too young.
  const ageWait = (user: User, now: number): (BonusWait & { hours: number }) | null => {
    const hours = settings.get().bonusMinAccountAgeHours;
    const availableAt = user.createdAt + hours * HOUR_MS;
    return now < availableAt
      ? { limit: "account_age", availableAt, hours, message: waitTexts.accountTooNew(hours, availableAt) }
      : null;
  };
  // The week's limits beyond the account that hold a claim now: the payout address (when known), the
  // registration network and device (none for an account made before they were stored, or by the
  // command line). In the order a claim checks them.
  const weeklyWaits = (user: User, address: string | null, now: number): BonusWait[] => {
    const weekAgo = now - WEEK_MS;
    const waits: BonusWait[] = [];
    const add = (limit: BonusWait["limit"], opens: number | null, text: (drops: number, at: number) => Said) => {
      if (opens !== null) waits.push({ limit, availableAt: opens, message: text(BONUS_PER_PLATFORM_DROPS, opens) });
    };
    if (address !== null)
      add("address", weeklyOpening(repo.newestToAddress(address, weekAgo)), waitTexts.addressThisWeek);
    if (user.ipNetwork !== null)
      add("network", weeklyOpening(repo.newestFromNetwork(user.ipNetwork, weekAgo)), waitTexts.networkThisWeek);
    if (user.deviceId !== null)
      add("device", weeklyOpening(repo.newestFromDevice(user.deviceId, weekAgo)), waitTexts.deviceThisWeek);
    return waits;
  };
  const refusal = {
    address: socialErrors.addressThisWeek,
    network: socialErrors.networkThisWeek,
    device: socialErrors.deviceThisWeek,
  } as const;

  return {
    recordShare(user: User, platformInput: string | null | undefined) {
      const platform = parsePlatform(platformInput);
      if (!platform) throw socialErrors.invalidPlatform();
      repo.insertShare(user.id, platform, clock());
      return shareView(platform);
    },

    // What the claim forms show before anyone shares: the amount per platform, when each platform is
    // next claimable, and for a user every limit that holds their bonuses now, with its date (the
    // account's age; the week's most per saved payout address, registration network and device).
    // (its words in `language`)
    offer(user: User | null, language: PageLanguage = DEFAULT_LANGUAGE) {
      const now = clock();
      const age = user ? ageWait(user, now) : null;
      const waits = user ? [...(age ? [age] : []), ...weeklyWaits(user, user.xrpAddress, now)] : [];
      return offerView(
        BONUS_PER_PLATFORM_DROPS,
        PLATFORMS.map((platform) => {
          const previous = user ? repo.lastClaimAt(user.id, platform, now - WEEK_MS) : null;
          return { platform, availableAt: previous === null ? null : previous + WEEK_MS };
        }),
        settings.get().bonusMinAccountAgeHours,
        waits.map(({ limit, availableAt, message }) => ({ limit, availableAt, message })),
        language,
      );
    },

    // Every field was typed by the route's schema (text or absent); nothing here converts a client value.
    // `from`: the claimant's IP, network and device, stored with the claim.
    claim(user: User, input: ClaimInput, from: Claimant) {
      const address = typeof input.address === "string" ? input.address.trim() : "";
      if (!address) throw socialErrors.addressRequired();
      if (!ADDRESS_PATTERN.test(address) || !parseLedgerAddress(address)) throw socialErrors.invalidAddress();
      const young = ageWait(user, clock());
      if (young) throw socialErrors.accountTooNew(young.hours, young.availableAt);
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
      // The share, the week's limits, the budget and the write under one write lock: concurrent
      // claims cannot both pass a limit.
      const row = immediate(db, () => {
        const now = clock();
        const weekAgo = now - WEEK_MS;
        if (!repo.sharedOn(user.id, platform, now - SHARE_WINDOW_MS)) throw socialErrors.shareFirstOn(platform);
        const previous = repo.lastClaimAt(user.id, platform, weekAgo);
        if (previous !== null) {
          const wait = previous + WEEK_MS - now;
          throw socialErrors.claimedThisWeek(platform, previous + WEEK_MS, wait / 1000);
        }
        // beyond the account: the payout address, the registration network and device
        const [held] = weeklyWaits(user, address, now);
        if (held)
          throw refusal[held.limit as keyof typeof refusal](
            BONUS_PER_PLATFORM_DROPS,
            held.availableAt,
            (held.availableAt - now) / 1000,
          );
        // (a claim waits for a person holding none of the bonus budget: taken when approved)
        faucet.checkBonus(BONUS_PER_PLATFORM_DROPS);
        const risk = scoreClaim({
          accountsToAddress: repo.accountsToAddress(address, user.id, weekAgo),
          accountsClaimedFromNetwork: repo.accountsFromClaimNetwork(from.ipNetwork, user.id, now - DAY_MS),
          accountsClaimedFromDevice: repo.accountsFromClaimDevice(from.deviceId, user.id, weekAgo),
          accountsRegisteredFromNetwork:
            user.ipNetwork === null ? 0 : repo.registeredFromNetwork(user.ipNetwork, user.id, weekAgo),
          accountsRegisteredOnDevice: user.deviceId === null ? 0 : repo.registeredOnDevice(user.deviceId, user.id),
          accountsRegisteredFromWide: registrationWide(user, repo.registeredFromWide),
          youngAccount: now - user.createdAt < WEEK_MS,
          paidAddress: repo.paidAddress(address),
        });
        const inserted = repo.insertClaim({
          userId: user.id,
          amountDrops: BONUS_PER_PLATFORM_DROPS,
          platform,
          address,
          sharedUrl,
          sharedContent,
          ip: from.ip,
          ipNetwork: from.ipNetwork,
          deviceId: from.deviceId,
          riskScore: risk.score,
          riskReasons: risk.reasons,
          budgetDay: null,
          createdAt: now,
        });
        repo.setAddressIfUnset(user.id, address);
        return inserted;
      });
      changed("claims");
      return claimView(row);
    },
  };
}
export type SocialService = ReturnType<typeof createSocialService>;
