// A message's values that are written differently in each language (a value of said() or translate()
// may be a function of the language): amounts, an hour, a moment and a wait, by Intl in the language.
// English says each as the server always has.
import { DEFAULT_LANGUAGE, type Language } from "../../shared/languages.ts";
import { plainXrp, DROPS_PER_XRP } from "../../shared/money.ts";
import { UTC_MOMENT, waitWords } from "../../shared/waits.ts";
import { plural } from "../../shared/words.ts";
import { waitText } from "../../lib/time.ts";

type InLanguage = (language: Language) => string;

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
const format = <F>(key: string, make: () => F): F => {
  let found = formats.get(key) as F | undefined;
  if (!found) formats.set(key, (found = make()) as never);
  return found;
};

// An amount in a sentence: "22.8 XRP" in English, "22,8 XRP" in French.
export const xrpIn =
  (drops: number): InLanguage =>
  (language) =>
    language === DEFAULT_LANGUAGE
      ? `${plainXrp(drops)} XRP`
      : `${format(`xrp ${language}`, () => new Intl.NumberFormat(language, { maximumFractionDigits: 6 })).format(drops / DROPS_PER_XRP)} XRP`;

// An hour of the day (UTC): "14:00 UTC".
export const hourIn =
  (at: number): InLanguage =>
  (language) =>
    `${format(
      `hour ${language}`,
      () =>
        new Intl.DateTimeFormat(language === DEFAULT_LANGUAGE ? "en-US" : language, {
          timeZone: "UTC",
          hour: "2-digit",
          minute: "2-digit",
          hourCycle: "h23",
        }),
    ).format(new Date(at))} UTC`;

// A moment (UTC): "Jan 22, 14:05 UTC".
export const momentIn =
  (at: number): InLanguage =>
  (language) =>
    `${format(
      `moment ${language}`,
      () => new Intl.DateTimeFormat(language === DEFAULT_LANGUAGE ? "en-US" : language, UTC_MOMENT),
    ).format(new Date(at))} UTC`;

// When a wait of `ms` from `now` ends, to follow "Please try again": "in 12 minutes" in English (as
// lib/time.ts's waitText says it), the words of shared/waits.ts in the others; under a minute, in
// seconds when `seconds` is asked ("in 8 seconds").
export const waitIn =
  (ms: number, now: number, { seconds = false } = {}): InLanguage =>
  (language) => {
    const left = Math.max(1, Math.ceil(ms / 1000));
    if (seconds && ms < 60_000) {
      if (language === DEFAULT_LANGUAGE) return `in ${plural(left, "second")}`;
      return format(`seconds ${language}`, () => new Intl.RelativeTimeFormat(language, { numeric: "always" })).format(
        left,
        "second",
      );
    }
    return language === DEFAULT_LANGUAGE ? waitText(ms) : waitWords(now + ms, now, language);
  };
