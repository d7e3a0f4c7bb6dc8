// What the public badge shows: whether the faucet takes requests now, and why not in a sentence,
// with what the faucet page states before its form (the amount range, today's budget, a surge).
// Every open page polls it, so the answer is kept for a second, and recomputed at once when the
// settings or a day's total change. Its words are in the language asked for (each kept apart).
import type { Said } from "../../lib/errors.ts";
import { utcDay } from "../../lib/time.ts";
import { DEFAULT_LANGUAGE, type PageLanguage } from "../../shared/languages.ts";
import { formatXrp } from "../../shared/money.ts";
import { said, sayIn } from "../i18n/messages.ts";
import { hourIn } from "../i18n/values.ts";
import type { FaucetSettings } from "../settings/service.ts";
import { type BudgetPools, bonusDrops } from "./budget-pools.ts";
import { BUDGET_REACHED, FAUCET_OFFLINE, SURGE_NOTICE, sliceReached, type WaitLimit } from "./model.ts";
import type { SurgeWatch } from "./surge.ts";

const STATUS_KEPT_MS = 1000;

// Switched off by the operator, today's budget given out, or this hour's share of it given out.
export type OfflineCode = "FAUCET_OFFLINE" | "BUDGET_REACHED" | "HOUR_GIVEN_OUT";

export interface FaucetStatus {
  isActive: boolean;
  // the badge's words
  message: string;
  // why the faucet takes no request, in a sentence, and as a code a page can read in any language
  // (both null when online)
  offlineReason: string | null;
  offlineCode: OfflineCode | null;
  minAmount: string;
  maxAmount: string;
  budgetLeft: string;
  budgetTotal: string;
  budgetLeftDrops: number;
  budgetTotalDrops: number;
  budgetReleased: string;
  budgetSlice: string;
  // when the next hourly slice of the day's budget opens (ISO); null once the whole day is released
  nextSliceAt: string | null;
  // what the reviewer bonus pays (XRP)
  reviewerBonus: string;
  // for the device / address asked about (?mine=1, ?address=); null when not asked
  nextClaimSeconds: number | null;
  // the limit that holds that wait longest, and why in the words of its refusal (null: none holds it)
  nextClaimLimit: WaitLimit | null;
  nextClaimReason: string | null;
  // a surge: new requests wait for a person (surge.ts), and what the faucet page says about it
  surge: boolean;
  surgeNotice: string | null;
}

export interface StatusBadgeDeps {
  clock: () => number;
  settings: { get: () => FaucetSettings };
  pools: BudgetPools;
  surge: SurgeWatch;
}

// The status with its words still to say: the badge's and why the faucet takes no request.
type Unsaid = Omit<FaucetStatus, "message" | "offlineReason"> & { message: Said; offlineReason: Said | string | null };

// A status's words in a language.
const sayStatus = (status: Unsaid, language: PageLanguage): FaucetStatus => ({
  ...status,
  message: sayIn(language, status.message),
  offlineReason: status.offlineReason && sayIn(language, status.offlineReason),
  surgeNotice: status.surgeNotice && sayIn(language, status.surgeNotice),
});

export function createStatusBadge({ clock, settings, pools, surge }: StatusBadgeDeps) {
  let kept: {
    at: number;
    settings: FaucetSettings;
    version: number;
    value: Unsaid;
    said: Map<PageLanguage, FaucetStatus>;
  } | null = null;
  return (language: PageLanguage = DEFAULT_LANGUAGE): FaucetStatus => {
    const now = clock();
    const s = settings.get();
    if (!kept || kept.settings !== s || kept.version !== pools.version() || now - kept.at >= STATUS_KEPT_MS)
      kept = { at: now, settings: s, version: pools.version(), value: statusNow(s, now), said: new Map() };
    let value = kept.said.get(language);
    if (!value) kept.said.set(language, (value = sayStatus(kept.value, language)));
    return value;
  };

  function statusNow(s: FaucetSettings, now: number): Unsaid {
    const pool = pools.now("faucet", s, now);
    const dayLeft = Math.max(0, pools.dayLeft("faucet", s, utcDay(now)));
    // (during a surge every request waits for a person holding nothing: this hour's slice does not apply)
    const surging = surge.state(now).active;
    const figures = {
      minAmount: formatXrp(s.minAmountDrops),
      maxAmount: formatXrp(s.maxAmountDrops),
      budgetLeft: formatXrp(pool.leftDrops),
      budgetTotal: formatXrp(s.dailyLimitDrops),
      budgetLeftDrops: pool.leftDrops,
      budgetTotalDrops: s.dailyLimitDrops,
      // what of the day is released so far (an hourly share, carried forward) and when more opens
      budgetReleased: formatXrp(pool.releasedDrops),
      budgetSlice: formatXrp(pool.sliceDrops),
      nextSliceAt: pool.nextSliceAt === null ? null : new Date(pool.nextSliceAt).toISOString(),
      reviewerBonus: formatXrp(bonusDrops(s)),
      nextClaimSeconds: null,
      nextClaimLimit: null,
      nextClaimReason: null,
      surge: surging,
      surgeNotice: surging ? SURGE_NOTICE : null,
    };
    if (!s.enabled)
      return {
        isActive: false,
        message: said("server.badge.offline"),
        offlineReason: FAUCET_OFFLINE,
        offlineCode: "FAUCET_OFFLINE",
        ...figures,
      };
    if (dayLeft < s.minAmountDrops || (pool.leftDrops < s.minAmountDrops && pool.nextSliceAt === null)) {
      return {
        isActive: false,
        message: said("server.badge.dayGivenOut"),
        offlineReason: BUDGET_REACHED,
        offlineCode: "BUDGET_REACHED",
        ...figures,
      };
    }
    if (pool.leftDrops < s.minAmountDrops && !surging) {
      return {
        isActive: false,
        message: said("server.badge.hourGivenOut", { time: hourIn(pool.nextSliceAt!) }),
        offlineReason: sliceReached(pool.nextSliceAt!),
        offlineCode: "HOUR_GIVEN_OUT",
        ...figures,
      };
    }
    return { isActive: true, message: said("server.badge.online"), offlineReason: null, offlineCode: null, ...figures };
  }
}
