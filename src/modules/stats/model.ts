// What the figures' calls answer: XRP as numbers (the chart and the counter add them up).
import { DROPS_PER_XRP } from "../../money.ts";

export interface DayFigures {
  day: string; // YYYY-MM-DD (UTC)
  requests: number;
  requestedDrops: number;
  paidDrops: number;
}

export const payoutTotalView = (paidDrops: number) => ({ totalPayouts: paidDrops / DROPS_PER_XRP });

export const dayView = (d: DayFigures) => ({ day: d.day, requests: d.requests, xrpRequested: d.requestedDrops / DROPS_PER_XRP, xrpPaid: d.paidDrops / DROPS_PER_XRP });
