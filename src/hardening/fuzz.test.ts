// Property-based fuzzing of every API route: malformed bodies, queries, headers and cookies, as a
// visitor, a user and an admin. Nothing may answer 5xx, every error is JSON with a message, and a
// refused request stores nothing. The routes are read from the app's own OpenAPI document. Then raw
// requests over real HTTP, which fetch cannot send: every route and page with a malformed Host and
// with none (HTTP/1.0), and every read after links holding CR, LF or NUL were stored (through the
// admin's calls, and as rows written before any check): no 5xx, no header of theirs in an answer.
import { afterAll, expect, test } from "bun:test";
import fc from "fast-check";
import { BAD_HOST } from "../http/host.ts";
import { SELF_SERVICE } from "../modules/account/model.ts";
import { FAUCET_OFFLINE } from "../modules/faucet/model.ts";
import { PAYOUTS_NOT_CONFIGURED } from "../modules/payouts/model.ts";
import { randomAddress, testApp } from "../testing/harness.ts";
import { type RawAnswer, rawRequest } from "../testing/raw-http.ts";

const t = testApp();
afterAll(() => t.close());
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 150);
// The only 5xx answers by design: no wallet configured (this app has none), the faucet switched off,
// no mail configured ("Forgot password?").
const DESIGNED_503 = new Set<string>([PAYOUTS_NOT_CONFIGURED, FAUCET_OFFLINE, SELF_SERVICE.mailOff]);

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const json = (v: unknown) => ({ raw: JSON.stringify(v), type: "application/json" });
const body = fc.oneof(
  jsonValue.map(json),
  fc
    .record(
      {
        address: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
        username: fc.string(),
        password: fc.string(),
        email: fc.string(),
        rating: fc.anything(),
        review: fc.string(),
        alertTypes: fc.array(fc.string()),
        action: fc.constantFrom("APPROVED", "REJECTED", "DENIED", "PAID", "x"),
        status: fc.string(),
        approved: fc.anything(),
        platform: fc.string(),
      },
      { requiredKeys: [] },
    )
    .map(json),
  fc
    .constantFrom(
      '{"__proto__":{"toString":null}}',
      '{"constructor":{"prototype":{"toString":null}}}',
      "null",
      "[]",
      '"text"',
      "1e999",
    )
    .map((raw) => ({ raw, type: "application/json" })),
  fc.string({ maxLength: 200 }).map((s) => ({ raw: s, type: "application/json" })),
  fc.string({ maxLength: 100 }).map((s) => ({ raw: s, type: "application/x-www-form-urlencoded" })),
  fc
    .uint8Array({ maxLength: 300 })
    .map((b) => ({ raw: new TextDecoder().decode(b), type: "application/octet-stream" })),
  fc.constant({ raw: "x".repeat(70_000), type: "application/json" }),
);

// Objects that make String(x), `${x}` and x + "" throw, or look like other types: a route must
// refuse them by its schema, never hand them to code that converts them.
const poison = fc.constantFrom<unknown>(
  { toString: null, valueOf: null },
  { toString: null, valueOf: null, toJSON: null, length: 3 },
  { toString: "x", valueOf: "y" },
  [{ toString: null, valueOf: null }],
  { title: { toString: null, valueOf: null } },
);
// A body each route accepts (as far as its shape goes): the fuzz puts a poison in place of one of
// its values, at any depth, so the values before it are valid and the request gets far.
const address = randomAddress();
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  "POST /api/register": { username: "fuzzer", password: "correct horse battery", email: "fuzzer@example.com" },
  "POST /api/login": { username: "fuzzuser", password: "correct horse battery" },
  "POST /api/faucet/request": { address },
  "POST /api/social/share": { platform: "Twitter" },
  "POST /api/social/bonus-request": {
    address,
    platform: "Twitter",
    sharedUrl: "https://x.example/earn-more",
    sharedContent: { title: "Free XRP", description: "Claim" },
  },
  "POST /api/reviews/submit": { review: "Nice faucet", rating: 5, name: "Ann" },
  "POST /api/reviews/bonus-request": { address, reviewId: 1 },
  "POST /api/newsletter/signup": { email: "news@example.com", name: "Ann", source: "home" },
  "POST /api/earning-alerts/signup": {
    email: "alerts@example.com",
    name: "Ann",
    phone: "+1 555 0100",
    alertTypes: ["daily_challenges", "high_rewards"],
    source: "home",
  },
  "POST /api/advertising/submit": {
    companyName: "Acme",
    email: "ads@example.com",
    budget: "$500",
    website: "https://acme.example",
    message: "Banner",
  },
  "POST /api/admin/faucet/settings": {
    dailyLimit: "100",
    minAmount: "1",
    maxAmount: "2",
    enabled: true,
    powDifficulty: 0,
    ipGrouping: "address",
  },
  "POST /api/admin/faucet/requests/:param": { action: "REJECTED", reason: "no" },
  "POST /api/admin/claims/:param": { status: "DENIED", reason: "no" },
  "POST /api/admin/rewards/:param": { action: "DENIED", reason: "no" },
  "PATCH /api/admin/reviews/:param": { approved: true },
  "PATCH /api/admin/users/:param": { note: "Fuzz", disabled: false },
  "PATCH /api/admin/newsletter-signups/:param": { status: "APPROVED", notes: "ok" },
  "PATCH /api/admin/earning-alerts-signups/:param": { status: "APPROVED", notes: "ok" },
  "PATCH /api/admin/advertising/:param": { status: "CONTACTED", notes: "ok" },
  "POST /api/admin/blocklist": { kind: "ip", value: "192.0.2.0/24", note: "fuzz", expiresAt: "2099-01-01T00:00:00Z" },
  "POST /api/admin/address-clusters/block": { kind: "sink", account: address, note: "fuzz" },
  "PATCH /api/user": {
    email: "fuzzuser@example.com",
    xrpAddress: address,
    destinationTag: 7,
    currentPassword: "not the password",
  },
  "POST /api/user/password": { currentPassword: "not the password", newPassword: "another passphrase" },
  "PUT /api/account/language": { language: "ja" },
  "POST /api/user/two-factor/setup": { password: "not the password", setupCode: "abcd-efgh-jkmn-pqrs" },
  "POST /api/user/two-factor/enable": { code: "123456" },
  "POST /api/user/two-factor/disable": { code: "123456" },
  "POST /api/user/two-factor/recovery-codes": { code: "abcde-23456" },
  "POST /api/user/step-up": { code: "123456", password: "not the password" },
  "POST /api/password-reset": { token: "not-a-token-at-all", newPassword: "another passphrase" },
  "POST /api/password-reset/request": { email: "fuzzuser@example.com" },
  "POST /api/user/notifications/read": { ids: [1, 2] },
  "POST /api/contact": { name: "Ann", email: "ann@example.com", message: "Hello" },
  "POST /api/admin/posts": {
    title: "Fuzz",
    slug: "fuzz",
    excerpt: "x",
    body: "**x**",
    featuredImage: null,
    author: "ann",
    status: "published",
    publishAt: "2026-01-15T12:00:00Z",
  },
  "PATCH /api/admin/posts/:param": { title: "Fuzz", status: "draft" },
  "PUT /api/admin/ads/:param": {
    imageUrl: null,
    linkUrl: "https://a.example",
    iframeUrl: "https://ads.example.net/x",
    alt: "x",
  },
  "PATCH /api/admin/contact/messages/:param": { read: true },
  "PUT /api/admin/site": { name: "Fuzz", logoUrl: null, contactEmail: "a@example.com" },
  "POST /api/admin/backups/:param/download": { password: "not the password", code: "123456" },
};

// Every place in a body where a value sits (top level, nested objects, list items).
function valuePaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key];
    return [path, ...valuePaths(child, path)];
  });
}
function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[path[0]!] = replaced(copy[path[0]!], path.slice(1), by);
  return copy;
}
const bodyFor = (route: string) => {
  const valid = VALID_BODIES[route];
  if (!valid) return body;
  const poisoned = fc
    .tuple(fc.constantFrom(...valuePaths(valid)), poison)
    .map(([path, p]) => json(replaced(valid, path, p)));
  return fc.oneof({ arbitrary: body, weight: 1 }, { arbitrary: poisoned, weight: 1 });
};
const segment = fc.oneof(
  fc.nat().map(String),
  fc.constantFrom("-1", "0", "abc", "1e9", "%00", "..", "99999999999999999999"),
);
// (with the admin lists' filters: status, risk, reason, from, to, q, sort, order)
const query = fc.dictionary(
  fc.constantFrom(
    "page",
    "search",
    "before",
    "limit",
    "x",
    "status",
    "risk",
    "reason",
    "from",
    "to",
    "q",
    "sort",
    "order",
  ),
  fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom("PENDING", "high", "2026-01-15", "2026-02-30", "amount", "asc", "%", "#1", "\\"),
  ),
  { maxKeys: 3 },
);
const cookie = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 80 }).map((s) => `session=${encodeURIComponent(s)}; device=${encodeURIComponent(s)}`),
);

// The routes of the OpenAPI document the app publishes (GET /api/docs/json, admins only), as
// {method, path} with each parameter ":param".
type ApiDoc = { paths: Record<string, Record<string, unknown>> };
const routesOf = (doc: ApiDoc) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({
      method: method.toUpperCase(),
      path: path.replace(/\{[^}]+\}/g, ":param"),
    })),
  );
test("thousands of malformed requests: no 5xx, JSON errors, nothing stored when refused", async () => {
  const user = (await t.register("fuzzuser")).cookie;
  const admin = (await t.registerAdmin("fuzzadmin")).cookie;
  const doc = (await t.call("GET", "/api/docs/json", { cookie: admin })).json as ApiDoc;
  const routes = routesOf(doc);
  // every route that takes a body has a valid one above, for the poisons to get far
  const takesBody = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, { requestBody?: unknown }>)
      .filter(([, op]) => op.requestBody)
      .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, ":param")}`),
  );
  expect(takesBody.filter((route) => !VALID_BODIES[route])).toEqual([]);
  expect(routes.length).toBe(
    t.app.routes.filter((r) => r.path.startsWith("/api/") && r.path !== "/api/*" && !r.path.startsWith("/api/docs"))
      .length,
  );
  const counts = () =>
    t.db.sqlite
      .query(
        "select (select count(*) from users) + (select count(*) from faucet_requests) + (select count(*) from reviews) + (select count(*) from newsletter_signups) + (select count(*) from rewards) as n",
      )
      .get() as { n: number };
  let sent = 0;
  for (const route of routes) {
    await fc.assert(
      fc.asyncProperty(
        bodyFor(`${route.method} ${route.path}`),
        segment,
        query,
        cookie,
        fc.constantFrom("visitor", "user", "admin"),
        async (b, seg, q, rawCookie, who) => {
          const path = route.path.replace(/:[^/]+/g, encodeURIComponent(seg));
          const search = new URLSearchParams(q).toString();
          // a network of its own for every request, so the per-IP rate limits never stop the fuzz early
          const headers: Record<string, string> = {
            "content-type": b.type,
            "user-agent": "fuzz",
            "x-test-ip": `10.${(sent >> 8) & 255}.${sent & 255}.7`,
          };
          // logging out would end the sessions every later route is fuzzed with
          const auth =
            route.path === "/api/logout" ? rawCookie : who === "user" ? user : who === "admin" ? admin : rawCookie;
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
          // (the back office's event stream stays open: its first answer is all there is to check)
          const text =
            res.status === 200 && res.headers.get("content-type") === "text/event-stream"
              ? (await res.body?.cancel(), "")
              : await res.text();
          const designed = res.status === 503 && DESIGNED_503.has(JSON.parse(text).message);
          expect({ route: `${route.method} ${path}`, status: res.status < 500 || designed }).toEqual({
            route: `${route.method} ${path}`,
            status: true,
          });
          if (res.status >= 400 && !path.endsWith(".csv")) {
            expect(typeof JSON.parse(text).message).toBe("string");
            expect(counts().n).toBe(before);
          }
        },
      ),
      { numRuns: RUNS_PER_ROUTE, seed: 20261122 },
    );
  }
  // the user and the admin were logged in throughout, so every route was fuzzed past its login check
  expect((await t.call("GET", "/api/user", { cookie: user })).status).toBe(200);
  expect((await t.call("GET", "/api/admin/users", { cookie: admin })).status).toBe(200);
  console.log(`fuzz: ${sent} requests to ${routes.length} routes, no 5xx`);
  expect(sent).toBeGreaterThan(1000);
  expect(t.logs.filter((l) => l.startsWith("error"))).toEqual([]);
}, 300_000);

// The raw requests: one a connection, a request line and headers of our own.
const PAGES = [
  "/",
  "/faucet",
  "/blog",
  "/blog/welcome-to-the-xrp-faucet",
  "/rss.xml",
  "/sitemap.xml",
  "/robots.txt",
  "/no-such-page",
  "/uploads/x.png",
];
const BAD_HOSTS = ["exa mple", "[::1", "a%zz", "a:b:c", "", "a:99999", "u@evil.example", "a/b", "999.1.1.1", "a, b"];
// Links holding CR, LF or NUL, as a header injection would write them.
const INJECTED = [
  "https://ads.example/\r\nSet-Cookie: injected=1",
  "/uploads/x.png\nSet-Cookie: injected=1",
  "https://a.example/\r\n\r\n<script>",
  "https://a.example/\u0000x",
  "\r\nLocation: https://evil.example",
];
const INJECTED_HEADER = /^(set-cookie: injected|location: https:\/\/evil)/im;
const rawTo =
  (port: number) =>
  (method: string, path: string, headerLines: string[], body = "", version = "1.1"): Promise<RawAnswer> =>
    rawRequest(
      port,
      `${method} ${path} HTTP/${version}\r\n${[...headerLines, ...(body ? ["Content-Type: application/json", `Content-Length: ${Buffer.byteLength(body)}`] : []), "Connection: close"].map((l) => `${l}\r\n`).join("")}\r\n${body}`,
    );
const designed503 = (a: RawAnswer) =>
  a.status === 503 && DESIGNED_503.has((JSON.parse(a.body) as { message: string }).message);

test("raw requests: a malformed Host or none on every route and page is 400; stored CR/LF links break no answer", async () => {
  // An app whose rows hold such links from the start, as an older version (or a hand) may have left
  // them: read by the services as they first build, before any check of the admin's calls.
  const [link, path] = [INJECTED[0]!, INJECTED[1]!];
  const s = testApp({
    onDatabase: (db) => {
      db.sqlite.run(
        "insert into ad_slots (slot, image_url, link_url, iframe_url, alt, updated_at) values ('leaderboard', ?, ?, null, ?, 0), ('skyscraper', null, null, ?, '', 0)",
        [path, link, link, link],
      );
      db.sqlite.run(
        "insert or replace into site_settings (id, name, logo_url, contact_email, updated_at) values (1, ?, ?, ?, 0)",
        [`Fuzz${link}`, link, `a@example.com${link}`],
      );
      db.sqlite.run("update posts set featured_image = ?, body = ?, excerpt = ?", [
        path,
        `[x](${link}) ![y](${path})`,
        link,
      ]);
    },
  });
  try {
    const raw = rawTo(Number(new URL(s.listen()).port));
    const host = `Host: 127.0.0.1:${s.app.server!.port}`;
    const member = (await s.register("rawuser")).cookie;
    const boss = (await s.registerAdmin("rawadmin")).cookie;
    const routes = routesOf((await s.call("GET", "/api/docs/json", { cookie: boss })).json as ApiDoc).map((r) => ({
      method: r.method,
      path: r.path.replace(/:param/g, "1"),
    }));
    let sent = 0;

    // Every route and page, as the admin (the farthest a request gets), with each malformed Host and
    // with none at all: 400 BAD_HOST, JSON under /api, before any route reads anything.
    for (const { method, path } of [...routes, ...PAGES.map((page) => ({ method: "GET", path: page }))]) {
      const body = method === "GET" || method === "DELETE" ? "" : "{}";
      const answers = await Promise.all([
        ...BAD_HOSTS.map((bad) => raw(method, path, [`Host: ${bad}`, `Cookie: ${boss}`], body)),
        raw(method, path, [`Cookie: ${boss}`], body, "1.0"),
      ]);
      sent += answers.length;
      for (const a of answers) {
        expect({ route: `${method} ${path}`, status: a.status }).toEqual({ route: `${method} ${path}`, status: 400 });
        if (path.startsWith("/api/")) expect(JSON.parse(a.body)).toEqual({ message: BAD_HOST });
      }
    }

    // Every read that shows the stored links, as a visitor, the user and the admin: no 5xx, and none
    // ends a header line of an answer (no header of the link's own: "Set-Cookie: injected").
    const reads = async () => {
      for (const path of [
        ...routes.filter((r) => r.method === "GET").map((r) => r.path),
        ...PAGES,
        "/api/ads/leaderboard/click",
        "/api/ads/skyscraper/click",
        "/api/posts/welcome-to-the-xrp-faucet",
      ]) {
        for (const cookie of [[], [`Cookie: ${member}`], [`Cookie: ${boss}`]]) {
          const a = await raw("GET", path, [host, ...cookie]);
          sent++;
          expect({ path, status: a.status < 500 || designed503(a) }).toEqual({ path, status: true });
          expect({ path, injected: INJECTED_HEADER.test(a.raw.slice(0, a.raw.indexOf("\r\n\r\n"))) }).toEqual({
            path,
            injected: false,
          });
        }
      }
    };
    await reads();
    // The same links through the admin's calls (each refuses or stores what it decides), then the reads again.
    const origin = `Origin: http://127.0.0.1:${s.app.server!.port}`;
    for (const bad of INJECTED) {
      for (const [method, path, value] of [
        ["PUT", "/api/admin/ads/rectangle", { imageUrl: bad, linkUrl: bad, alt: bad }],
        ["PUT", "/api/admin/ads/skyscraper", { iframeUrl: bad }],
        ["PUT", "/api/admin/site", { name: `Fuzz${bad}`, logoUrl: bad, contactEmail: `a@example.com${bad}` }],
        [
          "POST",
          "/api/admin/posts",
          { title: `Fuzz ${bad}`, excerpt: bad, body: `[x](${bad})`, featuredImage: bad, status: "published" },
        ],
      ] as const) {
        const a = await raw(method, path, [host, `Cookie: ${boss}`, origin], JSON.stringify(value));
        sent++;
        expect({ path, status: a.status < 500 }).toEqual({ path, status: true });
      }
    }
    await reads();
    console.log(`fuzz: ${sent} raw requests, no 5xx`);
    expect(s.logs.filter((l) => l.startsWith("error"))).toEqual([]);
  } finally {
    await s.close();
  }
}, 120_000);
