// The key the per-IP limits count under: the address itself, or its network (IPv4 /24, IPv6 /64),
// so that one machine with many addresses of a block counts once.
export type IpGrouping = "address" | "subnet";

export function ipGroup(ip: string, grouping: IpGrouping): string {
  if (grouping === "address") return ip;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (ip.includes(":")) {
    const [head, tail = ""] = ip.split("::");
    const left = head ? head.split(":") : [];
    const right = tail ? tail.split(":") : [];
    const groups = ip.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
    return `${groups.slice(0, 4).map((g) => (g || "0").replace(/^0+(?=.)/, "")).join(":")}::/64`;
  }
  return ip;
}
