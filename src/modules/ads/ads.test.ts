// The ad slots over real HTTP: empty slots show nothing, an image ad and its counted clicks, an ad
// network's iframe whose https origin the pages' CSP then allows, what is refused, and who may place ads.
// (The clicks counted in bounded form: clicks.test.ts; the addresses that reach the CSP and a click's
// Location only as parsed: ad-addresses.test.ts.)
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { HttpClient as Client } from "../../testing/client.ts";
import { PNG_1X1, ADMIN_ONLY, othersGet, type SignedInSite, signedInSite, upload } from "../../testing/signed-in.ts";

let s: SignedInSite;
beforeAll(async () => {
  s = await signedInSite();
});
afterAll(() => s.t.close());

const csp = async (path: string) => (await fetch(new URL(path, s.url))).headers.get("content-security-policy")!;

describe("ad slots", () => {
  test("a new site's slots are empty: nothing to show, and frames only from the site itself", async () => {
    expect((await s.anonymous.get("/api/ads")).json).toEqual({ leaderboard: null, skyscraper: null, rectangle: null });
    expect(await csp("/blog")).not.toContain("frame-src");
    expect((await s.anonymous.get("/api/ads/leaderboard/click")).status).toBe(404);
  });

  test("an image ad: shown with its size, each click counted and sent on to the advertiser", async () => {
    const { url: imageUrl } = (await (await upload(s.admin, PNG_1X1)).json()) as { url: string };
    const placed = await s.admin.request("PUT", "/api/admin/ads/leaderboard", {
      body: { imageUrl, linkUrl: "https://advertiser.example/offer", alt: "Advertiser's offer" },
    });
    expect(placed.status).toBe(200);
    expect(placed.json).toMatchObject({ slot: "leaderboard", width: 728, height: 90, imageUrl, clicks: 0 });
    expect((await s.anonymous.get("/api/ads")).json.leaderboard).toEqual({
      kind: "image",
      width: 728,
      height: 90,
      label: "Leaderboard, above posts (728x90)",
      imageUrl,
      alt: "Advertiser's offer",
      clickUrl: "/api/ads/leaderboard/click",
    });
    for (let i = 0; i < 2; i++) {
      const click = await s.anonymous.get("/api/ads/leaderboard/click");
      expect([click.status, click.headers.get("location")]).toEqual([302, "https://advertiser.example/offer"]);
    }
    const slots = (await s.admin.get("/api/admin/ads")).json as { slot: string; clicks: number }[];
    expect(slots.map((x) => [x.slot, x.clicks])).toEqual([
      ["leaderboard", 2],
      ["skyscraper", 0],
      ["rectangle", 0],
    ]);
  });

  test("an ad network's iframe: its https origin joins the pages' frame-src until the ad is removed", async () => {
    const placed = await s.admin.request("PUT", "/api/admin/ads/skyscraper", {
      body: { iframeUrl: "https://ads.network.example/slot/42?size=300x600" },
    });
    expect(placed.status).toBe(200);
    expect((await s.anonymous.get("/api/ads")).json.skyscraper).toMatchObject({
      kind: "iframe",
      iframeUrl: "https://ads.network.example/slot/42?size=300x600",
      width: 300,
      height: 600,
    });
    expect(await csp("/blog/welcome-to-the-xrp-faucet")).toContain("frame-src 'self' https://ads.network.example;");
    expect(await csp("/")).toContain("frame-src 'self' https://ads.network.example;");
    expect((await s.admin.request("DELETE", "/api/admin/ads/skyscraper")).status).toBe(200);
    expect((await s.anonymous.get("/api/ads")).json.skyscraper).toBeNull();
    expect(await csp("/blog")).not.toContain("frame-src");
  });

  test("what an ad may not be is refused with a clear 400 (or 404 for a slot the site has not)", async () => {
    const cases: [string, unknown, number, string][] = [
      ["rectangle", {}, 400, "Give an image and its link, or an ad network's iframe address"],
      [
        "rectangle",
        { iframeUrl: "http://ads.network.example/x" },
        400,
        "The iframe address must be https, like https://ads.example.net/slot/123",
      ],
      [
        "rectangle",
        { iframeUrl: "javascript:alert(1)" },
        400,
        "The iframe address must be https, like https://ads.example.net/slot/123",
      ],
      [
        "rectangle",
        { imageUrl: "https://elsewhere.example/a.png", linkUrl: "https://a.example" },
        400,
        "imageUrl must be an image uploaded here (/uploads/...)",
      ],
      [
        "sidebar",
        { iframeUrl: "https://ads.example.net/x" },
        404,
        "No such ad slot (the slots are leaderboard, skyscraper, rectangle)",
      ],
    ];
    for (const [slot, body, status, message] of cases) {
      const res = await s.admin.request("PUT", `/api/admin/ads/${slot}`, { body });
      expect([res.status, res.json.message]).toEqual([status, message]);
    }
    const { url: imageUrl } = (await (await upload(s.admin, PNG_1X1)).json()) as { url: string };
    const noLink = await s.admin.request("PUT", "/api/admin/ads/rectangle", {
      body: { imageUrl, linkUrl: "javascript:alert(1)", alt: "x" },
    });
    expect(noLink.json.message).toBe("The link must be an http(s) address, like https://example.com");
    const noAlt = await s.admin.request("PUT", "/api/admin/ads/rectangle", {
      body: { imageUrl, linkUrl: "https://a.example" },
    });
    expect(noAlt.json.message).toBe("Describe the image for people who cannot see it (alt text)");
    expect((await s.anonymous.get("/api/ads")).json.rectangle).toBeNull();
  });

  test("only admins place, list or remove ads", async () => {
    const calls = [
      (c: Client) => c.get("/api/admin/ads"),
      (c: Client) => c.request("PUT", "/api/admin/ads/rectangle", { body: { iframeUrl: "https://ads.example.net/x" } }),
      (c: Client) => c.request("DELETE", "/api/admin/ads/leaderboard"),
    ];
    expect(await othersGet(s, calls)).toEqual(calls.map(() => ADMIN_ONLY));
    expect((await s.anonymous.get("/api/ads")).json.leaderboard).not.toBeNull();
  });
});
