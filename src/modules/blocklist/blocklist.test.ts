import { afterEach, describe, expect, test } from "bun:test";
import { decodeAccountID, encodeXAddress } from "ripple-address-codec";
import { payoutBed, type PayoutBed } from "../../payouts/testing.ts";
import { BLOCKED_DESTINATION } from "../payouts/model.ts";
import { randomAddress, strangerIp, testApp, type TestApp } from "../../testing/harness.ts";
import { waitFor } from "../../testing/wait.ts";
import { type Scenario, scenarios } from "../../testing/scenario.ts";
import { INVALID_ADDRESS } from "../../lib/ledger-address.ts";
import { MESSAGES } from "./model.ts";

const HOUR = 60 * 60 * 1000;
const ADDRESS = randomAddress();
const DEVICE = "blocked-device-000000000001";
const count = (t: TestApp, table: string) =>
  (t.db.sqlite.query(`select count(*) as n from ${table}`).get() as { n: number }).n;
const block = async (t: TestApp, body: Record<string, unknown>) => {
  const { cookie } = await t.signIn("admin");
  const res = await t.call("POST", "/api/admin/blocklist", { cookie, body });
  if (res.status !== 201) throw new Error(`block: ${res.status} ${res.text}`);
  return res.json as { id: number };
};
const entries = async (t: TestApp) =>
  (await t.call("GET", "/api/admin/blocklist", { cookie: (await t.signIn("admin")).cookie })).json;
const REFUSED = { message: MESSAGES.refused };

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

// Every form a blocked party is refused by, with a body it would otherwise accept.
const forms: {
  name: string;
  url: string;
  method?: "PATCH";
  body: () => Record<string, unknown>;
  stores: string;
  open?: boolean;
}[] = [
  {
    name: "a faucet request",
    url: "/api/faucet/request",
    body: () => ({ address: randomAddress() }),
    stores: "faucet_requests",
    open: true,
  },
  {
    name: "a reviewer bonus",
    url: "/api/reviews/bonus-request",
    body: () => ({ address: randomAddress(), reviewId: 1 }),
    stores: "faucet_requests",
  },
  {
    name: "a social bonus",
    url: "/api/social/bonus-request",
    body: () => ({ address: randomAddress(), platform: "Twitter" }),
    stores: "rewards",
  },
  {
    name: "a newsletter signup",
    url: "/api/newsletter/signup",
    body: () => ({ email: "ann@example.com", source: "homepage" }),
    stores: "newsletter_signups",
    open: true,
  },
  {
    name: "an earning-alerts signup",
    url: "/api/earning-alerts/signup",
    body: () => ({ email: "bo@example.com", alertTypes: ["high_rewards"], source: "faucet" }),
    stores: "earning_alert_signups",
    open: true,
  },
  {
    name: "an advertising enquiry",
    url: "/api/advertising/submit",
    body: () => ({ companyName: "Acme", email: "ads@acme.example", budget: "$500" }),
    stores: "advertising_requests",
    open: true,
  },
  {
    name: "a registration",
    url: "/api/register",
    body: () => ({ username: "newcomer", email: "new@example.com", password: "correct horse battery" }),
    stores: "users",
    open: true,
  },
  // (the paths to money an outside test found open to a blocked network)
  {
    name: "a review",
    url: "/api/reviews/submit",
    body: () => ({ rating: 5, review: "Quick and simple" }),
    stores: "reviews",
    open: true,
  },
  { name: "a share", url: "/api/social/share", body: () => ({ platform: "Twitter" }), stores: "social_shares" },
  {
    name: "a profile change",
    url: "/api/user",
    method: "PATCH",
    body: () => ({ xrpAddress: randomAddress() }),
    stores: "users",
  },
  {
    name: "a password reset request",
    url: "/api/password-reset/request",
    body: () => ({ email: "someone@example.com" }),
    stores: "password_resets",
  },
  {
    name: "a contact message",
    url: "/api/contact",
    body: () => ({ name: "Ann", email: "ann@example.com", message: "Hello" }),
    stores: "contact_messages",
    open: true,
  },
];

describe.each(forms)("$name from a blocked network", ({ url, method = "POST", body, stores, open }) => {
  test("is refused with the neutral message, nothing is stored, the refusal is counted", async () => {
    const t = testApp();
    try {
      const entry = await block(t, { kind: "ip", value: "198.51.100.0/24" });
      const before = count(t, stores);
      for (let i = 0; i < 2; i++) {
        t.clock.advance(1000);
        const res = await t.call(method, url, { body: body(), ip: "198.51.100.23" });
        expect({ status: res.status, json: res.json, code: res.headers.get("x-error-code") }).toEqual({
          status: 403,
          json: REFUSED,
          code: "REFUSED",
        });
      }
      expect(count(t, stores)).toBe(before);
      expect((await entries(t)).find((e: { id: number }) => e.id === entry.id)).toMatchObject({
        refusals: 2,
        lastRefusedAt: new Date(t.clock()).toISOString(),
      });
      // the same form from another network is served
      if (open) expect((await t.call(method, url, { body: body(), ip: "192.0.2.50" })).status).toBe(201);
    } finally {
      await t.close();
    }
  });
});

test("the forms a blocked network is refused by are exactly the ones above; every other call still answers it", async () => {
  const t = testApp();
  try {
    await block(t, { kind: "ip", value: "198.51.100.0/24" });
    const refusing: string[] = [];
    for (const route of t.app.routes) {
      if (route.path.startsWith("/api/admin") || route.path.includes("*")) continue;
      const res = await t.call(route.method as "POST", route.path.replace(/:[^/]+/g, "1"), {
        body: route.method === "GET" ? undefined : {},
        ip: "198.51.100.23",
      });
      if (res.status === 403 && res.headers.get("x-error-code") === "REFUSED")
        refusing.push(`${route.method} ${route.path}`);
    }
    expect(refusing.sort()).toEqual(forms.map((f) => `${f.method ?? "POST"} ${f.url}`).sort());
  } finally {
    await t.close();
  }
});

describe("a blocked address or device", () => {
  test("a blocked address is refused, as a classic or an X-address, for faucet and bonus requests", async () => {
    const t = testApp();
    try {
      const entry = await block(t, { kind: "address", value: ADDRESS });
      const xAddress = encodeXAddress(decodeAccountID(ADDRESS), 12345, false);
      for (const address of [ADDRESS, xAddress]) {
        const res = await t.call("POST", "/api/faucet/request", { body: { address } });
        expect({ status: res.status, json: res.json }).toEqual({ status: 403, json: REFUSED });
      }
      const { cookie } = await t.signIn("user");
      // a bonus needs an account a day old (bonusMinAccountAgeHours)
      t.clock.advance(24 * 60 * 60 * 1000);
      await t.call("POST", "/api/social/share", { cookie, body: { platform: "Twitter" } });
      const social = await t.call("POST", "/api/social/bonus-request", {
        cookie,
        body: { address: ADDRESS, platform: "Twitter" },
      });
      expect({ status: social.status, json: social.json }).toEqual({ status: 403, json: REFUSED });
      expect(count(t, "faucet_requests") + count(t, "rewards")).toBe(0);
      expect((await entries(t))[0]).toMatchObject({ id: entry.id, refusals: 3 });
      // another address from the same visitor is served
      expect(
        (
          await t.call("POST", "/api/social/bonus-request", {
            cookie,
            body: { address: randomAddress(), platform: "Twitter" },
          })
        ).status,
      ).toBe(201);
    } finally {
      await t.close();
    }
  });

  test("a blocked device is refused by the faucet and a review's bonus; another device is served", async () => {
    const t = testApp();
    try {
      const review = await t.call("POST", "/api/reviews/submit", {
        body: { review: "Great", rating: 5 },
        cookie: `device=${DEVICE}`,
      });
      expect(review.status).toBe(201);
      await block(t, { kind: "device", value: DEVICE });
      const faucet = await t.call("POST", "/api/faucet/request", {
        body: { address: randomAddress() },
        cookie: `device=${DEVICE}`,
      });
      expect({ status: faucet.status, json: faucet.json }).toEqual({ status: 403, json: REFUSED });
      const bonus = await t.call("POST", "/api/reviews/bonus-request", {
        body: { address: randomAddress(), reviewId: review.json.id },
        cookie: `device=${DEVICE}`,
      });
      expect({ status: bonus.status, json: bonus.json }).toEqual({ status: 403, json: REFUSED });
      expect(count(t, "faucet_requests")).toBe(0);
      expect((await entries(t))[0]).toMatchObject({ refusals: 2 });
      const other = await t.call("POST", "/api/faucet/request", {
        body: { address: randomAddress() },
        cookie: "device=another-device-0000000000001",
      });
      expect(other.status).toBe(201);
    } finally {
      await t.close();
    }
  });

  test("an entry past its expiry refuses nothing and is listed inactive", async () => {
    const t = testApp();
    try {
      await block(t, { kind: "ip", value: "198.51.100.23", expiresAt: new Date(t.clock() + HOUR).toISOString() });
      const ask = () =>
        t.call("POST", "/api/faucet/request", { body: { address: randomAddress() }, ip: "198.51.100.23" });
      expect((await ask()).status).toBe(403);
      t.clock.advance(HOUR);
      expect((await ask()).status).toBe(201);
      expect((await entries(t))[0]).toMatchObject({ active: false, refusals: 1 });
      // an expired entry does not stand in the way of blocking the IP again
      await block(t, { kind: "ip", value: "198.51.100.23" });
      expect((await ask()).status).toBe(403);
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

describe("auto-approve", () => {
  let bed: PayoutBed;
  afterEach(() => bed?.close());

  test("a request whose address is blocked during its hold is not auto-approved; the others are", async () => {
    bed = await payoutBed({ autoApproveEveryMs: 20 });
    const { t, admin } = bed;
    // (a day's budget whose 12:00 slice pays both)
    expect(
      (
        await t.call("POST", "/api/admin/faucet/settings", {
          cookie: admin,
          body: { dailyLimit: "1000", autoApprove: { enabled: true } },
        })
      ).status,
    ).toBe(200);
    const ask = async (ip: string) => {
      const res = await t.call("POST", "/api/faucet/request", {
        body: { address: randomAddress() },
        ip,
        headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64)" },
      });
      expect(res.status).toBe(201);
      return res.json as { id: number; address: string };
    };
    const status = (id: number) =>
      (t.db.sqlite.query("select status from faucet_requests where id = ?").get(id) as { status: string }).status;
    const abuser = await ask(strangerIp(1));
    const honest = await ask(strangerIp(2));
    const blocked = await t.call("POST", "/api/admin/blocklist", {
      cookie: admin,
      body: { kind: "address", value: abuser.address, note: "seen in a burst" },
    });
    expect(blocked.status).toBe(201);
    t.clock.advance(11 * 60_000);
    await waitFor(() => status(honest.id) === "APPROVED", { what: "the honest request auto-approved" });
    await Bun.sleep(200); // to show that nothing happens: ten more runs of the rule
    expect(status(abuser.id)).toBe("PENDING");
  }, 15_000);
});

describe("a blocked address on the money path", () => {
  test("it cannot be set as a payout address, and a request made before its block cannot be approved", async () => {
    const bed = await payoutBed();
    try {
      const { t, admin } = bed;
      const user = await t.register("blockedpayee");
      const made = await t.call("POST", "/api/faucet/request", {
        body: { address: ADDRESS },
        ip: strangerIp(5),
        headers: { "user-agent": "Mozilla/5.0" },
      });
      expect(made.status).toBe(201);
      expect(
        (await t.call("POST", "/api/admin/blocklist", { cookie: admin, body: { kind: "address", value: ADDRESS } }))
          .status,
      ).toBe(201);
      const patch = await t.call("PATCH", "/api/user", { cookie: user.cookie, body: { xrpAddress: ADDRESS } });
      expect({ status: patch.status, json: patch.json }).toEqual({ status: 403, json: REFUSED });
      const approve = await t.call("POST", `/api/admin/faucet/requests/${made.json.id}`, {
        cookie: admin,
        body: { action: "APPROVED" },
      });
      expect(approve.status).toBe(409);
      expect(approve.headers.get("x-error-code")).toBe("BLOCKED_DESTINATION");
      expect(approve.json.message).toBe(BLOCKED_DESTINATION);
      expect((t.db.sqlite.query("select count(*) as n from payouts").get() as { n: number }).n).toBe(0);
      // the admin's list warns on it before anyone presses Approve
      const list = await t.call("GET", "/api/admin/faucet/requests", { cookie: admin });
      expect(list.json.map((r: { id: number; blocked: boolean }) => [r.id, r.blocked])).toContainEqual([
        made.json.id,
        true,
      ]);
      // a user whose address was set before its block is not paid either
      t.db.sqlite.run("update users set xrp_address = ?, total_claimed_drops = 5000000 where id = ?", [
        ADDRESS,
        user.user.id,
      ]);
      const pay = await t.call("POST", `/api/admin/pay/${user.user.id}`, { cookie: admin });
      expect(pay.status).toBe(409);
      expect((t.db.sqlite.query("select count(*) as n from payouts").get() as { n: number }).n).toBe(0);
    } finally {
      await bed.close();
    }
  });

  test("an unproven request from a blocked network gets the proof's answer, the same as anyone's, and writes nothing", async () => {
    const t = testApp({ powDifficulty: 2000 });
    try {
      await block(t, { kind: "ip", value: "198.51.100.0/24" });
      const blocked = await t.call("POST", "/api/faucet/request", {
        body: { address: randomAddress() },
        ip: "198.51.100.23",
      });
      const other = await t.call("POST", "/api/faucet/request", {
        body: { address: randomAddress() },
        ip: "192.0.2.23",
      });
      expect({ status: blocked.status, json: blocked.json, code: blocked.headers.get("x-error-code") }).toEqual({
        status: other.status,
        json: other.json,
        code: other.headers.get("x-error-code"),
      });
      expect(blocked.headers.get("x-proof-of-work")).toBe("retry");
      expect((t.db.sqlite.query("select refusals from block_list").get() as { refusals: number }).refusals).toBe(0);
    } finally {
      await t.close();
    }
  });
});
