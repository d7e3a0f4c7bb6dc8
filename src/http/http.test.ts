import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { webAssets } from "../generated/web-assets.ts";
import { testApp, type TestApp } from "../testing/harness.ts";
import { type Scenario, scenarios } from "../testing/scenario.ts";

let t: TestApp;
beforeAll(() => {
  t = testApp();
});
afterAll(() => t.close());
// The scenarios run on this file's one app: the last test reads the log of them all.
const table = (rows: Scenario[]) => scenarios(rows, { app: () => t });

const hashedScript = Object.keys(webAssets).find((p) => p.startsWith("/assets/") && p.endsWith(".js"))!;

describe("the embedded web app", () => {
  table(
    ["/", "/faucet/", "/dashboard", "/admin/x", "/blog/some-post", "/login"].map((url) => ({
      name: `${url} serves index.html (SPA fallback)`,
      method: "GET",
      url,
      expectStatus: 200,
      expectHeaders: { "content-type": /text\/html/, "cache-control": "no-cache" },
      expectText: /<div id="root">/,
    })),
  );
  table([
    {
      name: "the whitepaper's PDF, built with the app, downloads under its own name",
      method: "GET",
      url: "/xrp-faucet-whitepaper.pdf",
      expectStatus: 200,
      expectHeaders: {
        "content-type": "application/pdf",
        "content-disposition": 'inline; filename="xrp-faucet-whitepaper.pdf"',
      },
      expectText: /^%PDF-1\.4\n[\s\S]*\(XRP Faucet Whitepaper\) Tj[\s\S]*%%EOF\n$/,
    },
  ]);
  // an unknown URL is a 404 a crawler or a link checker sees, with the app's page (its not-found screen)
  table(
    ["/no-such-page", "/administrator", "/faucet/extra", "/blog/a/b", "/index.htm"].map((url) => ({
      name: `${url} answers 404 with the app's page`,
      method: "GET",
      url,
      expectStatus: 404,
      expectHeaders: { "content-type": /text\/html/, "cache-control": "no-cache" },
      expectText: /<div id="root">/,
    })),
  );

  test("hashed assets are cached for a year and sent compressed when the browser accepts it", async () => {
    expect(hashedScript).toBeDefined();
    const plain = await t.call("GET", hashedScript);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(plain.headers.get("content-type")).toContain("javascript");
    expect(plain.headers.get("content-encoding")).toBeNull();
    const res = await t.app.handle(
      new Request(`http://localhost${hashedScript}`, { headers: { "accept-encoding": "gzip, deflate, br" } }),
    );
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    const compressed = await res.arrayBuffer();
    expect(compressed.byteLength).toBeLessThan(plain.text.length);
    const gz = await t.app.handle(
      new Request(`http://localhost${hashedScript}`, { headers: { "accept-encoding": "gzip" } }),
    );
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gz.arrayBuffer())))).toBe(plain.text);
  });

  table([
    {
      name: "a missing hashed asset is a 404, not the app",
      method: "GET",
      url: "/assets/nope-123.js",
      expectStatus: 404,
    },
    {
      name: "robots.txt is plain text that keeps crawlers out of /admin and the API",
      method: "GET",
      url: "/robots.txt",
      expectStatus: 200,
      expectHeaders: { "content-type": "text/plain; charset=utf-8" },
      expectText: "User-agent: *\nDisallow: /admin\nDisallow: /api/\n",
    },
  ]);

  test("the site has an icon and a web manifest (no 404 in a browser's console), linked from every page", async () => {
    const page = (await t.call("GET", "/")).text;
    const icon = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml"/.exec(page)?.[1];
    const manifest = /<link rel="manifest" href="([^"]+)"/.exec(page)?.[1];
    expect(icon).toBeDefined();
    expect(manifest).toBeDefined();
    const iconRes = await t.call("GET", icon!);
    expect(iconRes.status).toBe(200);
    expect(iconRes.headers.get("content-type")).toContain("image/svg+xml");
    const manifestRes = await t.call("GET", manifest!);
    expect(manifestRes.status).toBe(200);
    expect(manifestRes.headers.get("content-type")).toContain("application/manifest+json");
    const app = JSON.parse(manifestRes.text);
    expect(app).toMatchObject({ name: "XRP Faucet - Free XRP Drops", start_url: "/", display: "standalone" });
    // the manifest's icon is served where it says
    for (const { src } of app.icons) expect((await t.call("GET", src)).status).toBe(200);
  });

  test("pages carry the security headers", async () => {
    const res = await t.call("GET", "/");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline'; script");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("the API's edges", () => {
  table(
    [
      ["GET", "/api/nope"],
      ["POST", "/api/nope"],
      ["DELETE", "/api/user"],
      ["PUT", "/api/login"],
      ["GET", "/api"],
      ["GET", "/api/admin-x"],
    ].map(([method = "", url = ""]) => ({
      name: `${method} ${url} is a JSON 404`,
      method,
      url,
      body: method === "GET" ? undefined : {},
      expectStatus: 404,
      expectHeaders: { "content-type": /application\/json/ },
      expectJson: { message: `Not found: ${url}` },
    })),
  );

  table([
    {
      name: "GET /api/health says the database answers",
      method: "GET",
      url: "/api/health",
      expectStatus: 200,
      expectJsonMatch: { status: "ok", database: "ok" },
    },
    {
      name: "a form post is refused as not JSON with 415",
      method: "POST",
      url: "/api/login",
      rawBody: "username=a&password=b",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      expectStatus: 415,
      expectJsonMatch: { message: "Send the request body as JSON (Content-Type: application/json)" },
    },
  ]);

  const writes = ["/api/register", "/api/login", "/api/logout", "/api/admin/faucet/settings"];
  const malformed: { name: string; rawBody: string; type?: string }[] = [
    { name: "broken JSON", rawBody: '{"username":' },
    { name: "a JSON string", rawBody: '"alice"' },
    { name: "a JSON number", rawBody: "12" },
    { name: "JSON null", rawBody: "null" },
    { name: "an array", rawBody: '[{"username":"a"}]' },
    { name: "nested junk", rawBody: '{"username":{"$gt":""},"password":[1,2],"email":{}}' },
    { name: "a form post", rawBody: "username=alice&password=secret123", type: "application/x-www-form-urlencoded" },
    { name: "plain text", rawBody: "hello", type: "text/plain" },
    {
      name: "multipart",
      rawBody: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
      type: "multipart/form-data; boundary=x",
    },
    { name: "binary garbage", rawBody: "\u0000\u0001\u00ff\ud800", type: "application/json" },
  ];
  // Logout takes no body: a well-formed JSON one is ignored, an unreadable one refused.
  const parseable = new Set(["a JSON string", "a JSON number", "JSON null", "an array", "nested junk"]);
  table(
    writes.flatMap((url) =>
      (url === "/api/logout" ? malformed.filter((m) => !parseable.has(m.name)) : malformed).map(
        ({ name, rawBody, type }) => ({
          name: `POST ${url} with ${name} gets a 4xx JSON message`,
          method: "POST",
          url,
          rawBody,
          headers: { "content-type": type ?? "application/json" },
          expectStatus: "4xx",
          expectJsonMatch: { message: expect.any(String) },
          expectUnchanged: ["select count(*) as n from users"],
        }),
      ),
    ),
  );

  test("nothing above produced a server error in the log", () => {
    expect(t.logs.filter((l) => l.startsWith("error"))).toEqual([]);
  });
});
