// A bulk approval's confirmation counts the chosen rows that look alike.
import { expect, test } from "bun:test";
import { overlapWords, sharing } from "./overlap";

type Row = { net: string | null; dev: string | null; to: string | null };
const like = { network: (r: Row) => r.net, device: (r: Row) => r.dev, address: (r: Row) => r.to };
const row = (net: string | null, dev: string | null, to: string | null): Row => ({ net, dev, to });

test("a row counts when another chosen row has the same value; unknown values never match", () => {
  const rows = [
    row("a", "d1", "r1"),
    row("a", "d2", "r2"),
    row("b", null, "r3"),
    row(null, null, "r4"),
    row(null, "d2", "r1"),
  ];
  expect(sharing(rows, like.network)).toBe(2);
  expect(sharing(rows, like.device)).toBe(2);
  expect(sharing(rows, like.address)).toBe(2);
});

test("the sentence gives each count out of the rows chosen", () => {
  const farm = [
    ...Array.from({ length: 7 }, (_, i) => row("2001:db8:1::/48", i < 3 ? "dev-1" : `dev-${i}`, "rFarm")),
    row("198.51.100.0/24", "dev-a", "rFarm"),
    row("203.0.113.0/24", "dev-b", "rFarm"),
    row(null, "dev-c", "rFarm"),
  ];
  expect(overlapWords(farm, like)).toEqual({
    text: "7 of 10 share a network, 3 share a device, 10 share an address",
    shared: true,
  });
  expect(overlapWords([row("a", "x", "r1"), row("b", "x", "r2")], like)).toEqual({
    text: "None of 2 share a network, 2 share a device, none share an address",
    shared: true,
  });
  expect(overlapWords([row("a", "x", "r1"), row("b", "y", "r2"), row(null, null, null)], like)).toEqual({
    text: "None of the 3 share a network, a device or an address",
    shared: false,
  });
  expect(overlapWords([row("a", "x", "r1")], like)).toBeNull();
});
