// The feeds (/rss.xml, /sitemap.xml) and a post's share tags (/blog/{slug}) link to the site. Without
// --public-url their links come from the request's Host, which anyone sets: such an answer must not be
// kept by a shared cache (a proxy or CDN would hand the attacker's links to everyone), and the server
// says once that --public-url should be set. With it, the links are the public URL's whatever the
// Host, and the feeds are shared-cacheable. Over real HTTP with raw requests (a Host of our own).
import { afterEach, describe, expect, test } from "bun:test";
import { rawGet } from "../../testing/raw-http.ts";
import { testApp, type TestApp } from "../../testing/harness.ts";

const EVIL = "evil.example";
const FEEDS = ["/rss.xml", "/sitemap.xml"];
const POST = "/blog/welcome-to-the-xrp-faucet"; // a seeded post

let t: TestApp | undefined;
afterEach(() => t?.close());
const serve = (publicUrl: string | null) => {
  t = testApp({ config: { publicUrl, trustProxy: false } });
  return Number(new URL(t.listen()).port);
};
const publicUrlLines = () => t!.logs.filter((line) => line.includes("--public-url"));

describe("without --public-url", () => {
  test("the feeds and the share tags carry the Host's links, are never shared-cacheable, and the log says so once", async () => {
    const port = serve(null);
    for (let round = 0; round < 3; round++) {
      for (const path of FEEDS) {
        const answer = await rawGet(port, path, [`Host: ${EVIL}`]);
        expect({ path, status: answer.status }).toEqual({ path, status: 200 });
        expect(answer.body).toContain(`http://${EVIL}/blog/welcome-to-the-xrp-faucet`);
        expect({ path, cache: answer.headers["cache-control"] }).toEqual({ path, cache: "private, max-age=300" });
      }
      const page = await rawGet(port, POST, [`Host: ${EVIL}`]);
      expect(page.status).toBe(200);
      expect(page.body).toContain(`<meta property="og:url" content="http://${EVIL}/blog/welcome-to-the-xrp-faucet" />`);
      expect(page.headers["cache-control"]).toBe("private, no-cache");
    }
    expect(publicUrlLines()).toEqual([
      "warning: no --public-url: /rss.xml, /sitemap.xml and the blog's share tags take their links from each request's Host header, so they are not cached by shared caches. Set --public-url (PUBLIC_URL) to the site's address.",
    ]);
    expect(t!.logs).toHaveLength(1);
  });

  test("nothing is said before a feed or a share tag is asked for", async () => {
    const port = serve(null);
    for (const path of ["/", "/faucet", "/api/faucet/status", "/blog/no-such-post", "/robots.txt"])
      expect((await rawGet(port, path, [`Host: ${EVIL}`])).status).toBeLessThan(500);
    expect(t!.logs).toEqual([]);
  });
});

describe("with --public-url", () => {
  test("the public URL's links whatever the Host; the feeds shared-cacheable; nothing logged", async () => {
    const port = serve("https://faucet.example.com");
    for (const path of FEEDS) {
      const answer = await rawGet(port, path, [`Host: ${EVIL}`]);
      expect(answer.body).toContain("https://faucet.example.com/blog/welcome-to-the-xrp-faucet");
      expect(answer.body).not.toContain(EVIL);
      expect({ path, cache: answer.headers["cache-control"] }).toEqual({ path, cache: "public, max-age=300" });
    }
    const page = await rawGet(port, POST, [`Host: ${EVIL}`]);
    expect(page.body).toContain(
      '<meta property="og:url" content="https://faucet.example.com/blog/welcome-to-the-xrp-faucet" />',
    );
    expect(page.body).not.toContain(EVIL);
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(t!.logs).toEqual([]);
  });
});
