// The keys the per-IP limits count under. A farm rotates whatever is cheap, so every limit counts
// at the width the attacker pays for (docs/decisions.md, "Limits that follow the network"):
// - group:   the narrowest key: an IPv6 /64 (one subscriber on every real network); for IPv4 the
//            admin's setting chooses each address ("address") or its /24 ("subnet", the default);
// - network: an IPv6 /48 (one site or customer) or an IPv4 /24: caps and refusals count here too,
//            so a new /64 inside a /48 that already asked is a second request, not a new visitor;
// - wide:    an IPv6 /32 or an IPv4 /16 (a provider; mobile carriers put thousands of honest people
//            behind one /16): only ever a risk signal (velocity), never a refusal.
// An IPv4-mapped IPv6 address counts as its IPv4.
import { remembered } from "./remembered.ts";

export type IpGrouping = "address" | "subnet";

export interface IpNetworks {
  group: string;
  network: string;
  wide: string;
}

const V4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
const MAPPED = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;

// The eight 16-bit groups of an IPv6 address written in any of its short forms, without leading zeros.
function v6Groups(ip: string): string[] {
  const [head, tail = ""] = ip.split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return groups.map((g) => (g || "0").toLowerCase().replace(/^0+(?=.)/, ""));
}

const v6Prefix = (groups: string[], bits: 32 | 48 | 64) => `${groups.slice(0, bits / 16).join(":")}::/${bits}`;

// The networks of the latest other addresses (IPv6 written in another form, IPv4 inside IPv6), per
// grouping: a request reads them at its body's read and again in its limits, and splitting one
// again costs more than the look-up.
const NETWORKS_REMEMBERED = 10_000;
const bySubnet = remembered(NETWORKS_REMEMBERED, (ip) => Object.freeze(networksOf(ip, "subnet")));
const byAddress = remembered(NETWORKS_REMEMBERED, (ip) => Object.freeze(networksOf(ip, "address")));

export function ipNetworks(ip: string, grouping: IpGrouping): Readonly<IpNetworks> {
  // (an IPv4 address, or an IPv6 one written as its networks are, costs less to split than to look
  // up, and a flood of new ones would only churn the memory: only the others are remembered)
  if (V4.test(ip)) return v4Networks(ip, grouping);
  const written = v6NetworksAsWritten(ip);
  if (written) return written;
  return grouping === "subnet" ? bySubnet(ip) : byAddress(ip);
}

function v4Networks(ip: string, grouping: IpGrouping): IpNetworks {
  const last = ip.lastIndexOf(".");
  const slash24 = `${ip.slice(0, last)}.0/24`;
  return {
    group: grouping === "subnet" ? slash24 : ip,
    network: slash24,
    wide: `${ip.slice(0, ip.lastIndexOf(".", last - 1))}.0.0/16`,
  };
}

// An IPv6 address whose first four groups are written as its networks are (lower case, no leading
// zeros), as a proxy or a socket writes nearly every client's: its networks are slices of it.
const CANONICAL_HEAD = /^(?:(?:0|[1-9a-f][0-9a-f]{0,3}):){4}/;
function v6NetworksAsWritten(ip: string): IpNetworks | null {
  const head = CANONICAL_HEAD.exec(ip);
  if (!head) return null;
  const end = head[0].length - 1;
  const network = ip.lastIndexOf(":", end - 1);
  const wide = ip.lastIndexOf(":", network - 1);
  return {
    group: `${ip.slice(0, end)}::/64`,
    network: `${ip.slice(0, network)}::/48`,
    wide: `${ip.slice(0, wide)}::/32`,
  };
}

function networksOf(ip: string, grouping: IpGrouping): IpNetworks {
  const mapped = MAPPED.exec(ip);
  if (mapped) return networksOf(mapped[1]!, grouping);
  if (V4.test(ip)) return v4Networks(ip, grouping);
  if (ip.includes(":")) {
    const groups = v6Groups(ip);
    return { group: v6Prefix(groups, 64), network: v6Prefix(groups, 48), wide: v6Prefix(groups, 32) };
  }
  // not an IP (a test's or a socket's oddity): it counts alone at every width
  return { group: ip, network: ip, wide: ip };
}

export function ipGroup(ip: string, grouping: IpGrouping): string {
  return ipNetworks(ip, grouping).group;
}
