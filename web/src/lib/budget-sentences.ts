// The faucet page's sentences about the day's budget (budget.ts: the figures and words they use).
import { t } from "../i18n";
import { type BudgetFigures, hourUsedUp, timeWords, xrpWords } from "./budget";

// ["12.5 XRP left this hour", "more every hour until 100 XRP a day"]; once the whole day is released,
// ["12.5 XRP left of today's 100 XRP"]. (Shown joined by " · ", read out joined by "; ".)
export function budgetParts(s: Pick<BudgetFigures, "budgetLeft" | "budgetTotal" | "nextSliceAt">): string[] {
  const left = xrpWords(s.budgetLeft);
  const total = xrpWords(s.budgetTotal);
  if (s.nextSliceAt === null) return [t("faucet.budget.leftOfToday", { left, total })];
  return [t("faucet.budget.leftThisHour", { left }), t("faucet.budget.moreEveryHour", { total })];
}

// "12.5 XRP left this hour · more every hour until 100 XRP a day"; once the whole day is released,
// "12.5 XRP left of today's 100 XRP".
export const budgetWords = (s: Pick<BudgetFigures, "budgetLeft" | "budgetTotal" | "nextSliceAt">): string =>
  budgetParts(s).join(" · ");

// "The faucet has given out this hour's XRP. More opens at 3:00 PM your time (14:00 UTC)." when this
// hour's share is used up; null otherwise.
export function nextSliceSentence(
  s: Pick<BudgetFigures, "isActive" | "offlineReason" | "offlineCode" | "nextSliceAt">,
  timeZone?: string,
): string | null {
  if (!hourUsedUp(s) || s.nextSliceAt === null) return null;
  return t("faucet.budget.hourGivenOut", { time: timeWords(s.nextSliceAt, timeZone) });
}
