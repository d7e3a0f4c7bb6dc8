// The addresses of ads that reach the pages' CSP and a click's Location, only as parsed.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PNG_1X1, type SignedInSite, signedInSite, upload } from "../../testing/signed-in.ts";

// An iframe's address reaches every page's Content-Security-Policy and an image ad's link every
// click's Location: only a plain https origin (host name and port, written from its parsed parts)
// gets into the one, only the link's parsed, encoded URL into the other, whatever was stored before.
describe("ad addresses in the headers", () => {
  let c: SignedInSite;
  let imageUrl = "";
  beforeAll(async () => {
    c = await signedInSite();
    imageUrl = ((await (await upload(c.admin, PNG_1X1)).json()) as { url: string }).url;
  });
  afterAll(() => c.t.close());
  const pageCsp = async (path = "/blog") => (await fetch(new URL(path, c.url))).headers.get("content-security-policy")!;
  const frameSrc = async () => (await pageCsp()).split("; ").find((d) => d.startsWith("frame-src")) ?? null;

  test("an iframe address whose host is more than letters, digits, dots and dashes is refused at save", async () => {
    const HOST =
      "The iframe's host may hold only letters, digits, dots and dashes (and a port), like https://ads.example.net/slot/123";
    for (const iframeUrl of [
      "https://ads.example.net;sandbox/x",
      "https://*.com/slot",
      "https://ads.example.net,b.example/x",
      "https://ads.example.net'/x",
      "https://[::1]/x",
      "https://ads..example/x",
    ]) {
      const res = await c.admin.request("PUT", "/api/admin/ads/skyscraper", { body: { iframeUrl } });
      expect([iframeUrl, res.status, res.headers.get("x-error-code"), res.json?.message]).toEqual([
        iframeUrl,
        400,
        "INVALID_IFRAME",
        HOST,
      ]);
    }
    expect(await frameSrc()).toBeNull();
    // a port, and a host written in capitals or another script, are written from their parsed parts
    const placed = await c.admin.request("PUT", "/api/admin/ads/skyscraper", {
      body: { iframeUrl: "https://ADS.Example.net:8443/slot/1" },
    });
    expect([placed.status, placed.json.iframeUrl]).toEqual([200, "https://ads.example.net:8443/slot/1"]);
    expect(await frameSrc()).toBe("frame-src 'self' https://ads.example.net:8443");
    expect(
      (await c.admin.request("PUT", "/api/admin/ads/skyscraper", { body: { iframeUrl: "https://bücher.example/x" } }))
        .status,
    ).toBe(200);
    expect(await frameSrc()).toBe("frame-src 'self' https://xn--bcher-kva.example");
  });

  test("a bad iframe address stored before never reaches the header, nor the page", async () => {
    const store = c.t.db.sqlite.prepare(
      "insert or replace into ad_slots (slot, iframe_url, alt, updated_at) values (?, ?, '', 0)",
    );
    store.run("rectangle", "https://ads.example.net;sandbox/x");
    store.run("leaderboard", "https://*.com/slot");
    // (an admin's save elsewhere makes the app read the slots again)
    expect(
      (
        await c.admin.request("PUT", "/api/admin/ads/skyscraper", {
          body: { iframeUrl: "https://ads.network.example/slot/42" },
        })
      ).status,
    ).toBe(200);
    const csp = await pageCsp();
    expect(csp).not.toContain(",");
    expect(csp).not.toContain("sandbox");
    expect(csp).not.toContain("*");
    expect(await frameSrc()).toBe("frame-src 'self' https://ads.network.example");
    const shown = (await c.anonymous.get("/api/ads")).json;
    expect([shown.rectangle, shown.leaderboard, shown.skyscraper?.iframeUrl]).toEqual([
      null,
      null,
      "https://ads.network.example/slot/42",
    ]);
    for (const slot of ["rectangle", "leaderboard", "skyscraper"])
      expect((await c.admin.request("DELETE", `/api/admin/ads/${slot}`)).status).toBe(200);
  });

  test("a link holding CR/LF, NUL or accented letters is stored and sent as its parsed, encoded URL", async () => {
    const cases: [string, string][] = [
      ["https://advertiser.example/a\r\nSet-Cookie: x=1", "https://advertiser.example/aSet-Cookie:%20x=1"],
      ["https://advertiser.example/b\u0000c", "https://advertiser.example/b%00c"],
      ["https://advertiser.example/café?q=été#là", "https://advertiser.example/caf%C3%A9?q=%C3%A9t%C3%A9#l%C3%A0"],
      ["https://Bücher.example/ĉ中", "https://xn--bcher-kva.example/%C4%89%E4%B8%AD"],
    ];
    for (const [linkUrl, href] of cases) {
      const placed = await c.admin.request("PUT", "/api/admin/ads/rectangle", {
        body: { imageUrl, linkUrl, alt: "Offer" },
      });
      expect([placed.status, placed.json.linkUrl]).toEqual([200, href]);
      const clicked = await fetch(new URL("/api/ads/rectangle/click", c.url), { redirect: "manual" });
      expect([
        clicked.status,
        clicked.headers.get("location"),
        clicked.headers.get("set-cookie")?.startsWith("x="),
      ]).toEqual([302, href, false]);
    }
    expect(
      (
        await c.admin.request("PUT", "/api/admin/ads/rectangle", {
          body: { imageUrl, linkUrl: "ftp://advertiser.example/x", alt: "Offer" },
        })
      ).json.message,
    ).toBe("The link must be an http(s) address, like https://example.com");
  });

  test("a link stored raw before is sent on parsed, or answers 404 when it is no http(s) address", async () => {
    const store = c.t.db.sqlite.prepare(
      "insert or replace into ad_slots (slot, image_url, link_url, alt, updated_at) values ('leaderboard', ?, ?, 'Offer', 0)",
    );
    const reread = () => c.admin.request("DELETE", "/api/admin/ads/skyscraper");
    store.run(imageUrl, "https://advertiser.example/x\r\ny é");
    await reread();
    const clicked = await fetch(new URL("/api/ads/leaderboard/click", c.url), { redirect: "manual" });
    expect([clicked.status, clicked.headers.get("location")]).toEqual([302, "https://advertiser.example/xy%20%C3%A9"]);
    store.run(imageUrl, "javascript:alert(1)");
    await reread();
    const refused = await fetch(new URL("/api/ads/leaderboard/click", c.url), { redirect: "manual" });
    expect([refused.status, refused.headers.get("location")]).toEqual([404, null]);
  });
});
