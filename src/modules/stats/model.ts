// What the figures' calls answer: XRP as numbers (the chart and the counter add them up).
import { DROPS_PER_XRP, formatXrp } from "../../shared/money.ts";
import { iso } from "../../lib/time.ts";

export interface DayFigures {
  day: string; // YYYY-MM-DD (UTC)
  requests: number;
  requestedDrops: number;
  paidDrops: number;
}

export const payoutTotalView = (paidDrops: number) => ({ totalPayouts: paidDrops / DROPS_PER_XRP });

export const dayView = (d: DayFigures) => ({
  day: d.day,
  requests: d.requests,
  xrpRequested: d.requestedDrops / DROPS_PER_XRP,
  xrpPaid: d.paidDrops / DROPS_PER_XRP,
});

// The public feed of the latest payments: nothing but what the ledger shows anyone (the address
// shortened, the amount, the hash, when it settled). Never who asked, their IP or device.
export const RECENT_PAYOUTS = 10;
export interface RecentPayout {
  destination: string;
  amountDrops: number;
  txHash: string | null;
  paidAt: number;
}
export const shortAddress = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;
export const recentPayoutView = (r: RecentPayout) => ({
  address: shortAddress(r.destination),
  amount: formatXrp(r.amountDrops),
  txHash: r.txHash,
  paidAt: iso(r.paidAt)!,
});
