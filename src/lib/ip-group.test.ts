import { expect, test } from "bun:test";
import { ipGroup, ipNetworks } from "./ip-group.ts";

test.each([
  ["198.51.100.23", "address", "198.51.100.23"],
  ["198.51.100.23", "subnet", "198.51.100.0/24"],
  ["198.51.100.250", "subnet", "198.51.100.0/24"],
  ["::ffff:198.51.100.23", "address", "198.51.100.23"],
  ["::ffff:198.51.100.23", "subnet", "198.51.100.0/24"],
  ["2001:db8:abcd:12:1:2:3:4", "subnet", "2001:db8:abcd:12::/64"],
  ["2001:db8:abcd:0012::9", "subnet", "2001:db8:abcd:12::/64"],
  ["2001:db8::1", "subnet", "2001:db8:0:0::/64"],
  ["::1", "subnet", "0:0:0:0::/64"],
  // IPv6 is grouped by /64 whatever the setting: one subscriber's network counts once
  ["2001:db8:abcd:12:1:2:3:4", "address", "2001:db8:abcd:12::/64"],
  ["2001:DB8:ABCD:12::ffff", "address", "2001:db8:abcd:12::/64"],
  ["fe80::1%eth0", "address", "fe80:0:0:0::/64"],
  ["2001:0db8:000a:b%eth0", "subnet", "2001:db8:a:b::/64"],
  ["2001:db8:0:1::", "subnet", "2001:db8:0:1::/64"],
  ["unknown", "subnet", "unknown"],
] as const)("%s grouped by %s is %s", (ip, grouping, expected) => {
  expect(ipGroup(ip, grouping)).toBe(expected);
});

// Every limit counts at several widths at once: the group (a /64, an IPv4 address or /24), the
// network (/48, /24: caps), the wide network (/32, /16: velocity only).
test.each([
  ["198.51.100.23", "subnet", { group: "198.51.100.0/24", network: "198.51.100.0/24", wide: "198.51.0.0/16" }],
  ["198.51.100.23", "address", { group: "198.51.100.23", network: "198.51.100.0/24", wide: "198.51.0.0/16" }],
  ["::ffff:198.51.7.1", "address", { group: "198.51.7.1", network: "198.51.7.0/24", wide: "198.51.0.0/16" }],
  [
    "2001:db8:abcd:12:1:2:3:4",
    "subnet",
    { group: "2001:db8:abcd:12::/64", network: "2001:db8:abcd::/48", wide: "2001:db8::/32" },
  ],
  [
    "2001:db8:abcd:ff00::1",
    "address",
    { group: "2001:db8:abcd:ff00::/64", network: "2001:db8:abcd::/48", wide: "2001:db8::/32" },
  ],
  ["unknown", "subnet", { group: "unknown", network: "unknown", wide: "unknown" }],
] as const)("%s by %s: group, network and wide network", (ip, grouping, expected) => {
  expect(ipNetworks(ip, grouping)).toEqual(expected);
});
