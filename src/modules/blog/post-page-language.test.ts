// /ja/blog/{slug} gets the same sharing tags as /blog/{slug}, its address under the prefix and its
// <title>'s suffix in Japanese; an unknown post under a prefix is the app's page, as without one.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type SignedInSite, signedInSite } from "../../testing/signed-in.ts";

let s: SignedInSite;
beforeAll(async () => {
  s = await signedInSite();
});
afterAll(() => s.t.close());

test("a post's page under a language's prefix has its sharing tags", async () => {
  const post = await s.admin.post("/api/admin/posts", {
    title: "Hello {there}",
    excerpt: "An excerpt",
    body: "Text",
    status: "published",
  });
  expect(post.status).toBe(201);
  const html = await (await fetch(new URL("/ja/blog/hello-there", s.url))).text();
  expect(html).toContain("<title>Hello {there} | XRP Faucet</title>");
  expect(html).toContain('<meta property="og:description" content="An excerpt" />');
  expect(html).toContain(`<meta property="og:url" content="${s.url}/ja/blog/hello-there" />`);
  expect(html).toContain('lang="ja"');
  const english = await (await fetch(new URL("/blog/hello-there", s.url))).text();
  expect(english).toContain("<title>Hello {there} - XRP Faucet</title>");
  const unknown = await fetch(new URL("/ko/blog/nothing-here", s.url));
  expect(await unknown.text()).not.toContain("og:title");
});
