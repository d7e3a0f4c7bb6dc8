import { isIPv4, isIPv6 } from "node:net";
import { remembered } from "../lib/remembered.ts";

interface SocketInfo {
  requestIP(request: Request): { address: string } | null;
}

// `server` is Bun's server (null under app.handle in tests).
export type ClientIpResolver = (request: Request, server: unknown) => string;

// A plain IPv4 or IPv6 address, as a proxy writes one: no port, brackets or zone, and IPv4 inside
// IPv6 only as ::ffff:a.b.c.d (which counts as its IPv4). Anything else ('[2001:db8::1]',
// '198.51.100.7:443', '::ffff:0:198.51.100.7') would slip past the block list and the per-network
// limits, which read addresses as plain ones.
export function isPlainIp(value: string): boolean {
  if (isIPv4(value)) return true;
  if (!value.includes(".")) return isHexIpv6(value);
  return isIPv6(value) && /^::ffff:\d{1,3}(?:\.\d{1,3}){3}$/i.test(value);
}

// An IPv6 address of hex groups alone (no IPv4 tail, no zone), as Node's isIPv6 reads one: eight
// groups of 1-4 hex digits, or fewer with one "::" standing for at least one. Checked by one pass
// over its characters (Node's check is one long regular expression, a good part of a request
// from a new IPv6 client's time under a flood).
export function isHexIpv6(value: string): boolean {
  const n = value.length;
  if (n < 2 || n > 39) return false;
  let groups = 0;
  let digits = 0;
  let shortened = false;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    if (c === 58 /* : */) {
      if (value.charCodeAt(i + 1) === 58) {
        // "::": ends the group before it, if any; only one, and never ":::"
        if (shortened || (digits === 0 && i !== 0)) return false;
        if (digits > 0) groups++;
        shortened = true;
        digits = 0;
        i++;
        continue;
      }
      // a single ":" ends a group and starts another
      if (digits === 0 || i === n - 1) return false;
      groups++;
      digits = 0;
    } else if ((c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70)) {
      if (++digits > 4) return false;
    } else {
      return false;
    }
  }
  if (digits > 0) groups++;
  return shortened ? groups <= 7 : groups === 8;
}

// An X-Forwarded-For header's last hop: its plain IP (normalized), "" when the hop is empty, or
// null when it is not a plain IP. A request reads it at the door and again for its client's IP. A
// header of several hops is remembered per text; one hop (what a proxy in front of one server
// sends) is checked each time, which costs less than a look-up that a flood of new addresses
// would only churn.
const FORWARDED_REMEMBERED = 10_000;
const plainHop = (hop: string): string | null => {
  const last = hop.trim();
  if (last === "") return "";
  return isPlainIp(last) ? normalizeIp(last) : null;
};
const lastHopOf = remembered<string | null>(FORWARDED_REMEMBERED, (header) =>
  plainHop(header.slice(header.lastIndexOf(",") + 1)),
);
const lastHop = (request: Request): string | null | undefined => {
  const header = request.headers.get("x-forwarded-for");
  if (header === null) return undefined;
  // (one IPv4 address, what a proxy in front of one server sends, is checked faster than looked up)
  if (isIPv4(header)) return header;
  return header.includes(",") ? lastHopOf(header) : plainHop(header);
};

// Behind the trusted proxy, a request whose last X-Forwarded-For hop is not a plain IP is refused
// at the edge (the app answers 400 before any route).
export function forwardedIpRefused(request: Request, trustProxy: boolean): boolean {
  return trustProxy && lastHop(request) === null;
}

// The socket address, or, behind the one trusted reverse proxy, the last X-Forwarded-For hop
// (the address that proxy saw). Without trustProxy the header is ignored: clients can forge it.
export function createClientIpResolver(trustProxy: boolean): ClientIpResolver {
  return (request, server) => {
    if (trustProxy) {
      const last = lastHop(request);
      if (last) return last;
    }
    const address = (server as SocketInfo | null)?.requestIP(request)?.address;
    return address ? normalizeIp(address) : "unknown";
  };
}

function normalizeIp(ip: string): string {
  const lower = ip.toLowerCase();
  return lower.startsWith("::ffff:") && lower.includes(".") ? lower.slice(7) : lower;
}
