// Money is integer drops everywhere; these are the only conversions to and from XRP text.
export const DROPS_PER_XRP = 1_000_000;

// 5_000_000 -> "5.000000"
export function formatXrp(drops: number): string {
  const sign = drops < 0 ? "-" : "";
  const abs = Math.abs(drops);
  const whole = Math.floor(abs / DROPS_PER_XRP);
  const frac = String(abs % DROPS_PER_XRP).padStart(6, "0");
  return `${sign}${whole}.${frac}`;
}

// "5", "5.5", "0.000001" -> drops; null for anything that is not a plain non-negative amount.
export function parseXrp(text: string): number | null {
  const match = /^(\d{1,11})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) return null;
  const drops = Number(match[1]) * DROPS_PER_XRP + Number((match[2] ?? "").padEnd(6, "0"));
  return Number.isSafeInteger(drops) ? drops : null;
}
