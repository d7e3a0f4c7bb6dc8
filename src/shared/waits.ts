// A wait as a visitor reads it, the same on every page and in the server's refusals: how long when it
// is near, and the day and time (UTC) when it ends later. Pure functions, importing nothing: the
// language ("en", "ja", "pt-BR"...) is passed in, English when none is given or it is not one of ours.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR_DAYS = 365;
// Past this many days a duration is said in days alone (the hours no longer matter).
const DAYS_WITH_HOURS = 14;

const DAY_FORMAT = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" });

// A moment in UTC as a day and a time: "Nov 30, 14:05" in English (each language's own order).
export const UTC_MOMENT: Intl.DateTimeFormatOptions = {
  timeZone: "UTC",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
};

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

// The words Intl has no formatter for, and how each language joins a day, a time and a duration.
interface Words {
  now: string;
  underMinute: string;
  overYear: string;
  in: (d: string) => string;
  at: (day: string, time: string, d: string) => string;
  onDate: (date: string) => string;
}

const WORDS: Record<string, Words> = {
  es: {
    now: "ahora",
    underMinute: "menos de un minuto",
    overYear: "más de un año",
    in: (d) => `dentro de ${d}`,
    at: (day, time, d) => `${day} a las ${time} (dentro de ${d})`,
    onDate: (date) => `el ${date}`,
  },
  pt: {
    now: "agora",
    underMinute: "menos de um minuto",
    overYear: "mais de um ano",
    in: (d) => `em ${d}`,
    at: (day, time, d) => `${day} às ${time} (em ${d})`,
    onDate: (date) => `em ${date}`,
  },
  fr: {
    now: "maintenant",
    underMinute: "moins d’une minute",
    overYear: "plus d’un an",
    in: (d) => `dans ${d}`,
    at: (day, time, d) => `${day} à ${time} (dans ${d})`,
    onDate: (date) => `le ${date}`,
  },
  tr: {
    now: "şimdi",
    underMinute: "bir dakikadan az",
    overYear: "bir yıldan fazla",
    in: (d) => `${d} sonra`,
    at: (day, time, d) => `${day} saat ${time} (${d} sonra)`,
    onDate: (date) => date,
  },
  id: {
    now: "sekarang",
    underMinute: "kurang dari satu menit",
    overYear: "lebih dari satu tahun",
    in: (d) => `dalam ${d}`,
    at: (day, time, d) => `${day} pukul ${time} (dalam ${d})`,
    onDate: (date) => `pada ${date}`,
  },
  ja: {
    now: "今すぐ",
    underMinute: "1分未満",
    overYear: "1年以上",
    in: (d) => `${d}後`,
    at: (day, time, d) => `${day} ${time}（${d}後）`,
    onDate: (date) => date,
  },
  ko: {
    now: "지금",
    underMinute: "1분 미만",
    overYear: "1년 이상",
    in: (d) => `${d} 후`,
    at: (day, time, d) => `${day} ${time} (${d} 후)`,
    onDate: (date) => date,
  },
};

const wordsFor = (lang: string | undefined): Words | null =>
  lang ? (WORDS[lang.split("-")[0].toLowerCase()] ?? null) : null;

const unit = (lang: string, u: "minute" | "hour" | "day", n: number) =>
  new Intl.NumberFormat(lang, { style: "unit", unit: u, unitDisplay: u === "day" ? "long" : "short" }).format(n);

// How long something lasts or takes, rounded up to the minute (a wait never ends sooner than said):
// "12 min", "23 h 31 min", "3 days 4 h", "20 days", "more than a year".
export function durationWords(ms: number, lang?: string): string {
  const w = wordsFor(lang);
  if (w && lang) return localDuration(ms, lang, w);
  if (ms < MINUTE) return "less than a minute";
  const minutes = Math.ceil(ms / MINUTE);
  if (minutes < 60) return `${minutes} min`;
  if (minutes < (48 * HOUR) / MINUTE) {
    const m = minutes % 60;
    return `${Math.floor(minutes / 60)} h${m ? ` ${m} min` : ""}`;
  }
  const whole = Math.floor(ms / DAY);
  if (whole >= YEAR_DAYS) return "more than a year";
  const hours = Math.floor((ms % DAY) / HOUR);
  return whole < DAYS_WITH_HOURS && hours ? `${days(whole)} ${hours} h` : days(whole);
}

function localDuration(ms: number, lang: string, w: Words): string {
  if (ms < MINUTE) return w.underMinute;
  const minutes = Math.ceil(ms / MINUTE);
  if (minutes < 60) return unit(lang, "minute", minutes);
  if (minutes < (48 * HOUR) / MINUTE) {
    const m = minutes % 60;
    const h = unit(lang, "hour", Math.floor(minutes / 60));
    return m ? `${h} ${unit(lang, "minute", m)}` : h;
  }
  const whole = Math.floor(ms / DAY);
  if (whole >= YEAR_DAYS) return w.overYear;
  const hours = Math.floor((ms % DAY) / HOUR);
  const d = unit(lang, "day", whole);
  return whole < DAYS_WITH_HOURS && hours ? `${d} ${unit(lang, "hour", hours)}` : d;
}

// When a wait that ends at `until` ends, seen at `now` (epoch ms, or anything Date reads), to follow
// "You can request again ..." or "Please try again ...": "now", "in 12 min", "today at 17:20 UTC
// (in 3 h 2 min)", "tomorrow at 22:50 UTC (in 23 h 32 min)", "on Dec 5 at 09:00 UTC (in 3 days 10 h)".
// The moment is rounded to the nearest minute (a wait a browser reckons from the server's seconds
// ends a moment after the server's minute), the duration up to the minute.
export function waitWords(
  until: number | string | Date,
  now: number | string | Date = Date.now(),
  lang?: string,
): string {
  const w = wordsFor(lang);
  const end = new Date(until).getTime();
  const from = new Date(now).getTime();
  const left = end - from;
  if (!(left > 0)) return w ? w.now : "now";
  if (left < HOUR) return w ? w.in(durationWords(left, lang)) : `in ${durationWords(left)}`;
  const at = new Date(Math.round(end / MINUTE) * MINUTE);
  const clock = `${at.toISOString().slice(11, 16)} UTC`;
  const dayGap = Math.floor(at.getTime() / DAY) - Math.floor(from / DAY);
  if (w && lang) {
    const relative = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
    const date = new Intl.DateTimeFormat(lang, { timeZone: "UTC", month: "short", day: "numeric" });
    const day = dayGap === 0 || dayGap === 1 ? relative.format(dayGap, "day") : w.onDate(date.format(at));
    return w.at(day, clock, durationWords(left, lang));
  }
  const day = dayGap === 0 ? "today" : dayGap === 1 ? "tomorrow" : `on ${DAY_FORMAT.format(at)}`;
  return `${day} at ${clock} (in ${durationWords(left)})`;
}
