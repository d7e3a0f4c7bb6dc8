// The admin's block list: adding entries (what is refused), listing and removing them, and which IP
// networks an entry covers. (What a blocked party is refused: blocked-forms.test.ts and
// blocked-addresses.test.ts.)
import { describe, expect, test } from "bun:test";
import { randomAddress, testApp } from "../../testing/harness.ts";
import { type Scenario, scenarios } from "../../testing/scenario.ts";
import { INVALID_ADDRESS } from "../../lib/ledger-address.ts";
import { MESSAGES } from "./model.ts";
import { ADDRESS, block, DEVICE, entries } from "./testing.ts";

describe("POST /api/admin/blocklist", () => {
  const refused = (name: string, body: unknown, message: string, status = 400): Scenario => ({
    name,
    method: "POST",
    url: "/api/admin/blocklist",
    as: "admin",
    body,
    expectStatus: status,
    expectJson: { message },
    expectUnchanged: ["select * from block_list", "select * from audit_log"],
  });
  scenarios([
    {
      name: "an address with a note and no expiry",
      method: "POST",
      url: "/api/admin/blocklist",
      as: "admin",
      body: { kind: "address", value: ` ${ADDRESS} `, note: " farming with 40 wallets " },
      expectStatus: 201,
      expectJson: {
        id: 1,
        kind: "address",
        value: ADDRESS,
        note: "farming with 40 wallets",
        expiresAt: null,
        createdAt: new Date(Date.UTC(2026, 0, 15, 12)).toISOString(),
        createdBy: "admin",
        refusals: 0,
        lastRefusedAt: null,
        active: true,
      },
      expectRows: [
        {
          sql: "select action, target_type, target_id, actor_name from audit_log where action <> 'admin.sign_in'",
          equals: [{ action: "blocklist.add", target_type: "block_list", target_id: "1", actor_name: "admin" }],
        },
      ],
    },
    {
      name: "an IPv6 network with an expiry",
      method: "POST",
      url: "/api/admin/blocklist",
      as: "admin",
      body: { kind: "ip", value: "2001:DB8:1::/48", expiresAt: "2026-01-16T12:00:00Z" },
      expectStatus: 201,
      expectJsonMatch: {
        kind: "ip",
        value: "2001:db8:1::/48",
        note: null,
        expiresAt: "2026-01-16T12:00:00.000Z",
        active: true,
      },
    },
    {
      name: "a device id",
      method: "POST",
      url: "/api/admin/blocklist",
      as: "admin",
      body: { kind: "device", value: DEVICE },
      expectStatus: 201,
      expectJsonMatch: { kind: "device", value: DEVICE },
    },
    refused("no kind", { value: ADDRESS }, MESSAGES.kind),
    refused("an unknown kind", { kind: "email", value: "a@example.com" }, MESSAGES.kind),
    refused("an address that is not one", { kind: "address", value: "rNotAnAddressAtAll123456789" }, INVALID_ADDRESS),
    refused("an empty address", { kind: "address", value: "  " }, INVALID_ADDRESS),
    refused("an IPv4 address out of range", { kind: "ip", value: "300.1.2.3" }, MESSAGES.ip),
    refused("an IPv4 prefix over 32", { kind: "ip", value: "203.0.113.0/33" }, MESSAGES.ip),
    refused("an IPv6 prefix over 128", { kind: "ip", value: "2001:db8::/129" }, MESSAGES.ip),
    refused("a host name", { kind: "ip", value: "example.com" }, MESSAGES.ip),
    refused("an empty device id", { kind: "device", value: " " }, MESSAGES.device),
    refused("a device id over 100 characters", { kind: "device", value: "d".repeat(101) }, MESSAGES.device),
    refused(
      "an expiry in the past",
      { kind: "ip", value: "203.0.113.9", expiresAt: "2026-01-15T11:59:59Z" },
      MESSAGES.expiresAt,
    ),
    refused(
      "an expiry that is not a date",
      { kind: "ip", value: "203.0.113.9", expiresAt: "tomorrow" },
      MESSAGES.expiresAt,
    ),
    refused("a note over 500 characters", { kind: "ip", value: "203.0.113.9", note: "n".repeat(501) }, MESSAGES.note),
    refused("a value that is not text", { kind: "ip", value: 5 }, MESSAGES.value),
    {
      ...refused(
        "the same address twice",
        { kind: "address", value: ADDRESS },
        "This address is already on the block list",
        409,
      ),
      setup: (t) => block(t, { kind: "address", value: ADDRESS }),
    },
    {
      name: "a visitor",
      method: "POST",
      url: "/api/admin/blocklist",
      body: { kind: "ip", value: "203.0.113.9" },
      expectStatus: 401,
      expectUnchanged: ["select * from block_list"],
    },
    {
      name: "a user who is not an admin",
      method: "POST",
      url: "/api/admin/blocklist",
      as: "user",
      body: { kind: "ip", value: "203.0.113.9" },
      expectStatus: 403,
      expectUnchanged: ["select * from block_list"],
    },
  ]);
});

describe("GET and DELETE /api/admin/blocklist", () => {
  test("newest first; a removal is audited and the entry gone; an unknown id is a 404", async () => {
    const t = testApp();
    try {
      const { cookie } = await t.signIn("admin");
      const first = await block(t, { kind: "ip", value: "198.51.100.0/24" });
      t.clock.advance(1000);
      const second = await block(t, { kind: "device", value: DEVICE });
      expect((await entries(t)).map((e: { id: number }) => e.id)).toEqual([second.id, first.id]);
      const res = await t.call("DELETE", `/api/admin/blocklist/${first.id}`, { cookie });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ success: true });
      expect((await entries(t)).map((e: { id: number }) => e.id)).toEqual([second.id]);
      expect(
        t.db.sqlite.query("select action, target_id from audit_log where action <> 'admin.sign_in' order by id").all(),
      ).toEqual([
        { action: "blocklist.add", target_id: String(first.id) },
        { action: "blocklist.add", target_id: String(second.id) },
        { action: "blocklist.remove", target_id: String(first.id) },
      ]);
      const again = await t.call("DELETE", `/api/admin/blocklist/${first.id}`, { cookie });
      expect(again.status).toBe(404);
      expect(again.json).toEqual({ message: MESSAGES.notFound });
      // once removed, the network is served again
      expect(
        (await t.call("POST", "/api/faucet/request", { body: { address: randomAddress() }, ip: "198.51.100.5" }))
          .status,
      ).toBe(201);
    } finally {
      await t.close();
    }
  });
});

describe("IP networks", () => {
  test.each([
    { entry: "203.0.113.0/24", ip: "203.0.113.200", refused: true },
    { entry: "203.0.113.0/24", ip: "203.0.114.1", refused: false },
    { entry: "203.0.113.0/24", ip: "::ffff:203.0.113.9", refused: true },
    { entry: "203.0.113.77", ip: "203.0.113.77", refused: true },
    { entry: "203.0.113.77", ip: "203.0.113.78", refused: false },
    { entry: "::ffff:203.0.113.0/120", ip: "203.0.113.5", refused: true },
    { entry: "0.0.0.0/0", ip: "192.0.2.1", refused: true },
    { entry: "0.0.0.0/0", ip: "2001:db8::1", refused: false },
    { entry: "2001:db8:1::/48", ip: "2001:db8:1:abcd::5", refused: true },
    { entry: "2001:db8:1::/48", ip: "2001:db8:2::1", refused: false },
    { entry: "2001:db8::1", ip: "2001:0db8:0000::0001", refused: true },
    { entry: "2001:db8::1", ip: "2001:db8::2", refused: false },
    { entry: "::/0", ip: "192.0.2.1", refused: false },
  ])("$entry, a request from $ip: refused $refused", async ({ entry, ip, refused }) => {
    const t = testApp();
    try {
      await block(t, { kind: "ip", value: entry });
      const res = await t.call("POST", "/api/newsletter/signup", {
        body: { email: "ann@example.com", source: "homepage" },
        ip,
      });
      expect(res.status).toBe(refused ? 403 : 201);
    } finally {
      await t.close();
    }
  });
});
