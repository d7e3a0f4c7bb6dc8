// The key the per-IP limits count under. An IPv6 address always counts as its /64: one subscriber
// on every real network, so rotating addresses inside it gains nothing. The admin's setting chooses
// only between each IPv4 address ("address") and its IPv4 /24 ("subnet").
export type IpGrouping = "address" | "subnet";

export function ipGroup(ip: string, grouping: IpGrouping): string {
  const mapped = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i.exec(ip);
  if (mapped) return ipGroup(mapped[1]!, grouping);
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ip);
  if (v4) return grouping === "subnet" ? `${v4[1]}.${v4[2]}.${v4[3]}.0/24` : ip;
  if (ip.includes(":")) {
    const [head, tail = ""] = ip.split("%")[0]!.split("::");
    const left = head ? head.split(":") : [];
    const right = tail ? tail.split(":") : [];
    const groups = ip.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
    return `${groups.slice(0, 4).map((g) => (g || "0").toLowerCase().replace(/^0+(?=.)/, "")).join(":")}::/64`;
  }
  return ip;
}
