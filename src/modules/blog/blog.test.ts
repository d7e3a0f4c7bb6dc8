// The operator's blog over real HTTP: the seeded posts, writing, scheduling, publishing,
// unpublishing and deleting in /admin, what the Markdown may and may not do (a script never runs),
// images uploaded into the data directory, the RSS feed, the sitemap, a post's sharing tags, and who
// may call the admin routes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { HttpClient as Client } from "../../testing/client.ts";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openMigratedDatabase } from "../../db/migrate.ts";
import { PNG_1X1, ADMIN_ONLY, othersGet, type SignedInSite, signedInSite, upload } from "../../testing/signed-in.ts";
import { renderMarkdown } from "../../shared/markdown.ts";

let s: SignedInSite;
beforeAll(async () => {
  s = await signedInSite();
});
afterAll(() => s.t.close());

const HOSTILE = [
  "## Safe heading",
  "",
  "Some **bold** and *em* text with [a link](https://example.com/page) and `<code>`.",
  "",
  "<script>alert('owned')</script>",
  '<img src=x onerror="alert(1)">',
  "[click me](javascript:alert(1)) [data](data:text/html,<script>alert(1)</script>) [proto](//evil.example/x)",
  '![tracker](https://evil.example/pixel.png) [quote](https://example.com/"onmouseover="alert(1))',
  "",
  "- one",
  "- two",
].join("\n");

// The elements and attributes of an HTML fragment, as Bun's HTML parser (lol-html) reads them.
async function parsed(html: string) {
  const tags: string[] = [];
  const attributes: [string, string][] = [];
  await new HTMLRewriter()
    .on("*", {
      element(el) {
        tags.push(el.tagName);
        for (const [name, value] of el.attributes) attributes.push([name, value]);
      },
    })
    .transform(new Response(html))
    .text();
  return { tags, attributes };
}

describe("the seeded posts", () => {
  test("/api/posts lists the spec's eight posts, newest first, and each reads as an article", async () => {
    const list = await s.anonymous.get("/api/posts");
    expect(list.status).toBe(200);
    expect(list.json.posts.map((p: { slug: string }) => p.slug)).toEqual([
      "spotting-fake-faucets-and-giveaways",
      "share-and-earn-the-social-bonus",
      "build-a-daily-streak",
      "how-we-stop-faucet-bots",
      "why-new-wallets-need-1-xrp",
      "destination-tags-explained",
      "keep-your-secret-key-secret",
      "welcome-to-the-xrp-faucet",
    ]);
    expect((await s.anonymous.get("/api/posts?limit=3")).json.posts).toHaveLength(3);
    const post = await s.anonymous.get("/api/posts/welcome-to-the-xrp-faucet");
    expect(post.json).toMatchObject({
      title: "Welcome to the XRP Faucet",
      author: "faucet-team",
      // dated at the install (here the test clock's start), a minute apart in their order
      publishedAt: "2026-01-15T11:53:00.000Z",
      featuredImage: null,
    });
    expect(post.json.html).toStartWith("<p>The XRP Faucet gives small amounts of XRP");
    expect((await s.anonymous.get("/api/posts/no-such-post")).status).toBe(404);
  });
});

test("a new install dates the seeded posts at its migration, a minute apart, the newest first", () => {
  const dir = mkdtempSync(join(tmpdir(), "xrp-faucet-seed-"));
  try {
    const before = Date.now();
    const sqlite = openMigratedDatabase(join(dir, "app.db"));
    const dates = sqlite
      .query<{ p: number; c: number; u: number }, []>(
        "select published_at as p, created_at as c, updated_at as u from posts order by published_at desc",
      )
      .all();
    sqlite.close();
    expect(dates).toHaveLength(8);
    expect(dates[0]!.p).toBeGreaterThanOrEqual(before - 1000);
    expect(dates[0]!.p).toBeLessThanOrEqual(Date.now() + 1000);
    expect(dates.map((d) => dates[0]!.p - d.p)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((m) => m * 60_000));
    expect(dates.every((d) => d.c === d.p && d.u === d.p)).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe("writing and publishing in /admin", () => {
  test("a draft is not public; published, its Markdown is rendered and no script, handler or bad link survives", async () => {
    const created = await s.admin.post("/api/admin/posts", {
      title: "Hello, Operators!",
      excerpt: "Our first own post.",
      body: HOSTILE,
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      slug: "hello-operators",
      status: "draft",
      state: "draft",
      author: "boss",
      publishAt: null,
    });
    expect((await s.anonymous.get("/api/posts/hello-operators")).status).toBe(404);
    expect((await s.anonymous.get("/api/posts")).json.posts).toHaveLength(8);

    const published = await s.admin.request("PATCH", `/api/admin/posts/${created.json.id}`, {
      body: { status: "published" },
    });
    expect(published.json).toMatchObject({ state: "published", publishAt: "2026-01-15T12:00:00.000Z" });
    const post = await s.anonymous.get("/api/posts/hello-operators");
    expect(post.status).toBe(200);
    const html: string = post.json.html;
    expect(html).toContain("<h2>Safe heading</h2>");
    expect(html).toContain("<strong>bold</strong> and <em>em</em>");
    expect(html).toContain('<a href="https://example.com/page" rel="nofollow noopener noreferrer">a link</a>');
    expect(html).toContain("<code>&lt;code&gt;</code>");
    expect(html).toContain("<ul><li>one</li><li>two</li></ul>");
    // the HTML written in the post is text
    expect(html).toContain("&lt;script&gt;alert(&#39;owned&#39;)&lt;/script&gt;");
    // read as a browser would: only the renderer's own elements, no handler, every link http(s)
    const { tags, attributes } = await parsed(html);
    expect([...new Set(tags)].sort()).toEqual(["a", "code", "em", "h2", "li", "p", "strong", "ul"]);
    expect(attributes.filter(([name]) => name.startsWith("on"))).toEqual([]);
    expect(attributes.filter(([name]) => name === "href").every(([, value]) => value.startsWith("https://"))).toBe(
      true,
    );
    // a link or image that is not allowed shows its text only
    expect(html).toContain("click me data proto");
    expect(html).toContain("tracker");
    expect((await s.anonymous.get("/api/posts")).json.posts[0].slug).toBe("hello-operators");
  });

  test("a post published for later is scheduled until the clock reaches it, and unpublishing hides it again", async () => {
    const publishAt = new Date(s.t.clock() + 3_600_000).toISOString();
    const created = await s.admin.post("/api/admin/posts", {
      title: "Coming soon",
      slug: "coming-soon",
      excerpt: "Soon.",
      body: "Soon.",
      status: "published",
      publishAt,
    });
    expect(created.json).toMatchObject({ state: "scheduled", publishAt });
    expect((await s.anonymous.get("/api/posts/coming-soon")).status).toBe(404);
    expect((await s.anonymous.get("/sitemap.xml")).text).not.toContain("/blog/coming-soon");
    s.t.clock.advance(3_600_000);
    expect((await s.anonymous.get("/api/posts/coming-soon")).status).toBe(200);
    expect((await s.admin.get(`/api/admin/posts/${created.json.id}`)).json.state).toBe("published");
    await s.admin.request("PATCH", `/api/admin/posts/${created.json.id}`, { body: { status: "draft" } });
    expect((await s.anonymous.get("/api/posts/coming-soon")).status).toBe(404);
  });

  test("a seeded post can be edited and deleted", async () => {
    const all = (await s.admin.get("/api/admin/posts")).json as { id: number; slug: string }[];
    const seeded = all.find((p) => p.slug === "build-a-daily-streak")!;
    const edited = await s.admin.request("PATCH", `/api/admin/posts/${seeded.id}`, {
      body: { title: "Streaks, Our Way", excerpt: "Rewritten." },
    });
    expect(edited.json).toMatchObject({ title: "Streaks, Our Way", slug: "build-a-daily-streak", state: "published" });
    expect((await s.anonymous.get("/api/posts/build-a-daily-streak")).json.title).toBe("Streaks, Our Way");
    expect((await s.admin.request("DELETE", `/api/admin/posts/${seeded.id}`)).status).toBe(204);
    expect((await s.anonymous.get("/api/posts/build-a-daily-streak")).status).toBe(404);
    expect((await s.admin.request("DELETE", `/api/admin/posts/${seeded.id}`)).status).toBe(404);
    const audit = (await s.admin.get("/api/admin/audit-log")).json.entries.map((e: { action: string }) => e.action);
    expect(audit).toContain("posts.delete");
  });

  test("bad input gets a clear 400 or 409 and stores nothing", async () => {
    const cases: [unknown, number, string][] = [
      [{ title: " " }, 400, "Title is required"],
      [
        { title: "X", slug: "Not A Slug" },
        400,
        "The slug may hold only lowercase letters, digits and single dashes (like my-first-post)",
      ],
      [{ title: "X", slug: "welcome-to-the-xrp-faucet" }, 409, "Another post has this slug"],
      [{ title: "X", status: "live" }, 400, "Status must be one of draft, published"],
      [
        { title: "X", status: "published", publishAt: "tomorrow" },
        400,
        "publishAt must be a date and time (ISO 8601, like 2026-12-01T09:00:00Z)",
      ],
      [
        { title: "X", featuredImage: "https://evil.example/a.png" },
        400,
        "featuredImage must be an image uploaded here (/uploads/...)",
      ],
      [{ title: 42 }, 400, "title must be text of at most 200 characters"],
    ];
    const before = (await s.admin.get("/api/admin/posts")).json.length;
    for (const [body, status, message] of cases) {
      const res = await s.admin.post("/api/admin/posts", body);
      expect([res.status, res.json.message]).toEqual([status, message]);
    }
    expect((await s.admin.get("/api/admin/posts")).json.length).toBe(before);
    expect((await s.admin.request("PATCH", "/api/admin/posts/999999", { body: { title: "X" } })).status).toBe(404);
  });

  test("only admins reach the posts' and uploads' admin routes", async () => {
    const calls = [
      (c: Client) => c.get("/api/admin/posts"),
      (c: Client) => c.post("/api/admin/posts", { title: "Mine" }),
      (c: Client) => c.request("PATCH", "/api/admin/posts/1", { body: { title: "Mine" } }),
      (c: Client) => c.request("DELETE", "/api/admin/posts/1"),
      (c: Client) => upload(c, PNG_1X1),
    ];
    expect(await othersGet(s, calls)).toEqual(calls.map(() => ADMIN_ONLY));
    expect((await s.anonymous.get("/api/posts/welcome-to-the-xrp-faucet")).status).toBe(200);
  });
});

describe("images", () => {
  test("an uploaded PNG lands in the data directory under a random name, served for a year; the post's page shares it", async () => {
    const res = await upload(s.admin, PNG_1X1);
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect(existsSync(join(s.t.db.sqlite.filename, "..", url))).toBe(true);
    const image = await fetch(new URL(url, s.url));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG_1X1)).toBe(true);

    const post = await s.admin.post("/api/admin/posts", {
      title: 'Pictures & "Quotes"',
      excerpt: 'A <b>post</b> with "an image".',
      body: `![Our banner](${url})`,
      featuredImage: url,
      status: "published",
    });
    expect(post.json.html).toBe(`<p><img src="${url}" alt="Our banner" loading="lazy"></p>`);
    const page = await fetch(new URL("/blog/pictures-quotes", s.url));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<title>Pictures &#38; &#34;Quotes&#34; - XRP Faucet</title>");
    expect(html).toContain(
      '<meta property="og:description" content="A &#60;b&#62;post&#60;/b&#62; with &#34;an image&#34;." />',
    );
    expect(html).toContain(`<meta property="og:image" content="${s.url}${url}" />`);
    expect(html).toContain(`<meta property="og:url" content="${s.url}/blog/pictures-quotes" />`);
    expect(html).toContain('<div id="root">');
    // an unknown post's page is the app's (its Post Not Found card), with the site's own tags
    expect(await (await fetch(new URL("/blog/nothing-here", s.url))).text()).not.toContain("og:title");
  });

  test("what is not a PNG, JPEG or WebP, or is over 2 MiB, is refused", async () => {
    const fake = await upload(s.admin, new TextEncoder().encode("<svg onload=alert(1)>"), "image/png");
    expect([fake.status, ((await fake.json()) as { message: string }).message]).toEqual([
      415,
      "Upload a PNG, JPEG or WebP image",
    ]);
    const svg = await upload(s.admin, PNG_1X1, "image/svg+xml");
    expect(svg.status).toBe(415);
    const huge = await upload(s.admin, new Uint8Array(2 * 1024 * 1024 + 1));
    expect(huge.status).toBe(413);
    expect((await fetch(new URL("/uploads/../app.db", s.url))).status).toBe(404);
    expect((await fetch(new URL(`/uploads/${"0".repeat(32)}.png`, s.url))).status).toBe(404);
  });
});

describe("feeds", () => {
  test("the RSS feed and the sitemap list the public posts only", async () => {
    const rss = await s.anonymous.get("/rss.xml");
    expect(rss.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(rss.text).toContain(`<item><title>Hello, Operators!</title><link>${s.url}/blog/hello-operators</link>`);
    expect(rss.text).not.toContain("coming-soon");
    const sitemap = await s.anonymous.get("/sitemap.xml");
    expect(sitemap.text).toContain(
      `<url><loc>${s.url}/blog/hello-operators</loc><lastmod>2026-01-15</lastmod><xhtml:link`,
    );
    expect(sitemap.text).toContain(`<url><loc>${s.url}/contact</loc><xhtml:link`);
  });
});

describe("renderMarkdown", () => {
  test("code blocks keep their text, escaped; ordered lists, quotes and rules", () => {
    expect(renderMarkdown("```\n<b>x</b>\n```")).toBe("<pre><code>&lt;b&gt;x&lt;/b&gt;</code></pre>");
    expect(renderMarkdown("1. a\n2. b")).toBe("<ol><li>a</li><li>b</li></ol>");
    expect(renderMarkdown("> said\n\n---")).toBe("<blockquote><p>said</p></blockquote>\n<hr>");
    expect(renderMarkdown("see [home](/faucet)")).toBe('<p>see <a href="/faucet">home</a></p>');
  });
});
