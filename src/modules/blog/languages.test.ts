// A post may carry a language, over real HTTP: /blog in that language lists it beside the posts for
// every language, another language's list does not; the sitemap gives it its language's address only;
// a language the site does not speak is refused with nothing changed.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type SignedInSite, signedInSite } from "../../testing/signed-in.ts";

let s: SignedInSite;
beforeAll(async () => {
  s = await signedInSite();
});
afterAll(() => s.t.close());

const slugs = (answer: { json: { posts: { slug: string }[] } }) => answer.json.posts.map((p) => p.slug);

test("a post in Japanese is listed in Japanese only; posts for every language everywhere", async () => {
  const created = await s.admin.post("/api/admin/posts", {
    title: "フォーセットへようこそ",
    slug: "welcome-ja",
    excerpt: "はじめての方へ",
    body: "こんにちは",
    status: "published",
    language: "ja",
  });
  expect(created.status).toBe(201);
  expect(created.json.language).toBe("ja");

  const japanese = await s.anonymous.get("/api/posts?language=ja");
  expect(slugs(japanese)).toContain("welcome-ja");
  // the seeded posts are for every language
  expect(slugs(japanese)).toContain("welcome-to-the-xrp-faucet");
  const korean = await s.anonymous.get("/api/posts?language=ko");
  expect(slugs(korean)).not.toContain("welcome-ja");
  expect(slugs(korean)).toContain("welcome-to-the-xrp-faucet");
  // a list without a language (a feed reader, a script) has every post
  expect(slugs(await s.anonymous.get("/api/posts"))).toContain("welcome-ja");

  const sitemap = (await s.anonymous.get("/sitemap.xml")).text;
  expect(sitemap).toContain(`<url><loc>${s.url}/ja/blog/welcome-ja</loc>`);
  expect(sitemap).not.toContain(`${s.url}/ko/blog/welcome-ja`);
  expect(sitemap).not.toContain(`<loc>${s.url}/blog/welcome-ja</loc>`);

  // back to every language
  const everywhere = await s.admin.request("PATCH", `/api/admin/posts/${created.json.id}`, { body: { language: "" } });
  expect(everywhere.json.language).toBeNull();
  expect(slugs(await s.anonymous.get("/api/posts?language=ko"))).toContain("welcome-ja");
});

test("a language the site does not speak is refused, the post unchanged", async () => {
  const created = await s.admin.post("/api/admin/posts", { title: "In French", status: "draft", language: "fr" });
  expect(created.status).toBe(201);
  const refused = await s.admin.request("PATCH", `/api/admin/posts/${created.json.id}`, { body: { language: "de" } });
  expect(refused.status).toBe(400);
  expect(refused.headers.get("x-error-code")).toBe("INVALID_LANGUAGE");
  expect(refused.json.message).toBe(
    "language must be one of en, es, pt-BR, fr, tr, id, ja, ko, or empty for every language",
  );
  expect((await s.admin.get(`/api/admin/posts/${created.json.id}`)).json.language).toBe("fr");
});
