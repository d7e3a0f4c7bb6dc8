// The faucet page's sentences about the day's budget (budget.ts: the figures and words they use).
import { type BudgetFigures, hourUsedUp, timeWords, xrpWords } from "./budget";

// "12.5 XRP left this hour · more every hour until 100 XRP a day"; once the whole day is released,
// "12.5 XRP left of today's 100 XRP".
export function budgetWords(s: Pick<BudgetFigures, "budgetLeft" | "budgetTotal" | "nextSliceAt">): string {
  if (s.nextSliceAt === null) return `${xrpWords(s.budgetLeft)} XRP left of today's ${xrpWords(s.budgetTotal)} XRP`;
  return `${xrpWords(s.budgetLeft)} XRP left this hour · more every hour until ${xrpWords(s.budgetTotal)} XRP a day`;
}

// "The faucet has given out this hour's XRP. More opens at 3:00 PM your time (14:00 UTC)." when this
// hour's share is used up; null otherwise.
export function nextSliceSentence(
  s: Pick<BudgetFigures, "isActive" | "offlineReason" | "nextSliceAt">,
  timeZone?: string,
): string | null {
  if (!hourUsedUp(s) || s.nextSliceAt === null) return null;
  return `The faucet has given out this hour's XRP. More opens at ${timeWords(s.nextSliceAt, timeZone)}.`;
}
