// The contact form and the admin's inbox over real HTTP: the form's proof of work and its limit
// per IP (shared with the other public forms), what it refuses, reading and deleting messages, who
// may read the inbox; and the site's name, logo and contact address (GET /api/site, PUT /api/admin/site).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { HttpClient as Client } from "../../testing/client.ts";
import { httpClient } from "../../testing/client.ts";
import { testApp } from "../../testing/harness.ts";
import { PNG_1X1, ADMIN_ONLY, othersGet, type SignedInSite, signedInSite, upload } from "../../testing/signed-in.ts";
import { CONTACT_THANKS } from "./model.ts";

// (the proof of work off, but in the first test; the harness's visitors come from 203.0.113.7)
let s: SignedInSite;
beforeAll(async () => {
  s = await signedInSite();
});
afterAll(() => s.t.close());

const message = { name: "Ada Visitor", email: "ada@example.com", message: "My reset link never came. Can you help?" };

describe("the contact form", () => {
  test("it needs a proof of work, as a fresh install has it", async () => {
    const t = testApp({ powDifficulty: null });
    try {
      const visitor = httpClient(t.listen());
      expect((await visitor.post("/api/contact", message)).status).toBe(403);
      expect((await visitor.post("/api/contact", message, { proof: true })).status).toBe(201);
    } finally {
      await t.close();
    }
  });

  test("the message lands in the admin's inbox, unread", async () => {
    const sent = await s.anonymous.post("/api/contact", message, { proof: true });
    expect([sent.status, sent.json]).toEqual([201, { id: 1, message: CONTACT_THANKS }]);
    const inbox = await s.admin.get("/api/admin/contact/messages");
    expect(inbox.json).toEqual({
      unread: 1,
      messages: [{ id: 1, ...message, ipAddress: "203.0.113.7", createdAt: "2026-01-15T12:00:00.000Z", readAt: null }],
    });
  });

  test("what it refuses, with a clear 400, stores nothing", async () => {
    const cases: [unknown, string][] = [
      [{ ...message, name: " " }, "Please enter your name"],
      [{ ...message, email: "" }, "Email is required"],
      [{ ...message, email: "ada" }, "Please enter a valid email address"],
      [{ ...message, message: "" }, "Please write your message"],
      [{ ...message, message: { toString: null } }, "message must be text of at most 5000 characters"],
    ];
    for (const [body, text] of cases) {
      const res = await s.anonymous.post("/api/contact", body, { proof: true });
      expect([res.status, res.json.message]).toEqual([400, text]);
    }
    expect((await s.admin.get("/api/admin/contact/messages")).json.messages).toHaveLength(1);
  });

  test("an admin marks a message read and deletes it; others cannot read the inbox", async () => {
    const calls = [
      (c: Client) => c.get("/api/admin/contact/messages"),
      (c: Client) => c.request("PATCH", "/api/admin/contact/messages/1", { body: { read: true } }),
      (c: Client) => c.request("DELETE", "/api/admin/contact/messages/1"),
    ];
    expect(await othersGet(s, calls)).toEqual(calls.map(() => ADMIN_ONLY));
    const read = await s.admin.request("PATCH", "/api/admin/contact/messages/1", { body: { read: true } });
    expect(read.json.readAt).toBe("2026-01-15T12:00:00.000Z");
    expect((await s.admin.get("/api/admin/contact/messages")).json.unread).toBe(0);
    expect((await s.admin.request("DELETE", "/api/admin/contact/messages/1")).status).toBe(204);
    expect((await s.admin.request("DELETE", "/api/admin/contact/messages/1")).status).toBe(404);
    expect((await s.admin.get("/api/admin/contact/messages")).json).toEqual({ unread: 0, messages: [] });
  });

  test("the unread count beside the admin's Inbox (GET /api/admin/counts) and in the health strip (GET /api/admin/health): up with a new message, down once it is read; admins only", async () => {
    const unread = async () => {
      const [counts, health] = await Promise.all([s.admin.get("/api/admin/counts"), s.admin.get("/api/admin/health")]);
      expect([counts.status, health.status]).toEqual([200, 200]);
      return [counts.json.unreadMessages, health.json.inbox.unread];
    };
    expect(await unread()).toEqual([0, 0]);
    const first = (await s.anonymous.post("/api/contact", message, { proof: true })).json.id as number;
    expect(await unread()).toEqual([1, 1]);
    const second = (
      await s.anonymous.post("/api/contact", { ...message, message: "And a second question." }, { proof: true })
    ).json.id as number;
    expect(await unread()).toEqual([2, 2]);
    // opened: marked read
    expect(
      (await s.admin.request("PATCH", `/api/admin/contact/messages/${first}`, { body: { read: true } })).status,
    ).toBe(200);
    expect(await unread()).toEqual([1, 1]);
    // marked unread again, then deleted unread
    expect(
      (await s.admin.request("PATCH", `/api/admin/contact/messages/${first}`, { body: { read: false } })).status,
    ).toBe(200);
    expect(await unread()).toEqual([2, 2]);
    expect((await s.admin.request("DELETE", `/api/admin/contact/messages/${second}`)).status).toBe(204);
    expect(await unread()).toEqual([1, 1]);
    // a visitor and a member see neither
    const calls = [(c: Client) => c.get("/api/admin/counts"), (c: Client) => c.get("/api/admin/health")];
    expect(await othersGet(s, calls)).toEqual(calls.map(() => ADMIN_ONLY));
    expect((await s.admin.request("DELETE", `/api/admin/contact/messages/${first}`)).status).toBe(204);
    expect(await unread()).toEqual([0, 0]);
  });

  test("one IP cannot flood it: the public forms' limit of 10 an hour", async () => {
    const statuses: number[] = [];
    const flood = httpClient(s.url, { ipHeader: "x-test-ip", ip: "192.0.2.44" });
    for (let i = 0; i < 11; i++) statuses.push((await flood.post("/api/contact", message, { proof: true })).status);
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    // another network may still write
    expect((await s.anonymous.post("/api/contact", message, { proof: true })).status).toBe(201);
  });
});

describe("the site's name, logo and contact address", () => {
  test("set by an admin, read by every page", async () => {
    expect((await s.anonymous.get("/api/site")).json).toEqual({
      name: "XRP Faucet",
      logoUrl: null,
      contactEmail: null,
    });
    const { url: logoUrl } = (await (await upload(s.admin, PNG_1X1)).json()) as { url: string };
    const saved = await s.admin.request("PUT", "/api/admin/site", {
      body: { name: "Drops by Ada", logoUrl, contactEmail: "help@drops.example" },
    });
    expect(saved.json).toEqual({ name: "Drops by Ada", logoUrl, contactEmail: "help@drops.example" });
    expect((await s.anonymous.get("/api/site")).json).toEqual({
      name: "Drops by Ada",
      logoUrl,
      contactEmail: "help@drops.example",
    });
    expect((await s.anonymous.get("/rss.xml")).text).toContain("<channel><title>Drops by Ada</title>");
    expect(await (await fetch(new URL("/blog/welcome-to-the-xrp-faucet", s.url))).text()).toContain(
      "<title>Welcome to the XRP Faucet - Drops by Ada</title>",
    );
    // every other page's title, before the app runs, says the new name too
    expect(await (await fetch(new URL("/faq", s.url))).text()).toContain(
      "<title>Drops by Ada - Free XRP Drops</title>",
    );
    // and the authenticator app a user adds the site to
    const setup = await s.member.post("/api/user/two-factor/setup", { password: "correct horse battery" });
    expect(new URL(setup.json.uri).searchParams.get("issuer")).toBe("Drops by Ada");
  });

  test("a missing name, an address that is no email or a logo from elsewhere is refused; only admins may set them", async () => {
    const cases: [unknown, string][] = [
      [{ name: "" }, "The site's name is required"],
      [{ contactEmail: "not-an-email" }, "The contact address must be an email address, like help@example.com"],
      [{ logoUrl: "https://elsewhere.example/logo.png" }, "logoUrl must be an image uploaded here (/uploads/...)"],
    ];
    for (const [body, text] of cases) {
      const res = await s.admin.request("PUT", "/api/admin/site", { body });
      expect([res.status, res.json.message]).toEqual([400, text]);
    }
    expect((await s.anonymous.request("PUT", "/api/admin/site", { body: { name: "Mine" } })).status).toBe(401);
    expect((await s.member.request("PUT", "/api/admin/site", { body: { name: "Mine" } })).status).toBe(403);
    expect((await s.anonymous.get("/api/site")).json.name).toBe("Drops by Ada");
  });
});
