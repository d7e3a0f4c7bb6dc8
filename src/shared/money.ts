// Money is integer drops everywhere; these are the only conversions to and from XRP text, on the
// server and in the browser alike (constants and pure functions, importing nothing).
export const DROPS_PER_XRP = 1_000_000;

// 5_000_000 -> "5.000000", -1_500_000 -> "-1.500000"
export function formatXrp(drops: number): string {
  const sign = drops < 0 ? "-" : "";
  const abs = Math.abs(drops);
  const whole = Math.floor(abs / DROPS_PER_XRP);
  const frac = String(abs % DROPS_PER_XRP).padStart(6, "0");
  return `${sign}${whole}.${frac}`;
}

// An amount as a figure in a sentence, without trailing zeros: 22_800_000 -> "22.8", 5_000_000 -> "5",
// -1_500_000 -> "-1.5".
export const plainXrp = (drops: number) => formatXrp(drops).replace(/\.?0+$/, "");

// An amount as formatXrp writes it, sign included: "-1.500000" -> -1_500_000, "22.8" -> 22_800_000;
// null for anything else. The browser reads the server's amounts with it, balances below zero too.
export function xrpToDrops(text: string): number | null {
  const match = /^(-?)(\d{1,11})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) return null;
  const abs = Number(match[2]) * DROPS_PER_XRP + Number((match[3] ?? "").padEnd(6, "0"));
  if (!Number.isSafeInteger(abs)) return null;
  return match[1] && abs > 0 ? -abs : abs;
}

// What a person types as an amount: "5", "5.5", "0.000001" -> drops; null for anything that is not a
// plain non-negative amount.
export function parseXrp(text: string): number | null {
  return text.trim().startsWith("-") ? null : xrpToDrops(text);
}

// The total of amounts the server wrote, summed as drops so that no floating-point error creeps in:
// ["0.1", "0.2"] -> "0.300000"; null when one of them is not an amount.
export function totalXrp(amounts: readonly string[]): string | null {
  let drops = 0;
  for (const amount of amounts) {
    const one = xrpToDrops(amount);
    if (one === null) return null;
    drops += one;
  }
  return formatXrp(drops);
}

// An amount the server wrote, for reading: "100000.000000" -> "100,000 XRP", "22.800000" -> "22.8 XRP",
// "-1.500000" -> "-1.5 XRP": thousands grouped, no trailing zeros, never rounded (read as drops);
// "unknown" for no amount.
export function readableXrp(xrp: string | null | undefined): string {
  const drops = xrp === null || xrp === undefined ? null : xrpToDrops(xrp);
  if (drops === null) return "unknown";
  const [whole = "", fraction] = plainXrp(drops).split(".");
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ",")}${fraction ? `.${fraction}` : ""} XRP`;
}
