// What is counted of a faucet request to score it (score.ts). The IP signals count at the network's
// width (IPv6 /48, IPv4 /24: lib/ip-group.ts), so a new /64 inside a /48 that already asked is a
// second request from it, not a new visitor; the velocity signals count the wide network (IPv6 /32,
// IPv4 /16), where only a flag, never a refusal, may come. The faucet counts them from its rows
// (modules/faucet/signal-counts.ts).
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

// Requests from other networks of a wide network are counted up to this many: from 8 in an hour
// the score is at its top, and a count that stops here costs the same however many a farm sent.
export const WIDE_REQUESTS_COUNTED = 10;

// The signals of a request's own network, device and address, in the order a request stores them
// (faucet_requests.risk_signals): a request from another network of its wide network changes none
// of them (modules/faucet/rescoring.ts).
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
