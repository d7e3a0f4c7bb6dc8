import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { webAssets } from "../generated/web-assets.ts";
import { testApp, type TestApp } from "../testing/harness.ts";

let t: TestApp;
beforeAll(() => {
  t = testApp();
});
afterAll(() => t.close());

const hashedScript = Object.keys(webAssets).find((p) => p.startsWith("/assets/") && p.endsWith(".js"))!;

describe("the embedded web app", () => {
  test.each(["/", "/admin/x", "/dashboard", "/blog/some-post", "/login"])("%s serves index.html (SPA fallback)", async (path) => {
    const res = await t.call("GET", path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.text).toContain('<div id="root">');
  });

  test("hashed assets are cached for a year and sent compressed when the browser accepts it", async () => {
    expect(hashedScript).toBeDefined();
    const plain = await t.call("GET", hashedScript);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(plain.headers.get("content-type")).toContain("javascript");
    expect(plain.headers.get("content-encoding")).toBeNull();
    const res = await t.app.handle(new Request(`http://localhost${hashedScript}`, { headers: { "accept-encoding": "gzip, deflate, br" } }));
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    const compressed = await res.arrayBuffer();
    expect(compressed.byteLength).toBeLessThan(plain.text.length);
    const gz = await t.app.handle(new Request(`http://localhost${hashedScript}`, { headers: { "accept-encoding": "gzip" } }));
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gz.arrayBuffer())))).toBe(plain.text);
  });

  test("a missing hashed asset is a 404, not the app", async () => {
    const res = await t.call("GET", "/assets/nope-123.js");
    expect(res.status).toBe(404);
  });

  test("robots.txt is plain text that keeps crawlers out of /admin and the API", async () => {
    const res = await t.call("GET", "/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.text).toBe("User-agent: *\nDisallow: /admin\nDisallow: /api/\n");
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
  test.each([
    ["GET", "/api/nope"],
    ["POST", "/api/nope"],
    ["DELETE", "/api/user"],
    ["PUT", "/api/login"],
    ["GET", "/api"],
    ["GET", "/api/admin-x"],
  ])("%s %s is a JSON 404", async (method, url) => {
    const res = await t.call(method, url, { body: method === "GET" ? undefined : {} });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.json).toEqual({ message: `Not found: ${url}` });
  });

  test("GET /api/health says the database answers", async () => {
    const res = await t.call("GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "ok", database: "ok" });
  });

  const writes = ["/api/register", "/api/login", "/api/logout", "/api/admin/faucet/settings"];
  const malformed: { name: string; rawBody: string; type?: string }[] = [
    { name: "broken JSON", rawBody: "{\"username\":" },
    { name: "a JSON string", rawBody: "\"alice\"" },
    { name: "a JSON number", rawBody: "12" },
    { name: "JSON null", rawBody: "null" },
    { name: "an array", rawBody: "[{\"username\":\"a\"}]" },
    { name: "nested junk", rawBody: "{\"username\":{\"$gt\":\"\"},\"password\":[1,2],\"email\":{}}" },
    { name: "a form post", rawBody: "username=alice&password=secret123", type: "application/x-www-form-urlencoded" },
    { name: "plain text", rawBody: "hello", type: "text/plain" },
    { name: "multipart", rawBody: "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--x--\r\n", type: "multipart/form-data; boundary=x" },
    { name: "binary garbage", rawBody: "\u0000\u0001\u00ff\ud800", type: "application/json" },
  ];
  // Logout takes no body: a well-formed JSON one is ignored, an unreadable one refused.
  const parseable = new Set(["a JSON string", "a JSON number", "JSON null", "an array", "nested junk"]);
  for (const url of writes) {
    const cases = url === "/api/logout" ? malformed.filter((m) => !parseable.has(m.name)) : malformed;
    test.each(cases)(`POST ${url} with $name gets a 4xx JSON message`, async ({ rawBody, type }) => {
      const users = (t.db.sqlite.query("select count(*) as n from users").get() as { n: number }).n;
      const res = await t.call("POST", url, { rawBody, headers: { "content-type": type ?? "application/json" } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.json?.message).toBe("string");
      expect((t.db.sqlite.query("select count(*) as n from users").get() as { n: number }).n).toBe(users);
    });
  }

  test("a form post is refused as not JSON with 415", async () => {
    const res = await t.call("POST", "/api/login", { rawBody: "username=a&password=b", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(415);
    expect(res.json.message).toBe("Send the request body as JSON (Content-Type: application/json)");
  });

  test("nothing above produced a server error in the log", () => {
    expect(t.logs.filter((l) => l.startsWith("error"))).toEqual([]);
  });
});
