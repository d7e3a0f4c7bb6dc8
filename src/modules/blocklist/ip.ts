// IP addresses and CIDR networks as numbers, for the block list's "is this client inside that
// network". An IPv4-mapped IPv6 address (::ffff:203.0.113.7) is its IPv4 address, on either side.

export interface IpNetwork {
  version: 4 | 6;
  // the network's first address and its prefix length
  base: bigint;
  prefix: number;
}

function parseV4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255 || (part.length > 1 && part.startsWith("0"))) return null;
    value = (value << 8n) | BigInt(part);
  }
  return value;
}

function parseV6(text: string): bigint | null {
  if (!/^[0-9a-f:.]+$/i.test(text) || text.split("::").length > 2) return null;
  let groups: string[];
  let tail: bigint | null = null;
  let body = text;
  // a dotted IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is the last two groups
  const dot = body.lastIndexOf(":");
  if (body.includes(".")) {
    tail = parseV4(body.slice(dot + 1));
    if (tail === null) return null;
    body = `${body.slice(0, dot + 1)}0:0`;
  }
  if (body.includes("::")) {
    const [head, rest] = body.split("::") as [string, string];
    const left = head ? head.split(":") : [];
    const right = rest ? rest.split(":") : [];
    if (left.length + right.length > 7) return null;
    groups = [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  } else {
    groups = body.split(":");
    if (groups.length !== 8) return null;
  }
  let value = 0n;
  for (const group of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
    value = (value << 16n) | BigInt(`0x${group}`);
  }
  return tail === null ? value : (value & ~0xffffffffn) | tail;
}

const MAPPED_PREFIX = 0xffffn << 32n;
const isMapped = (v6: bigint) => v6 >> 32n === 0xffffn;

// One address: { version, value }, an IPv4-mapped IPv6 address as IPv4; null when not an address.
export function parseIp(input: string): { version: 4 | 6; value: bigint } | null {
  const text = input.trim().toLowerCase().split("%")[0]!;
  if (!text) return null;
  if (!text.includes(":")) {
    const v4 = parseV4(text);
    return v4 === null ? null : { version: 4, value: v4 };
  }
  const v6 = parseV6(text);
  if (v6 === null) return null;
  return isMapped(v6) ? { version: 4, value: v6 - MAPPED_PREFIX } : { version: 6, value: v6 };
}

// An address ("203.0.113.7", a network of one) or a network in CIDR form ("203.0.113.0/24",
// "2001:db8::/48"; IPv4 /0-32, IPv6 /0-128); null when neither. An IPv4-mapped network of /96 or
// more is the IPv4 network it maps.
export function parseNetwork(input: string): IpNetwork | null {
  const [address, prefixText, extra] = input.trim().split("/");
  if (extra !== undefined || address === undefined) return null;
  const text = address.toLowerCase();
  if (text.includes("%")) return null;
  const wasV6 = text.includes(":");
  const ip = parseIp(text);
  if (!ip) return null;
  const max = wasV6 ? 128 : 32;
  let prefix = max;
  if (prefixText !== undefined) {
    if (!/^\d{1,3}$/.test(prefixText)) return null;
    prefix = Number(prefixText);
    if (prefix > max) return null;
  }
  let version = ip.version;
  let value = ip.value;
  if (wasV6 && ip.version === 4) {
    // a mapped network: /96 and longer stay IPv4 networks; a shorter one is an IPv6 network
    if (prefix >= 96) prefix -= 96;
    else {
      version = 6;
      value = ip.value + MAPPED_PREFIX;
    }
  }
  const bits = version === 4 ? 32 : 128;
  const hostBits = BigInt(bits - prefix);
  return { version, base: (value >> hostBits) << hostBits, prefix };
}

export function networkContains(network: IpNetwork, ip: { version: 4 | 6; value: bigint }): boolean {
  if (network.version !== ip.version) return false;
  const hostBits = BigInt((network.version === 4 ? 32 : 128) - network.prefix);
  return (ip.value >> hostBits) << hostBits === network.base;
}
