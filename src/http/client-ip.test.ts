import { afterAll, expect, test } from "bun:test";
import { randomAddress, testApp } from "../testing/harness.ts";
import { isIPv6 } from "node:net";
import { createClientIpResolver, isHexIpv6, isPlainIp } from "./client-ip.ts";

// A real server, so the socket address is real.
const direct = createClientIpResolver(false);
const proxied = createClientIpResolver(true);
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch: (request, srv) => Response.json({ direct: direct(request, srv), proxied: proxied(request, srv) }),
});
afterAll(() => server.stop(true));

const ask = async (headers: Record<string, string> = {}) =>
  (await fetch(`http://127.0.0.1:${server.port}/`, { headers })).json();

test("without a trusted proxy the socket address counts and X-Forwarded-For is ignored", async () => {
  expect((await ask()).direct).toBe("127.0.0.1");
  expect((await ask({ "x-forwarded-for": "198.51.100.1" })).direct).toBe("127.0.0.1");
});

test("behind the trusted proxy the last X-Forwarded-For hop counts, whatever the client prepended", async () => {
  expect((await ask({ "x-forwarded-for": "10.9.9.9, 203.0.113.5" })).proxied).toBe("203.0.113.5");
  expect((await ask({ "x-forwarded-for": "::FFFF:203.0.113.6" })).proxied).toBe("203.0.113.6");
  expect((await ask()).proxied).toBe("127.0.0.1");
});

test("a forwarded value that is not a plain IP never counts as the client's address", async () => {
  for (const odd of [
    "[2001:db8::1]",
    "198.51.100.7:443",
    "::ffff:0:198.51.100.7",
    "::198.51.100.7",
    "fe80::1%eth0",
    "unknown",
    "198.51.100.300",
  ]) {
    expect((await ask({ "x-forwarded-for": odd })).proxied).toBe("127.0.0.1");
    expect(isPlainIp(odd)).toBe(false);
  }
  for (const plain of ["198.51.100.7", "2001:db8::1", "::ffff:198.51.100.7"]) expect(isPlainIp(plain)).toBe(true);
});

test("behind the trusted proxy, a request whose forwarded address is not a plain IP is refused at the edge, storing nothing", async () => {
  const t = testApp({ config: { publicUrl: null, trustProxy: true }, clientIp: createClientIpResolver(true) });
  try {
    for (const odd of ["[2001:db8::1]", "198.51.100.7:443", "::ffff:0:198.51.100.7"]) {
      const res = await t.call("POST", "/api/faucet/request", {
        body: { address: randomAddress() },
        headers: { "x-forwarded-for": odd },
      });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: "The forwarded client address is not an IP address" });
    }
    expect((t.db.sqlite.query("select count(*) as n from faucet_requests").get() as { n: number }).n).toBe(0);
    const plain = await t.call("POST", "/api/faucet/request", {
      body: { address: randomAddress() },
      headers: { "x-forwarded-for": "198.51.100.7" },
    });
    expect(plain.status).toBe(201);
    expect((t.db.sqlite.query("select requester_ip as ip from faucet_requests").get() as { ip: string }).ip).toBe(
      "198.51.100.7",
    );
  } finally {
    t.close();
  }
});

// The hex-only IPv6 check (one pass over the characters) reads every text as Node's isIPv6 does,
// leaving out the forms a plain IP cannot take (a zone, an IPv4 tail): written forms of groups of
// every length, with and without "::", a stray ":" at either end, and random text of its characters.
test("an IPv6 address of hex groups is told as Node's isIPv6 tells it", () => {
  let seed = 20261129;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
  const pick = (chars: string) => chars[Math.floor(random() * chars.length)]!;
  const written = () => {
    const groups = Array.from({ length: Math.floor(random() * 10) }, () =>
      Array.from({ length: Math.floor(random() * 6) }, () => pick("0123456789abcdefABCDEF")).join(""),
    );
    let text = groups.join(":");
    if (random() < 0.6) {
      const at = Math.floor(random() * (text.length + 1));
      text = text.slice(0, at) + (random() < 0.8 ? "::" : ":") + text.slice(at);
    }
    return (random() < 0.1 ? ":" : "") + text + (random() < 0.1 ? ":" : "");
  };
  const scrambled = () =>
    Array.from({ length: Math.floor(random() * 42) }, () => pick("0123456789abcdefABCDEF:::::g ")).join("");
  let valid = 0;
  for (let i = 0; i < 100_000; i++) {
    const text = i % 2 ? written() : scrambled();
    const expected = isIPv6(text);
    if (expected) valid++;
    if (isHexIpv6(text) !== expected) throw new Error(`${JSON.stringify(text)}: expected ${expected}`);
  }
  expect(valid).toBeGreaterThan(5_000);
  for (const text of [
    "::",
    "::1",
    "1::",
    "1:2:3:4:5:6:7:8",
    "1:2:3:4:5:6:7::",
    "::2:3:4:5:6:7:8",
    "2a0b:4000:0:ffff::1",
    "FE80::1",
  ])
    expect(isHexIpv6(text)).toBe(true);
  for (const text of [
    ":::",
    "1:::2",
    "1::2::3",
    ":1",
    "1:",
    "1:2:3:4:5:6:7:8:9",
    "1::2:3:4:5:6:7:8",
    "12345::1",
    "g::1",
    "",
    ":",
  ])
    expect(isHexIpv6(text)).toBe(false);
});
