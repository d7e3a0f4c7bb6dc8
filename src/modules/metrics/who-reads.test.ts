// Who may read GET /metrics over real HTTP: the socket's peer, never X-Forwarded-For; the operator's
// token.
import { afterEach, describe, expect, test } from "bun:test";
import { networkInterfaces } from "node:os";
import { testApp, type TestApp } from "../../testing/harness.ts";
import { parsePrometheusText, sampleValue } from "../../testing/prometheus.ts";
import { METRICS } from "./model.ts";
import { scrape } from "./testing.ts";

const TOKEN = "metrics-token-0123456789abcdef";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

// An address of this machine that is not loopback (a request to it comes from it, not from 127/8).
function nonLoopbackIPv4(): string | null {
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? []) if (!a.internal && a.family === "IPv4") return a.address;
  return null;
}

// What a site answers for a path it does not have (here /no-such-page): the refusal must look the same.
async function notFoundPage(base: string) {
  const res = await fetch(`${base}/no-such-page`);
  return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
}

describe("who may read /metrics", () => {
  test("this machine over loopback reads it; a request from another address gets the site's 404 page, X-Forwarded-For or not", async () => {
    const outside = nonLoopbackIPv4();
    // Served on a non-loopback address of this machine, a request to it has that address as its peer:
    // the real socket, no stand-in. (A machine without one gives the app that peer through its
    // peerIp dependency instead, so the rule is still exercised.)
    t = testApp(outside ? {} : { metrics: { peerIp: () => "192.0.2.50" } });
    if (outside) t.app.listen({ port: 0, hostname: outside });
    else t.app.listen({ port: 0, hostname: "127.0.0.1" });
    const base = `http://${outside ?? "127.0.0.1"}:${t.app.server!.port}`;

    const page = await notFoundPage(base);
    expect(page.status).toBe(404);
    const refused = await scrape(base);
    expect(refused).toEqual(page);
    expect(refused.body).not.toContain("xrp_faucet_");
    // a forged header does not make the request local
    expect(await scrape(base, { "x-forwarded-for": "127.0.0.1" })).toEqual(page);
    // nor a token when none is configured
    expect(await scrape(base, { authorization: `Bearer ${TOKEN}` })).toEqual(page);
  });

  test("from loopback: the Prometheus text; but not a request a proxy on this machine forwarded", async () => {
    t = testApp({ config: { publicUrl: null, trustProxy: true } });
    const base = t.listen();
    const local = await scrape(base);
    expect(local.status).toBe(200);
    expect(local.type).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(local.body).toContain("# TYPE xrp_faucet_http_requests_total counter");
    // A reverse proxy on the same machine connects from loopback for every visitor it forwards.
    const forwardedBy: Record<string, string>[] = [
      { "x-forwarded-for": "198.51.100.7" },
      { forwarded: "for=198.51.100.7" },
      { "x-real-ip": "198.51.100.7" },
    ];
    for (const header of forwardedBy) {
      const forwarded = await scrape(base, header);
      expect(forwarded.status).toBe(404);
      expect(forwarded.body).not.toContain("xrp_faucet_");
    }
  });

  test("with --metrics-token, the bearer of the token reads it from anywhere; a wrong or missing token gets the 404 page", async () => {
    const outside = nonLoopbackIPv4();
    t = testApp({ metrics: { token: TOKEN, ...(outside ? {} : { peerIp: () => "192.0.2.50" }) } });
    t.app.listen({ port: 0, hostname: outside ?? "127.0.0.1" });
    const base = `http://${outside ?? "127.0.0.1"}:${t.app.server!.port}`;
    const page = await notFoundPage(base);

    const ok = await scrape(base, { authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(ok.body).toContain("xrp_faucet_faucet_requests");
    expect((await scrape(base, { authorization: `bearer   ${TOKEN}` })).status).toBe(200);
    for (const authorization of [
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}x`,
      `Basic ${btoa(`x:${TOKEN}`)}`,
      TOKEN,
      "Bearer",
      `Bearer ${TOKEN} ${TOKEN}`,
    ]) {
      expect(await scrape(base, { authorization })).toEqual(page);
    }
    expect(await scrape(base)).toEqual(page);
    // the refusals are counted like any answer, under the route
    const text = (await scrape(base, { authorization: `Bearer ${TOKEN}` })).body;
    expect(
      sampleValue(parsePrometheusText(text), METRICS.httpRequests.name, {
        method: "GET",
        route: "/metrics",
        status: "404",
      }),
    ).toBe(7);
    // the token is in no log line
    expect(t.logs.join("\n")).not.toContain(TOKEN);
  });
});
