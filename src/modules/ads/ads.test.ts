// The ad slots over real HTTP: empty slots show nothing, an image ad and its counted clicks, an ad
// network's iframe whose https origin the pages' CSP then allows, what is refused, and who may place ads;
// the clicks counted in bounded form (per slot and hour, one per device, a few per network), and the
// addresses that reach the CSP and a click's Location only as parsed.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../db/client.ts";
import { applyMigrations, migrationsFolder, readJournal } from "../../db/migrate.ts";
import { type HttpClient as Client, type HttpClient, httpClient } from "../../testing/client.ts";
import { strangerIp } from "../../testing/harness.ts";
import { HOUR_MS } from "../../lib/time.ts";
import { CLICK_LIMITS, createClickCounter } from "./clicks.ts";
import { createAdRepository } from "./repository.ts";
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

// The clicks on an image ad are counted, never stored one by one: one per device (or, without a
// device id, per IP group) on a slot's ad in an hour, and at most CLICK_LIMITS' few an hour from one
// network. Every click is still sent on to the advertiser.
describe("ad clicks: counted in bounded form", () => {
  let c: SignedInSite;
  const LINK = "https://advertiser.example/offer";
  beforeAll(async () => {
    c = await signedInSite();
    const { url: imageUrl } = (await (await upload(c.admin, PNG_1X1)).json()) as { url: string };
    expect(
      (await c.admin.request("PUT", "/api/admin/ads/rectangle", { body: { imageUrl, linkUrl: LINK, alt: "Offer" } }))
        .status,
    ).toBe(200);
  });
  afterAll(() => c.t.close());

  const counted = async () =>
    ((await c.admin.get("/api/admin/ads")).json as { slot: string; clicks: number }[]).find(
      (x) => x.slot === "rectangle",
    )!.clicks;
  // every row of every table (the app's own bookkeeping included)
  const allRows = () => {
    const tables = c.t.db.sqlite
      .query("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .all() as { name: string }[];
    return tables.reduce(
      (sum, { name }) => sum + (c.t.db.sqlite.query(`select count(*) as n from "${name}"`).get() as { n: number }).n,
      0,
    );
  };
  const visitor = (ip: string) => httpClient(c.url, { ipHeader: "x-test-ip", ip });
  const click = async (client: HttpClient, opts?: Parameters<HttpClient["get"]>[1]) => {
    const res = await client.get("/api/ads/rectangle/click", opts);
    return [res.status, res.headers.get("location")];
  };
  const deviceId = (n: number) => `forged-device-${String(n).padStart(10, "0")}`;

  test("many clicks from one device on one network count one; each is still sent on", async () => {
    const before = await counted();
    const browser = visitor("198.51.100.20");
    expect((await browser.get("/blog")).status).toBe(200); // the page gives the browser its device id
    expect(browser.cookie("device")).toBeDefined();
    for (let i = 0; i < 100; i++) expect(await click(browser)).toEqual([302, LINK]);
    expect(await counted()).toBe(before + 1);
    // a script that keeps no cookie: one for its IP group
    const script = visitor("198.51.101.20");
    for (let i = 0; i < 100; i++) expect(await click(script, { cookies: false })).toEqual([302, LINK]);
    expect(await counted()).toBe(before + 2);
  });

  test("a new device id per click from one network counts only up to the network's limit", async () => {
    const before = await counted();
    const farm = visitor("198.51.102.20");
    for (let i = 0; i < 200; i++)
      expect(await click(farm, { cookies: false, headers: { cookie: `device=${deviceId(i)}` } })).toEqual([302, LINK]);
    expect(await counted()).toBe(before + CLICK_LIMITS.perNetwork);
  });

  test("clicks from distinct devices on distinct networks count each", async () => {
    const before = await counted();
    for (let n = 0; n < 25; n++) {
      const browser = visitor(strangerIp(n));
      expect((await browser.get("/blog")).status).toBe(200);
      expect(await click(browser)).toEqual([302, LINK]);
      expect(await click(browser)).toEqual([302, LINK]);
    }
    expect(await counted()).toBe(before + 25);
  });

  test("thousands of clicks, hour after hour, leave the database's row count bounded", async () => {
    const rows = allRows();
    let sent = 0;
    for (let hour = 0; hour < 3; hour++) {
      c.t.clock.advance(60 * 60 * 1000);
      for (let batch = 0; batch < 40; batch++) {
        const clicks = Array.from({ length: 25 }, (_, i) => {
          const n = batch * 25 + i;
          // a quarter from one network, the rest each from its own network with its own device id
          const ip = n % 4 === 0 ? "198.51.103.20" : strangerIp(1000 + n);
          return click(visitor(ip), { cookies: false, headers: { cookie: `device=${deviceId(n)}` } });
        });
        for (const answer of await Promise.all(clicks)) expect(answer).toEqual([302, LINK]);
        sent += clicks.length;
      }
    }
    expect(sent).toBe(3000);
    // at most a row per slot and hour
    expect(allRows() - rows).toBeLessThanOrEqual(3);
  }, 60_000);

  test("the count is per slot and hour, and starts again when the ad is saved", async () => {
    const browser = visitor("198.51.104.20");
    expect((await browser.get("/blog")).status).toBe(200);
    const before = await counted();
    expect(await click(browser)).toEqual([302, LINK]);
    expect(await click(browser)).toEqual([302, LINK]);
    c.t.clock.advance(60 * 60 * 1000);
    expect(await click(browser)).toEqual([302, LINK]);
    expect(await counted()).toBe(before + 2);
    const saved = (
      await c.admin.request("PUT", "/api/admin/ads/rectangle", {
        body: { imageUrl: (await c.admin.get("/api/admin/ads")).json[2].imageUrl, linkUrl: LINK, alt: "Offer" },
      })
    ).json;
    expect(saved.clicks).toBe(0);
    expect(await counted()).toBe(0);
    expect(await click(browser)).toEqual([302, LINK]);
    expect(await click(browser)).toEqual([302, LINK]);
    expect(await counted()).toBe(1);
  });
});

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

describe("the click counter's memory", () => {
  test("holds at most the hour's counted clicks, however many keys come, and is forgotten when the hour turns", () => {
    const counter = createClickCounter({ perNetwork: 10, perWide: 100, perHour: 1000 });
    const at = Date.UTC(2026, 0, 15, 12, 0, 0);
    let counted = 0;
    // a flood from one network with a new device id each time, then one of new networks and devices
    for (let n = 0; n < 10_000; n++)
      counted += Number(
        counter.counts(at + n, "rectangle 0", {
          who: `device ${n}`,
          network: "198.51.100.0/24",
          wide: "198.51.0.0/16",
        }),
      );
    expect([counted, ...counter.sizes()]).toEqual([10, 10, 1, 1]);
    for (let n = 0; n < 100_000; n++)
      counted += Number(
        counter.counts(at + n, "rectangle 0", { who: `device x${n}`, network: `net ${n}`, wide: `wide ${n}` }),
      );
    expect([counted, ...counter.sizes()]).toEqual([1000, 1000, 991, 991]);
    // the next hour counts afresh, from an empty memory
    expect(
      counter.counts(at + HOUR_MS, "rectangle 0", {
        who: "device 1",
        network: "198.51.100.0/24",
        wide: "198.51.0.0/16",
      }),
    ).toBe(true);
    expect(counter.sizes()).toEqual([1, 1, 1]);
  });
});

describe("migration 0026: the clicks stored one by one become the counts of their hours", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test("each slot's count since its ad's save stays the same", () => {
    const dir = mkdtempSync(join(tmpdir(), "xrp-faucet-ad-clicks-"));
    dirs.push(dir);
    const before = join(dir, "migrations");
    cpSync(migrationsFolder(), before, { recursive: true });
    const journal = readJournal(before) as { entries: { tag: string }[] };
    journal.entries = journal.entries.slice(
      0,
      journal.entries.findIndex((e) => e.tag === "0026_ad_click_counts"),
    );
    writeFileSync(join(before, "meta/_journal.json"), JSON.stringify(journal));
    const db = openDatabase(join(dir, "app.db"));
    try {
      applyMigrations(db, before);
      const hour = Date.UTC(2026, 0, 15, 12, 0, 0);
      const min = 60 * 1000;
      db.sqlite.run(
        "insert into ad_slots (slot, image_url, link_url, alt, updated_at) values ('leaderboard', '/uploads/a.png', 'https://a.example', 'A', ?)",
        [hour + 30 * min],
      );
      const click = db.sqlite.prepare("insert into ad_clicks (slot, created_at) values (?, ?)");
      for (const at of [10, 20, 30, 40, 50, 65, 70, 130]) click.run("leaderboard", hour + at * min);
      click.run("rectangle", hour + 5 * min); // a removed ad's
      applyMigrations(db);
      expect(
        db.sqlite
          .query("select slot, starts_at as startsAt, clicks from ad_click_counts order by slot, starts_at")
          .all(),
      ).toEqual([
        { slot: "leaderboard", startsAt: hour, clicks: 2 },
        { slot: "leaderboard", startsAt: hour + 30 * min, clicks: 3 },
        { slot: "leaderboard", startsAt: hour + 60 * min, clicks: 2 },
        { slot: "leaderboard", startsAt: hour + 120 * min, clicks: 1 },
        { slot: "rectangle", startsAt: hour, clicks: 1 },
      ]);
      expect(db.sqlite.query("select name from sqlite_master where name like 'ad_clicks%'").all()).toEqual([]);
      expect(createAdRepository(db).clicksSince("leaderboard", hour + 30 * min)).toBe(6);
    } finally {
      db.sqlite.close();
    }
  });
});
