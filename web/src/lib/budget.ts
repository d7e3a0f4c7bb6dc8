// The faucet's day budget in a visitor's words. The server releases the day an hour at a time (1/24
// of it each hour, unused hours carried forward): `budgetLeft` is what is left of the part released
// so far, `nextSliceAt` when the next hour's share opens (null once the whole day is out). (The faucet
// page's sentences about it are budget-sentences.ts: not in the home page's download.)

import { locale, t } from "../i18n";

export interface BudgetFigures {
  isActive: boolean;
  offlineReason: string | null;
  offlineCode: "FAUCET_OFFLINE" | "BUDGET_REACHED" | "HOUR_GIVEN_OUT" | null;
  budgetLeft: string;
  budgetTotal: string;
  budgetReleased: string;
  nextSliceAt: string | null;
}

// "12.5", "100": an XRP amount as a figure in a sentence (not a payment's 6 decimals). One formatter
// for every call: toLocaleString with options builds a new one each time, a cost in every render.
// The page language's (en-US for English).
const XRP_FORMATS = new Map<string, Intl.NumberFormat>();
export function xrpWords(xrp: string | number): string {
  const language = locale() === "en" ? "en-US" : locale();
  let format = XRP_FORMATS.get(language);
  if (!format) XRP_FORMATS.set(language, (format = new Intl.NumberFormat(language, { maximumFractionDigits: 6 })));
  return format.format(typeof xrp === "string" ? (xrp as Intl.StringNumericLiteral) : xrp);
}

// "3:00 PM your time (14:00 UTC)", or "14:00 UTC" where the visitor's clock is UTC. `timeZone` for
// tests; the browser's own by default.
export function timeWords(iso: string, timeZone?: string): string {
  const at = new Date(iso);
  const utc = at.toISOString().slice(11, 16);
  const clock24 = at.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone });
  if (clock24 === utc) return t("claim.budget.utc", { utc });
  // (some ICU versions put a narrow no-break space before AM/PM)
  const language = locale() === "en" ? "en-US" : locale();
  const local = at.toLocaleTimeString(language, { hour: "numeric", minute: "2-digit", timeZone }).replace(/\s/g, " ");
  return t("claim.budget.localTime", { local, utc });
}

// Whether the faucet is offline because this hour's share is given out (more opens at nextSliceAt),
// not because it is switched off or the whole day is given out.
export function hourUsedUp(s: Pick<BudgetFigures, "isActive" | "offlineCode" | "nextSliceAt">): boolean {
  return !s.isActive && s.nextSliceAt !== null && s.offlineCode === "HOUR_GIVEN_OUT";
}
