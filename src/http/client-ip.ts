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
  if (!isIPv6(value) || value.includes("%")) return false;
  return !value.includes(".") || /^::ffff:\d{1,3}(?:\.\d{1,3}){3}$/i.test(value);
}

// An X-Forwarded-For header's last hop: its plain IP (normalized), "" when the hop is empty, or
// null when it is not a plain IP. Remembered per header text: a request reads it at the door, at
// its body's read and as its visitor (an IPv6 address takes a few µs to check).
const FORWARDED_REMEMBERED = 10_000;
const lastHopOf = remembered<string | null>(FORWARDED_REMEMBERED, (header) => {
  const last = header.split(",").at(-1)!.trim();
  if (last === "") return "";
  return isPlainIp(last) ? normalizeIp(last) : null;
});
const lastHop = (request: Request): string | null | undefined => {
  const header = request.headers.get("x-forwarded-for");
  if (header === null) return undefined;
  // (one IPv4 address, what a proxy in front of one server sends, is checked faster than looked up)
  return isIPv4(header) ? header : lastHopOf(header);
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
