import { afterAll, expect, test } from "bun:test";
import { createClientIpResolver } from "./client-ip.ts";

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
