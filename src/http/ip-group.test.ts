import { expect, test } from "bun:test";
import { ipGroup } from "./ip-group.ts";

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
  ["unknown", "subnet", "unknown"],
] as const)("%s grouped by %s is %s", (ip, grouping, expected) => {
  expect(ipGroup(ip, grouping)).toBe(expected);
});
