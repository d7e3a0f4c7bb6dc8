// A faucet request's risk score (0-100), with the reasons the admin reads: each signal's points
// beside why it weighs what it does. What a score means (low, medium, high) and what holds budget
// are the bands of src/shared/risk-bands.ts; the ledger's points on the address (address-points.ts)
// are added later and kept apart, so either part can be counted again without the other.
import { MEDIUM_RISK } from "../../shared/risk-bands.ts";
import { plural } from "../../shared/words.ts";
import { type RiskSignals, WIDE_REQUESTS_COUNTED } from "./signals.ts";

// the highest score: a request there is not raised again
export const TOP_SCORE = 100;
// From this score (medium and high) a request waits for a person holding no budget (risk-bands.ts).
export const HOLDS_NO_BUDGET = MEDIUM_RISK;

// Each other address from its network in 24 h: a household or an office shares one network, so one
// other address stays low and two make it medium.
const NETWORK_ADDRESS_POINTS = 15;
// Each other address from its device in 24 h: a device is one person, so one is already medium.
const DEVICE_ADDRESS_POINTS = 25;
// Each request rejected from its network or device in 7 days, two at most: a person said no there.
const REJECTED_POINTS = 20;
const REJECTED_MOST_POINTS = 40;
// Each other request from its network in the last 10 minutes: a burst from one place.
const RECENT_REQUEST_POINTS = 10;
// Each other device from its network in 24 h: a farm rotating devices behind one network.
const NETWORK_DEVICE_POINTS = 15;
// Its address used from other devices in 30 days: one wallet asked for from several places.
const SHARED_ADDRESS_POINTS = 20;
// No device cookie came with it: a first visit, or a script that keeps no cookies. Alone it stays low.
export const FIRST_VISIT = "first visit from this device";
const FIRST_VISIT_POINTS = 10;
// No user agent, or a scripting tool's: every browser sends its own. Alone it makes a request medium.
const NOT_A_BROWSER_POINTS = 30;
const SCRIPTED_AGENT = new RegExp(
  [
    "curl|wget|python|go-http|okhttp|java/|node-fetch|undici|axios|libwww|httpclient|scrapy",
    "bot\\b|spider|headless|phantom|selenium|puppeteer|playwright",
  ].join("|"),
  "i",
);
// Requests from other networks of one /32 or /16 in an hour that pass unremarked: honest strangers
// on one big provider; past them, each one adds VELOCITY_POINTS to all of them.
export const VELOCITY_FREE = 1;
export const VELOCITY_POINTS = 15;
// ...and in a day: a farm pacing itself (a few an hour) is seen over the day.
export const DAY_VELOCITY_FREE = 2;
export const DAY_VELOCITY_POINTS = 15;
// A wide network (a provider) gets one request paid without a person a day: the next from it waits.
export const PAID_WIDE_POINTS = MEDIUM_RISK;

export function scoreRisk(s: RiskSignals): { score: number; reasons: string[] } {
  let score = 0;
  const reasons: string[] = [];
  const add = (points: number, reason: string) => {
    score += points;
    reasons.push(reason);
  };
  if (s.addressesFromIp > 0)
    add(
      NETWORK_ADDRESS_POINTS * s.addressesFromIp,
      `${plural(s.addressesFromIp + 1, "address")} from this network in 24 h`,
    );
  if (s.addressesFromDevice > 0)
    add(
      DEVICE_ADDRESS_POINTS * s.addressesFromDevice,
      `${plural(s.addressesFromDevice + 1, "address")} from this device in 24 h`,
    );
  if (s.rejectedFromIpOrDevice > 0)
    add(
      Math.min(REJECTED_MOST_POINTS, REJECTED_POINTS * s.rejectedFromIpOrDevice),
      `${plural(s.rejectedFromIpOrDevice, "rejected request")} from this network or device in 7 days`,
    );
  if (s.requestsFromIpLast10Min > 0)
    add(
      RECENT_REQUEST_POINTS * s.requestsFromIpLast10Min,
      `${plural(s.requestsFromIpLast10Min + 1, "request")} from this network in 10 minutes`,
    );
  if (s.devicesFromIp > 0)
    add(NETWORK_DEVICE_POINTS * s.devicesFromIp, `${plural(s.devicesFromIp + 1, "device")} from this network in 24 h`);
  const velocity = s.requestsFromWideLastHour - VELOCITY_FREE;
  if (velocity > 0)
    add(
      VELOCITY_POINTS * velocity,
      `${atLeast(s.requestsFromWideLastHour)} from other networks of this ${s.wideName} in an hour`,
    );
  const dayVelocity = s.requestsFromWideToday - Math.max(DAY_VELOCITY_FREE, s.requestsFromWideLastHour);
  if (s.paidToWideToday > 0)
    add(PAID_WIDE_POINTS, `a request from another network of this ${s.wideName} was approved in 24 h`);
  if (dayVelocity > 0)
    add(
      DAY_VELOCITY_POINTS * dayVelocity,
      `${atLeast(s.requestsFromWideToday)} from other networks of this ${s.wideName} in 24 h`,
    );
  if (s.devicesForAddress > 0)
    add(SHARED_ADDRESS_POINTS, `address used from ${plural(s.devicesForAddress + 1, "device")} in 30 days`);
  if (s.newDevice) add(FIRST_VISIT_POINTS, FIRST_VISIT);
  if (!s.userAgent) add(NOT_A_BROWSER_POINTS, "no user agent");
  else if (SCRIPTED_AGENT.test(s.userAgent)) add(NOT_A_BROWSER_POINTS, "scripted user agent");
  return { score: Math.min(TOP_SCORE, score), reasons };
}

// "12 requests", or "10 or more requests" for a count that reached WIDE_REQUESTS_COUNTED
const atLeast = (n: number) => (n >= WIDE_REQUESTS_COUNTED ? `${n} or more requests` : plural(n, "request"));

// A stored score's two parts: the network's (the signals above) and the address's (the ledger's
// points and reasons, address-points.ts).
export interface StoredRisk {
  riskScore: number | null;
  riskReasons: string[] | null;
  addressPoints: number;
  addressReasons: string[] | null;
}

// The network's part of a stored score: the score and reasons without the address's part.
export function networkPart(stored: StoredRisk): { score: number; reasons: string[] } {
  const addressReasons = stored.addressReasons ?? [];
  return {
    score: (stored.riskScore ?? 0) - stored.addressPoints,
    reasons: (stored.riskReasons ?? []).filter((r) => !addressReasons.includes(r)),
  };
}

// The network's part with the address's points and reasons: the score a request stores (0 to 100).
export function withAddressPoints(network: { score: number; reasons: string[] }, points: number, reasons: string[]) {
  return { score: Math.max(0, Math.min(TOP_SCORE, network.score + points)), reasons: [...network.reasons, ...reasons] };
}
