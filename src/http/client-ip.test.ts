import { afterAll, expect, test } from "bun:test";
import { randomAddress, testApp } from "../testing/harness.ts";
import { createClientIpResolver, isPlainIp } from "./client-ip.ts";

// A real server, so the socket address is real.
const direct = createClientIpResolver(false);
const proxied = createClientIpResolver(true);
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch: (request, srv) => Response.json({ direct: direct(request, srv), proxied: proxied(request, srv) }),
});
afterAll(() => server.stop(true));

const ask = async (headers: Record<string, string> = {}) => (await fetch(`http://127.0.0.1:${server.port}/`, { headers })).json();

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
  for (const odd of ["[2001:db8::1]", "198.51.100.7:443", "::ffff:0:198.51.100.7", "::198.51.100.7", "fe80::1%eth0", "unknown", "198.51.100.300"]) {
    expect((await ask({ "x-forwarded-for": odd })).proxied).toBe("127.0.0.1");
    expect(isPlainIp(odd)).toBe(false);
  }
  for (const plain of ["198.51.100.7", "2001:db8::1", "::ffff:198.51.100.7"]) expect(isPlainIp(plain)).toBe(true);
});

test("behind the trusted proxy, a request whose forwarded address is not a plain IP is refused at the edge, storing nothing", async () => {
  const t = testApp({ config: { publicUrl: null, trustProxy: true }, clientIp: createClientIpResolver(true) });
  try {
    for (const odd of ["[2001:db8::1]", "198.51.100.7:443", "::ffff:0:198.51.100.7"]) {
      const res = await t.call("POST", "/api/faucet/request", { body: { address: randomAddress() }, headers: { "x-forwarded-for": odd } });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: "The forwarded client address is not an IP address" });
    }
    expect((t.db.sqlite.query("select count(*) as n from faucet_requests").get() as { n: number }).n).toBe(0);
    const plain = await t.call("POST", "/api/faucet/request", { body: { address: randomAddress() }, headers: { "x-forwarded-for": "198.51.100.7" } });
    expect(plain.status).toBe(201);
    expect((t.db.sqlite.query("select requester_ip as ip from faucet_requests").get() as { ip: string }).ip).toBe("198.51.100.7");
  } finally {
    t.close();
  }
});
