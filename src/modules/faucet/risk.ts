// The risk score (0-100) an admin sees beside each faucet request, with readable reasons.
// The IP signals count at the network's width (IPv6 /48, IPv4 /24: ip-group.ts), so a new /64
// inside a /48 that already asked is a second request from it, not a new visitor; the velocity
// signal counts the wide network (IPv6 /32, IPv4 /16), where only a flag, never a refusal, may come.
import { MEDIUM_RISK } from "../../shared/risk-bands.ts";

export interface RiskSignals {
  addressesFromIp: number; // other addresses from this network in 24 h
  addressesFromDevice: number; // other addresses from this device in 24 h
  rejectedFromIpOrDevice: number; // rejected requests from them in 7 days
  requestsFromIpLast10Min: number;
  devicesForAddress: number; // other devices that used this address in 30 days
  devicesFromIp: number; // other devices seen from this network in 24 h
  requestsFromWideLastHour: number; // requests from other networks of the same /32 or /16 in an hour
  requestsFromWideToday: number; // the same in 24 h
  paidToWideToday: number; // requests from other networks of the same /32 or /16 approved in 24 h
  wideName: string; // "/32" or "/16"
  newDevice: boolean; // no device cookie came with the request
  userAgent: string | null;
}

// The signals of a request's own network, device and address, in the order a request stores them
// (faucet_requests.risk_signals): a request from another network of its wide network changes none
// of them (service.ts: raiseWaiting).
export const OWN_SIGNALS = [
  "addressesFromIp",
  "addressesFromDevice",
  "rejectedFromIpOrDevice",
  "requestsFromIpLast10Min",
  "devicesForAddress",
  "devicesFromIp",
] as const;
export type OwnSignals = Pick<RiskSignals, (typeof OWN_SIGNALS)[number]>;
export const storedSignals = (s: OwnSignals): number[] => OWN_SIGNALS.map((key) => s[key]);
// (null for what a request stored before it had them, or not as this version stores them)
export function ownSignals(stored: unknown): OwnSignals | null {
  if (
    !Array.isArray(stored) ||
    stored.length !== OWN_SIGNALS.length ||
    !stored.every((n) => Number.isInteger(n) && n >= 0)
  )
    return null;
  return Object.fromEntries(OWN_SIGNALS.map((key, i) => [key, stored[i]])) as OwnSignals;
}

// the highest score: a request there is not raised again
export const TOP_SCORE = 100;
// From this score (medium and high) a request waits for a person holding no budget (risk-bands.ts).
export const HOLDS_NO_BUDGET = MEDIUM_RISK;

const SCRIPTED_AGENT =
  /curl|wget|python|go-http|okhttp|java\/|node-fetch|undici|axios|libwww|httpclient|scrapy|bot\b|spider|headless|phantom|selenium|puppeteer|playwright/i;

// the reason a request without a device cookie carries
export const FIRST_VISIT = "first visit from this device";
// Requests from other networks of one /32 or /16 in an hour that pass unremarked: honest strangers
// on one big provider; past them, each one adds VELOCITY_POINTS to all of them.
export const VELOCITY_FREE = 1;
export const VELOCITY_POINTS = 15;
// ...and in a day: a farm pacing itself (a few an hour) is seen over the day.
export const DAY_VELOCITY_FREE = 2;
export const DAY_VELOCITY_POINTS = 15;
// A wide network (a provider) gets one request paid without a person a day: the next from it waits.
export const PAID_WIDE_POINTS = MEDIUM_RISK;

// Requests from other networks of a wide network are counted up to this many: from 8 in an hour
// the score is at its top, and a count that stops here costs the same however many a farm sent.
export const WIDE_COUNT_CAP = 10;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : word.endsWith("s") ? "es" : "s"}`;

// "12 requests", or "50 or more requests" for a count that reached its cap
const atLeast = (n: number) => (n >= WIDE_COUNT_CAP ? `${n} or more requests` : plural(n, "request"));

export function scoreRisk(s: RiskSignals): { score: number; reasons: string[] } {
  let score = 0;
  const reasons: string[] = [];
  const add = (points: number, reason: string) => {
    score += points;
    reasons.push(reason);
  };
  if (s.addressesFromIp > 0)
    add(15 * s.addressesFromIp, `${plural(s.addressesFromIp + 1, "address")} from this network in 24 h`);
  if (s.addressesFromDevice > 0)
    add(25 * s.addressesFromDevice, `${plural(s.addressesFromDevice + 1, "address")} from this device in 24 h`);
  if (s.rejectedFromIpOrDevice > 0)
    add(
      Math.min(40, 20 * s.rejectedFromIpOrDevice),
      `${plural(s.rejectedFromIpOrDevice, "rejected request")} from this network or device in 7 days`,
    );
  if (s.requestsFromIpLast10Min > 0)
    add(
      10 * s.requestsFromIpLast10Min,
      `${plural(s.requestsFromIpLast10Min + 1, "request")} from this network in 10 minutes`,
    );
  if (s.devicesFromIp > 0)
    add(15 * s.devicesFromIp, `${plural(s.devicesFromIp + 1, "device")} from this network in 24 h`);
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
  if (s.devicesForAddress > 0) add(20, `address used from ${plural(s.devicesForAddress + 1, "device")} in 30 days`);
  if (s.newDevice) add(10, FIRST_VISIT);
  if (!s.userAgent) add(30, "no user agent");
  else if (SCRIPTED_AGENT.test(s.userAgent)) add(30, "scripted user agent");
  return { score: Math.min(TOP_SCORE, score), reasons };
}
