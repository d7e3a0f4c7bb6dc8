// The clicks on image ads counted in bounded form: per slot and hour, one per device, a few per
// network; the counter's memory; and the migration that turned the clicks stored one by one into counts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../db/client.ts";
import { applyMigrations, migrationsFolder, readJournal } from "../../db/migrate.ts";
import { type HttpClient, httpClient } from "../../testing/client.ts";
import { strangerIp } from "../../testing/harness.ts";
import { HOUR_MS } from "../../lib/time.ts";
import { CLICK_LIMITS, createClickCounter } from "./clicks.ts";
import { createAdRepository } from "./repository.ts";
import { PNG_1X1, type SignedInSite, signedInSite, upload } from "../../testing/signed-in.ts";

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
