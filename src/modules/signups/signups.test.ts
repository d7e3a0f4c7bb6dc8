import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { testApp, type TestApp } from "../../testing/harness.ts";
import { type Scenario, scenarios } from "../../testing/scenario.ts";
import { ALERT_TYPES_REQUIRED, EMAIL_REQUIRED, SIGNED_UP } from "./model.ts";

let t: TestApp;
beforeEach(() => {
  t = testApp();
});
afterEach(() => t.close());
const count = (table: string) => (t.db.sqlite.query(`select count(*) as n from ${table}`).get() as { n: number }).n;

const SIGNUP_ROWS = (table: string, n: number) => [{ sql: `select count(*) as n from ${table}`, equals: [{ n }] }];
const signup = (url: string, table: string) => ({
  accepted: (name: string, body: unknown): Scenario => ({
    name: `${name} -> 201`,
    method: "POST",
    url,
    body,
    expectStatus: 201,
    expectJson: { id: 1, message: SIGNED_UP },
    expectRows: SIGNUP_ROWS(table, 1),
  }),
  refused: (name: string, body: unknown, message: string): Scenario => ({
    name: `${name} -> 400`,
    method: "POST",
    url,
    body,
    expectStatus: 400,
    expectJson: { message },
    expectRows: SIGNUP_ROWS(table, 0),
  }),
});

describe("POST /api/newsletter/signup", () => {
  const { accepted, refused } = signup("/api/newsletter/signup", "newsletter_signups");
  scenarios([
    accepted("email and source", { email: "ann@example.com", source: "homepage" }),
    accepted("with a name", { email: "ann@example.com", name: "Ann", source: "homepage" }),
    refused("no email", { source: "homepage" }, EMAIL_REQUIRED),
    refused("blank email", { email: "  " }, EMAIL_REQUIRED),
    refused("not an email", { email: "ann" }, "Please enter a valid email address"),
    {
      name: "a second signup of the same email is answered clearly and not duplicated",
      method: "POST",
      url: "/api/newsletter/signup",
      setup: (t) =>
        t.call("POST", "/api/newsletter/signup", { body: { email: "ann@example.com", source: "homepage" } }),
      body: { email: "ANN@example.com", source: "homepage" },
      expectStatus: 409,
      expectJson: { message: "This email is already signed up for the newsletter" },
      expectRows: [
        {
          sql: "select source, ip_address from newsletter_signups",
          equals: [{ source: "homepage", ip_address: "203.0.113.7" }],
        },
      ],
    },
  ]);
});

describe("POST /api/earning-alerts/signup", () => {
  const good = { email: "bo@example.com", alertTypes: ["daily_challenges", "high_rewards"], source: "homepage" };
  const { accepted, refused } = signup("/api/earning-alerts/signup", "earning_alert_signups");
  scenarios([
    accepted("email and two types", good),
    accepted("all five types with name and phone", {
      ...good,
      name: "Bo",
      phone: "+1 (555) 010-0000",
      alertTypes: ["daily_challenges", "high_rewards", "streak_bonuses", "new_features", "market_opportunities"],
    }),
    refused("no email", { ...good, email: "" }, EMAIL_REQUIRED),
    refused("no types", { ...good, alertTypes: [] }, ALERT_TYPES_REQUIRED),
    refused("types missing", { email: "bo@example.com" }, ALERT_TYPES_REQUIRED),
    refused("an unknown type", { ...good, alertTypes: ["lottery"] }, "Unknown alert type: lottery"),
    refused("a bad phone", { ...good, phone: "call me" }, "Please enter a valid phone number"),
    {
      name: "a second signup of the same email is refused",
      method: "POST",
      url: "/api/earning-alerts/signup",
      setup: (t) => t.call("POST", "/api/earning-alerts/signup", { body: good }),
      body: good,
      expectStatus: 409,
      expectJson: { message: "This email is already signed up for earning alerts" },
      expectRows: SIGNUP_ROWS("earning_alert_signups", 1),
    },
  ]);
});

// Values that make String(x) and `${x}` throw, over real HTTP: every form answers 400 with a message.
describe("crafted values on the public forms", () => {
  const poison = { toString: null, valueOf: null };
  test.each([
    {
      name: "a crafted alert type",
      path: "/api/earning-alerts/signup",
      body: { email: "bo@example.com", alertTypes: ["daily_challenges", poison] },
      table: "earning_alert_signups",
    },
    {
      name: "a nested list of alert types",
      path: "/api/earning-alerts/signup",
      body: { email: "bo@example.com", alertTypes: [["daily_challenges"]] },
      table: "earning_alert_signups",
    },
    {
      name: "a crafted phone",
      path: "/api/earning-alerts/signup",
      body: { email: "bo@example.com", alertTypes: ["daily_challenges"], phone: poison },
      table: "earning_alert_signups",
    },
    { name: "a crafted email", path: "/api/newsletter/signup", body: { email: poison }, table: "newsletter_signups" },
    {
      name: "a crafted name",
      path: "/api/newsletter/signup",
      body: { email: "ann@example.com", name: poison },
      table: "newsletter_signups",
    },
    {
      name: "a crafted budget",
      path: "/api/advertising/submit",
      body: { companyName: "Acme", email: "ads@acme.example", budget: poison },
      table: "advertising_requests",
    },
    {
      name: "a list for a body",
      path: "/api/newsletter/signup",
      body: [{ email: "ann@example.com" }],
      table: "newsletter_signups",
    },
    { name: "text for a body", path: "/api/newsletter/signup", body: "ann@example.com", table: "newsletter_signups" },
  ])("$path with $name: 400 with a message, nothing stored, nothing logged", async ({ path, body, table }) => {
    t.app.listen({ port: 0, hostname: "127.0.0.1" });
    try {
      const res = await fetch(`http://127.0.0.1:${t.app.server!.port}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expect(typeof (await res.json()).message).toBe("string");
      expect(count(table)).toBe(0);
      expect(t.logs).toEqual([]);
    } finally {
      await t.app.stop(true);
    }
  });
});

describe("the public forms' limit counts a network, not an address", () => {
  test("14 signups from 14 addresses of one IPv6 /64: 10 stored, the rest 429", async () => {
    const statuses = [];
    for (let i = 0; i < 14; i++) {
      const res = await t.call("POST", "/api/newsletter/signup", {
        body: { email: `rotating${i}@example.com` },
        ip: `2001:db8:9:1::${(i + 1).toString(16)}`,
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    expect(count("newsletter_signups")).toBe(10);
    // another /64 is another visitor
    expect(
      (
        await t.call("POST", "/api/newsletter/signup", {
          body: { email: "elsewhere@example.com" },
          ip: "2001:db8:9:2::1",
        })
      ).status,
    ).toBe(201);
  });
});
