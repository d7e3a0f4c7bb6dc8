// Every protected form refuses a request without a proof (login does not ask for one), and the
// protected forms are exactly the public POST routes that ask for a proof.
import { expect, test } from "bun:test";
import { randomAddress } from "../../testing/harness.ts";
import { formAt, PROTECTED_FORMS } from "../../shared/forms.ts";
import { powApp } from "./pow-fixtures.ts";
import { POW_HEADER } from "./service.ts";

const { t } = powApp();

test("every protected form refuses a request without a proof; login does not ask for one", async () => {
  const ip = "198.51.100.77";
  const review = await t.call("POST", "/api/reviews/submit", {
    body: { name: "Ann", rating: 5, review: "Fast and simple" },
    headers: await t.proof("review", ip),
    ip,
  });
  expect(review.status).toBe(201);
  const device = review.headers.get("set-cookie")!.match(/device=[^;]+/)![0]; // the bonus is claimed from the reviewer's device
  const bodies: Record<string, unknown> = {
    "/api/faucet/request": { address: randomAddress() },
    "/api/reviews/submit": { name: "Bob", rating: 4, review: "Works" },
    "/api/reviews/bonus-request": { address: randomAddress(), reviewId: review.json.id },
    "/api/newsletter/signup": { email: "a@example.com", source: "homepage" },
    "/api/earning-alerts/signup": { email: "a@example.com", alertTypes: ["daily_challenges"], source: "homepage" },
    "/api/advertising/submit": {
      companyName: "Acme",
      email: "ads@example.com",
      website: "https://acme.example",
      budget: "1000",
      message: "Banner",
    },
    "/api/register": { username: "bot1", email: "bot1@example.com", password: "correct horse battery" },
    "/api/password-reset/request": { email: "bot1@example.com" },
    "/api/social/bonus-request": { address: randomAddress() },
    "/api/contact": { name: "Ann", email: "ann@example.com", message: "Hello" },
  };
  expect(Object.keys(bodies).sort()).toEqual([...PROTECTED_FORMS].sort());
  for (const [path, body] of Object.entries(bodies)) {
    const res = await t.call("POST", path, { body, cookie: device, ip });
    expect(res.status, path).toBe(403);
    expect(res.json.message).toBe("Your browser has not finished its anti-bot check. Please try again.");
    const proven = await t.call("POST", path, { body, cookie: device, ip, headers: await t.proof(formAt(path)!, ip) });
    // Past the proof each form answers by its own rules: "Forgot password?" 503 MAIL_OFF (this app has
    // no mail), the social bonus 401 (no one is logged in), the reviewer bonus asks for an address the
    // faucet paid; the others accept.
    expect(proven.headers.get("x-error-code"), `${path}: ${proven.text}`).not.toBe("PROOF_REFUSED");
    if (!/password-reset|bonus-request/.test(path)) expect(proven.status, `${path}: ${proven.text}`).toBeLessThan(300);
  }
  expect(
    (await t.call("POST", "/api/login", { body: { username: "bot1", password: "correct horse battery" } })).status,
  ).toBe(200);
});

test("the protected forms are exactly the public POST routes that ask for a proof", async () => {
  const asking: string[] = [];
  for (const route of t.app.routes) {
    if (route.method !== "POST" || route.path.startsWith("/api/admin")) continue;
    const res = await t.call("POST", route.path.replace(/:[^/]+/g, "1"), { body: {} });
    if (res.status === 403 && res.headers.get(POW_HEADER) === "retry") asking.push(route.path);
  }
  expect(asking.sort()).toEqual([...PROTECTED_FORMS].sort());
});
