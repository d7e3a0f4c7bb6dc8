// A flood of the contact form cannot hide a real message, over real HTTP: the form counts its
// messages at the network (IPv6 /48, IPv4 /24) as the faucet does, not only per IP group (a /64),
// the inbox pages through every message (`?page=`, the total in X-Total-Count), and the admin may
// hide what came in a burst (`?bursts=hide`: 3 or more messages from one wide network, IPv6 /32 or
// IPv4 /16, within 10 minutes). The counts are served by their indexes.
// (the proof of work is off, as the pentest had it)
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { FakeClock } from "../../testing/harness.ts";
import { httpClient } from "../../testing/client.ts";
import { queryPlan, recordStatements, type StatementLog } from "../../testing/statements.ts";
import { type SignedInSite, signedInSite } from "../../testing/signed-in.ts";

const message = (n: number | string) => ({
  name: `Sender ${n}`,
  email: `sender-${String(n).replace(/[^a-z0-9]+/gi, "-")}@example.com`,
  message: `Message ${n}`,
});
const from = (s: SignedInSite, ip: string) => httpClient(s.url, { ipHeader: "x-test-ip", ip });
const inbox = async (s: SignedInSite, query = "") => {
  const res = await s.admin.get(`/api/admin/contact/messages${query}`);
  expect(res.status).toBe(200);
  return {
    names: (res.json.messages as { name: string }[]).map((m) => m.name),
    total: Number(res.headers.get("x-total-count")),
    pageSize: Number(res.headers.get("x-page-size")),
    bursts: Number(res.headers.get("x-burst-count")),
    unread: res.json.unread as number,
  };
};

describe("the contact form's limit counts at the network", () => {
  let s: SignedInSite;
  beforeAll(async () => {
    s = await signedInSite();
  });
  afterAll(() => s.t.close());

  test("520 messages from 52 /64s of one /48 at once: 10 land, the rest get 429 with Retry-After", async () => {
    const sends = Array.from({ length: 52 * 10 }, (_, i) =>
      from(s, `2001:db8:77:${(i % 52).toString(16)}::${(i % 10) + 1}`).post("/api/contact", message(i)),
    );
    const answers = await Promise.all(sends);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status !== 201);
    expect(new Set(refused.map((a) => a.status))).toEqual(new Set([429]));
    expect(refused[0]!.json.message).toBe("Too many messages from your network. Please try again in 60 minutes.");
    expect(refused[0]!.headers.get("x-error-code")).toBe("NETWORK_LIMIT");
    expect(refused[0]!.headers.get("retry-after")).toBe("3600");
    expect((await inbox(s)).total).toBe(10);
    // another /48 of the same /32 is another network: it may write
    expect((await from(s, "2001:db8:78::1").post("/api/contact", message("next door"))).status).toBe(201);
  });

  test("IPv4: a /24 is one network even when the per-IP limits count each address", async () => {
    expect((await s.admin.post("/api/admin/faucet/settings", { ipGrouping: "address" })).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++)
      statuses.push((await from(s, `198.51.100.${i}`).post("/api/contact", message(`v4-${i}`))).status);
    expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
    expect((await from(s, "198.51.101.1").post("/api/contact", message("v4 next door"))).status).toBe(201);
  });

  test("an hour after its first message, the network may write again", async () => {
    (s.t.clock as FakeClock).advance(60 * 60 * 1000 + 1);
    expect((await from(s, "2001:db8:77:99::1").post("/api/contact", message("an hour later"))).status).toBe(201);
  });
});

describe("the inbox pages and hides bursts", () => {
  let s: SignedInSite;
  let log: StatementLog;
  beforeAll(async () => {
    s = await signedInSite({ onDatabase: (db) => void (log = recordStatements(db.sqlite)) });
  });
  afterAll(() => s.t.close());
  const clock = () => s.t.clock as FakeClock;

  test("every message is reachable, 100 a page, newest first, the total in X-Total-Count", async () => {
    // 250 messages a minute apart, each from its own /16
    for (let i = 0; i < 250; i++) {
      expect((await from(s, `10.${i}.0.1`).post("/api/contact", message(i))).status).toBe(201);
      clock().advance(60_000);
    }
    const pages = [await inbox(s), await inbox(s, "?page=2"), await inbox(s, "?page=3"), await inbox(s, "?page=4")];
    expect(pages.map((p) => [p.names.length, p.total, p.pageSize])).toEqual([
      [100, 250, 100],
      [100, 250, 100],
      [50, 250, 100],
      [0, 250, 100],
    ]);
    expect(pages.flatMap((p) => p.names)).toEqual(Array.from({ length: 250 }, (_, i) => `Sender ${249 - i}`));
    expect(pages[0]!.unread).toBe(250);
    expect(pages[0]!.bursts).toBe(0);
  });

  test("a burst (3 or more from one /32 or /16 in 10 minutes) is hidden on request; a message sent during it is not", async () => {
    clock().advance(60 * 60 * 1000);
    // two from one /16 ten minutes apart: no burst
    expect((await from(s, "172.20.1.1").post("/api/contact", message("calm 1"))).status).toBe(201);
    clock().advance(10 * 60_000);
    expect((await from(s, "172.20.2.1").post("/api/contact", message("calm 2"))).status).toBe(201);
    clock().advance(20 * 60_000);
    // a farm: 30 messages from 6 /48s of one /32 within a few seconds, and a real one among them
    for (let i = 0; i < 30; i++) {
      expect((await from(s, `2001:db8:${(i % 6) + 1}:${i}::1`).post("/api/contact", message(`spam ${i}`))).status).toBe(
        201,
      );
      if (i === 14) expect((await from(s, "192.0.2.10").post("/api/contact", message("real"))).status).toBe(201);
      clock().advance(100);
    }
    const all = await inbox(s);
    expect([all.total, all.bursts]).toEqual([283, 30]);
    const calm = await inbox(s, "?bursts=hide");
    expect([calm.total, calm.bursts, calm.pageSize]).toEqual([253, 30, 100]);
    expect(calm.names.slice(0, 4)).toEqual(["Sender real", "Sender calm 2", "Sender calm 1", "Sender 249"]);
    expect(calm.names.some((n) => n.startsWith("Sender spam"))).toBe(false);
    const last = await inbox(s, "?bursts=hide&page=3");
    expect(last.names).toEqual(Array.from({ length: 53 }, (_, i) => `Sender ${52 - i}`));
  });

  test("a filter the inbox does not know is refused", async () => {
    const res = await s.admin.get("/api/admin/contact/messages?bursts=maybe");
    expect([res.status, res.json.message]).toEqual([400, "bursts must be hide, or absent to show every message"]);
  });

  test("the form's counts and the inbox's pages are served by their indexes", async () => {
    log.clear();
    expect((await from(s, "2001:db8:9:1::1").post("/api/contact", message("planned"))).status).toBe(201);
    await inbox(s, "?page=2");
    await inbox(s, "?bursts=hide&page=2");
    const taken = log.taken().filter((sql) => sql.includes("contact_messages"));
    const plans = taken.map((sql) => ({
      sql: sql.replace(/\s+/g, " "),
      plan: queryPlan(s.t.db.sqlite, sql).join(" | "),
    }));
    // (a statement's plan: no step scans the table or sorts outside an index)
    for (const { sql, plan } of plans) {
      const scan = plan.split(" | ").some((step) => /^SCAN contact_messages(?! USING (?:COVERING )?INDEX)/.test(step));
      expect({ sql, scan, sort: /TEMP B-TREE/.test(plan) }).toEqual({ sql, scan: false, sort: false });
    }
    const planOf = (part: RegExp) => plans.filter((p) => part.test(p.sql)).map((p) => p.plan);
    // the network's count (the limit), the wide network's (a burst?) and the burst's marks (the
    // message came 3 s after the farm's 30 of its /32), the pages and counts without the bursts
    expect(planOf(/^select count\(\*\), min.*"ip_network" = \?/)).toEqual([
      expect.stringContaining("USING COVERING INDEX contact_messages_network_time (ip_network=? AND created_at>?)"),
    ]);
    expect(planOf(/^select count\(\*\) .*"ip_wide" = \?/)).toEqual([
      expect.stringContaining("USING COVERING INDEX contact_messages_wide_time (ip_wide=? AND created_at>?)"),
    ]);
    expect(planOf(/^update .*"ip_wide" = \?/)).toEqual([
      expect.stringContaining("USING INDEX contact_messages_wide_time (ip_wide=? AND created_at>?)"),
    ]);
    expect(planOf(/^select .*"in_burst" = 0/)).toEqual([
      expect.stringContaining("contact_messages_calm_time"),
      expect.stringContaining("contact_messages_calm_time"),
    ]);
  });
});
