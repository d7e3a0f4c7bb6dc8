// The content every visitor's page reads (the blog list and teaser, an article and its page, the
// feeds, an ad's click and its count) is served by an index: no scan of posts, ad_click_counts or
// contact_messages, and no sort of posts outside their index, however many there are.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { testApp, type TestApp } from "../../testing/harness.ts";
import { queryPlan, recordStatements, type StatementLog } from "../../testing/statements.ts";
import { PNG_1X1 } from "../../testing/signed-in.ts";

const GROWING = ["posts", "ad_click_counts", "contact_messages"];

let t: TestApp;
let log: StatementLog;
let admin = "";
beforeAll(async () => {
  t = testApp({ onDatabase: (db) => void (log = recordStatements(db.sqlite)) });
  admin = (await t.registerAdmin()).cookie;
  const upload = await t.app.handle(
    new Request("http://localhost/api/admin/uploads", {
      method: "POST",
      headers: { cookie: admin, "content-type": "image/png" },
      body: PNG_1X1,
    }),
  );
  const { url } = (await upload.json()) as { url: string };
  await t.call("PUT", "/api/admin/ads/leaderboard", {
    cookie: admin,
    body: { imageUrl: url, linkUrl: "https://advertiser.example", alt: "Offer" },
  });
});
afterAll(() => t.close());

function badPlans(): string[] {
  const bad: string[] = [];
  for (const sql of log.taken()) {
    for (const step of queryPlan(t.db.sqlite, sql)) {
      // (a scan in an index's order that a LIMIT stops, the inbox's newest 500, is no scan of the table)
      const scanned = /USING (?:COVERING )?INDEX/.test(step) ? undefined : step.match(/^SCAN (\w+)/)?.[1];
      if ((scanned && GROWING.includes(scanned)) || /TEMP B-TREE/.test(step))
        bad.push(`${step}\n    in: ${sql.replace(/\s+/g, " ")}`);
    }
  }
  return bad;
}

test.each([
  ["the blog list", () => t.call("GET", "/api/posts")],
  ["the home page's teaser", () => t.call("GET", "/api/posts?limit=3")],
  ["an article", () => t.call("GET", "/api/posts/welcome-to-the-xrp-faucet")],
  ["an article's page with its sharing tags", () => t.call("GET", "/blog/welcome-to-the-xrp-faucet")],
  ["the RSS feed", () => t.call("GET", "/rss.xml")],
  ["the sitemap", () => t.call("GET", "/sitemap.xml")],
  ["a click on an ad", () => t.call("GET", "/api/ads/leaderboard/click")],
  ["the ad slots with their clicks", () => t.call("GET", "/api/admin/ads", { cookie: admin })],
  ["the contact inbox", () => t.call("GET", "/api/admin/contact/messages", { cookie: admin })],
])("%s runs no scan of what grows and no sort outside an index", async (_name, run) => {
  log.clear();
  const res = await run();
  expect(res.status).toBeLessThan(400);
  expect(log.taken().length).toBeGreaterThan(0);
  expect(badPlans()).toEqual([]);
});
