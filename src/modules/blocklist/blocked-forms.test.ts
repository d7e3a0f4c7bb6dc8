// Every form a blocked network is refused by, and no other.
import { describe, expect, test } from "bun:test";
import { randomAddress, testApp } from "../../testing/harness.ts";
import { block, count, entries, REFUSED } from "./testing.ts";

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
