import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { testApp, type TestApp } from "../../testing/harness.ts";
import { ALERT_TYPES_REQUIRED, EMAIL_REQUIRED } from "./model.ts";

let t: TestApp;
beforeEach(() => {
  t = testApp();
});
afterEach(() => t.close());
const count = (table: string) => (t.db.sqlite.query(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe("POST /api/newsletter/signup", () => {
  test.each([
    { name: "email and source", body: { email: "ann@example.com", source: "homepage" }, status: 201 },
    { name: "with a name", body: { email: "ann@example.com", name: "Ann", source: "homepage" }, status: 201 },
    { name: "no email", body: { source: "homepage" }, status: 400, message: EMAIL_REQUIRED },
    { name: "blank email", body: { email: "  " }, status: 400, message: EMAIL_REQUIRED },
    { name: "not an email", body: { email: "ann" }, status: 400, message: "Please enter a valid email address" },
  ])("$name -> $status", async ({ body, status, message }) => {
    const res = await t.call("POST", "/api/newsletter/signup", { body });
    expect(res.status).toBe(status);
    if (message) expect(res.json).toEqual({ message });
    else expect(res.json.message).toBe("Successfully signed up!");
    expect(count("newsletter_signups")).toBe(status === 201 ? 1 : 0);
  });

  test("a second signup of the same email is answered clearly and not duplicated", async () => {
    await t.call("POST", "/api/newsletter/signup", { body: { email: "ann@example.com", source: "homepage" } });
    const again = await t.call("POST", "/api/newsletter/signup", { body: { email: "ANN@example.com", source: "homepage" } });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ message: "This email is already signed up for the newsletter" });
    expect(count("newsletter_signups")).toBe(1);
    const row = t.db.sqlite.query("select source, ip_address, user_agent from newsletter_signups").get() as any;
    expect(row.source).toBe("homepage");
    expect(row.ip_address).toBe("203.0.113.7");
  });
});

describe("POST /api/earning-alerts/signup", () => {
  const good = { email: "bo@example.com", alertTypes: ["daily_challenges", "high_rewards"], source: "homepage" };
  test.each([
    { name: "email and two types", body: good, status: 201 },
    { name: "all five types with name and phone", body: { ...good, name: "Bo", phone: "+1 (555) 010-0000", alertTypes: ["daily_challenges", "high_rewards", "streak_bonuses", "new_features", "market_opportunities"] }, status: 201 },
    { name: "no email", body: { ...good, email: "" }, status: 400, message: EMAIL_REQUIRED },
    { name: "no types", body: { ...good, alertTypes: [] }, status: 400, message: ALERT_TYPES_REQUIRED },
    { name: "types missing", body: { email: "bo@example.com" }, status: 400, message: ALERT_TYPES_REQUIRED },
    { name: "an unknown type", body: { ...good, alertTypes: ["lottery"] }, status: 400, message: "Unknown alert type: lottery" },
    { name: "a bad phone", body: { ...good, phone: "call me" }, status: 400, message: "Please enter a valid phone number" },
  ])("$name -> $status", async ({ body, status, message }) => {
    const res = await t.call("POST", "/api/earning-alerts/signup", { body });
    expect(res.status).toBe(status);
    if (message) expect(res.json).toEqual({ message });
    expect(count("earning_alert_signups")).toBe(status === 201 ? 1 : 0);
  });

  test("a second signup of the same email is refused", async () => {
    await t.call("POST", "/api/earning-alerts/signup", { body: good });
    const again = await t.call("POST", "/api/earning-alerts/signup", { body: good });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ message: "This email is already signed up for earning alerts" });
    expect(count("earning_alert_signups")).toBe(1);
  });
});

// Values that make String(x) and `${x}` throw, over real HTTP: every form answers 400 with a message.
describe("crafted values on the public forms", () => {
  const poison = { toString: null, valueOf: null };
  test.each([
    { name: "a crafted alert type", path: "/api/earning-alerts/signup", body: { email: "bo@example.com", alertTypes: ["daily_challenges", poison] }, table: "earning_alert_signups" },
    { name: "a nested list of alert types", path: "/api/earning-alerts/signup", body: { email: "bo@example.com", alertTypes: [["daily_challenges"]] }, table: "earning_alert_signups" },
    { name: "a crafted phone", path: "/api/earning-alerts/signup", body: { email: "bo@example.com", alertTypes: ["daily_challenges"], phone: poison }, table: "earning_alert_signups" },
    { name: "a crafted email", path: "/api/newsletter/signup", body: { email: poison }, table: "newsletter_signups" },
    { name: "a crafted name", path: "/api/newsletter/signup", body: { email: "ann@example.com", name: poison }, table: "newsletter_signups" },
    { name: "a crafted budget", path: "/api/advertising/submit", body: { companyName: "Acme", email: "ads@acme.example", budget: poison }, table: "advertising_requests" },
    { name: "a list for a body", path: "/api/newsletter/signup", body: [{ email: "ann@example.com" }], table: "newsletter_signups" },
    { name: "text for a body", path: "/api/newsletter/signup", body: "ann@example.com", table: "newsletter_signups" },
  ])("$path with $name: 400 with a message, nothing stored, nothing logged", async ({ path, body, table }) => {
    t.app.listen({ port: 0, hostname: "127.0.0.1" });
    try {
      const res = await fetch(`http://127.0.0.1:${t.app.server!.port}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
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
      const res = await t.call("POST", "/api/newsletter/signup", { body: { email: `rotating${i}@example.com` }, ip: `2001:db8:9:1::${(i + 1).toString(16)}` });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    expect(count("newsletter_signups")).toBe(10);
    // another /64 is another visitor
    expect((await t.call("POST", "/api/newsletter/signup", { body: { email: "elsewhere@example.com" }, ip: "2001:db8:9:2::1" })).status).toBe(201);
  });
});
