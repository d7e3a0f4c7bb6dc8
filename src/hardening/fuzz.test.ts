// Property-based fuzzing of every API route: malformed bodies, queries, headers and cookies, as a
// visitor, a user and an admin. Nothing may answer 5xx, every error is JSON with a message, and a
// refused request stores nothing. The routes are read from the app's own OpenAPI document.
import { afterAll, expect, test } from "bun:test";
import fc from "fast-check";
import { testApp } from "../testing/harness.ts";

const t = testApp();
afterAll(() => t.close());
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 150);

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const body = fc.oneof(
  jsonValue.map((v) => ({ raw: JSON.stringify(v), type: "application/json" })),
  fc.record({ address: fc.oneof(fc.string(), fc.integer(), fc.constant(null)), username: fc.string(), password: fc.string(), email: fc.string(), rating: fc.anything(), review: fc.string(), alertTypes: fc.array(fc.string()), action: fc.constantFrom("APPROVED", "REJECTED", "DENIED", "PAID", "x"), status: fc.string(), approved: fc.anything(), platform: fc.string() }, { requiredKeys: [] }).map((v) => ({ raw: JSON.stringify(v), type: "application/json" })),
  fc.string({ maxLength: 200 }).map((s) => ({ raw: s, type: "application/json" })),
  fc.string({ maxLength: 100 }).map((s) => ({ raw: s, type: "application/x-www-form-urlencoded" })),
  fc.uint8Array({ maxLength: 300 }).map((b) => ({ raw: new TextDecoder().decode(b), type: "application/octet-stream" })),
  fc.constant({ raw: "x".repeat(70_000), type: "application/json" }),
);
const segment = fc.oneof(fc.nat().map(String), fc.constantFrom("-1", "0", "abc", "1e9", "%00", "..", "99999999999999999999"));
const query = fc.dictionary(fc.constantFrom("page", "search", "before", "limit", "x"), fc.string({ maxLength: 30 }), { maxKeys: 3 });
const cookie = fc.oneof(fc.constant(undefined), fc.string({ maxLength: 80 }).map((s) => `session=${encodeURIComponent(s)}; device=${encodeURIComponent(s)}`));

test("thousands of malformed requests: no 5xx, JSON errors, nothing stored when refused", async () => {
  const user = (await t.register("fuzzuser")).cookie;
  const admin = (await t.registerAdmin("fuzzadmin")).cookie;
  // The routes come from the OpenAPI document the app publishes (GET /api/docs/json, admins only).
  const doc = (await t.call("GET", "/api/docs/json", { cookie: admin })).json as { paths: Record<string, Record<string, unknown>> };
  const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, ":param") })),
  );
  expect(routes.length).toBe(t.app.routes.filter((r) => r.path.startsWith("/api/") && r.path !== "/api/*" && !r.path.startsWith("/api/docs")).length);
  const counts = () => t.db.sqlite.query("select (select count(*) from users) + (select count(*) from faucet_requests) + (select count(*) from reviews) + (select count(*) from newsletter_signups) + (select count(*) from rewards) as n").get() as { n: number };
  let sent = 0;
  for (const route of routes) {
    await fc.assert(
      fc.asyncProperty(body, segment, query, cookie, fc.constantFrom("visitor", "user", "admin"), async (b, seg, q, rawCookie, who) => {
        const path = route.path.replace(/:[^/]+/g, encodeURIComponent(seg));
        const search = new URLSearchParams(q).toString();
        const headers: Record<string, string> = { "content-type": b.type, "user-agent": "fuzz" };
        const auth = who === "user" ? user : who === "admin" ? admin : rawCookie;
        if (auth) headers.cookie = auth;
        const before = counts().n;
        const res = await t.app.handle(
          new Request(`http://localhost${path}${search ? `?${search}` : ""}`, {
            method: route.method,
            headers,
            body: route.method === "GET" || route.method === "HEAD" ? undefined : b.raw,
          }),
        );
        sent++;
        const text = await res.text();
        expect({ route: `${route.method} ${path}`, status: res.status < 500 }).toEqual({ route: `${route.method} ${path}`, status: true });
        if (res.status >= 400 && !path.endsWith(".csv")) {
          expect(typeof JSON.parse(text).message).toBe("string");
          expect(counts().n).toBe(before);
        }
      }),
      { numRuns: RUNS_PER_ROUTE, seed: 20261122 },
    );
  }
  console.log(`fuzz: ${sent} requests to ${routes.length} routes, no 5xx`);
  expect(sent).toBeGreaterThan(1000);
  expect(t.logs.filter((l) => l.startsWith("error"))).toEqual([]);
}, 300_000);
