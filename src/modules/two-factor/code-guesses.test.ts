// Guessing two-factor codes (issue 29): a flood cannot wipe the throttle's lockouts, and wrong codes
// are counted per account across every network as well, stored, slowed down past a few, and told to
// the account's owner.
import { afterEach, describe, expect, test } from "bun:test";
import { totpCode } from "../../auth/totp.ts";
import { testApp, type TestApp } from "../../testing/harness.ts";

let t: TestApp;
afterEach(() => t?.close());

// Turns two-factor sign-in on for the session's user; answers its secret and recovery codes.
async function turnOn(app: TestApp, cookie: string) {
  const setup = await app.call("POST", "/api/user/two-factor/setup", { cookie });
  const enable = await app.call("POST", "/api/user/two-factor/enable", { cookie, body: { code: totpCode(setup.json.secret, app.clock()) } });
  expect(enable.status).toBe(200);
  return { secret: setup.json.secret as string, recoveryCodes: enable.json.recoveryCodes as string[] };
}
// the next 30 s step's code (a step is accepted once)
const nextCode = (app: TestApp, secret: string) => {
  app.clock.advance(30_000);
  return totpCode(secret, app.clock());
};
const stepUp = (cookie: string, code: string, ip: string) => t.call("POST", "/api/user/step-up", { cookie, body: { code }, ip });
// an IP of the n-th of many IPv6 /48s
const network48 = (n: number) => `2001:db8:${(n >> 16).toString(16)}${(n & 0xffff).toString(16).padStart(4, "0")}::1`;

describe("the throttle's memory", () => {
  test("a network's lockout outlives a flood of wrong codes, each from its own /48", async () => {
    // a small memory, so that a few thousand requests flood it (the production one holds 50,000 a tier)
    t = testApp({ throttleKeysPerTier: 500 });
    const boss = await t.register("boss");
    const { secret } = await turnOn(t, boss.cookie);
    const attacker = "192.0.2.50";
    for (let i = 0; i < 5; i++) expect((await stepUp(boss.cookie, "999999", attacker)).status).toBe(400);
    expect((await stepUp(boss.cookie, nextCode(t, secret), attacker)).status).toBe(429);

    // another account's wrong codes (its setup's), 3,000 of them, each from its own /48: 9,000 keys
    // for the throttle (IP group, network, name from there), every one of them new
    const mallory = await t.register("mallory");
    await t.call("POST", "/api/user/two-factor/setup", { cookie: mallory.cookie });
    const statuses: Record<number, number> = {};
    for (let i = 0; i < 3000; i++) {
      const res = await t.call("POST", "/api/user/two-factor/enable", { cookie: mallory.cookie, body: { code: "000000" }, ip: network48(0x10000 + i) });
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
    expect(statuses).toEqual({ 400: 3000 });

    // the attacker's network still waits; the owner's network does not
    t.clock.advance(60_000);
    const refused = await stepUp(boss.cookie, nextCode(t, secret), attacker);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/^Too many wrong codes\. Please try again in 1[34] minutes\.$/);
    expect((await stepUp(boss.cookie, nextCode(t, secret), "198.51.100.7")).status).toBe(200);
  }, 60_000);
});
