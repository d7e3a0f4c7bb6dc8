// Guessing two-factor codes against the throttle's memory: a flood of wrong codes, each from its own
// /48, cannot wipe a network's lockout nor push its lock out.
import { afterEach, describe, expect, test } from "bun:test";
import { testApp, type TestApp } from "../../testing/harness.ts";
import { network48, retryAfter, turnOn } from "./guesses-testing.ts";
import { nextCode, PASSWORD } from "./testing.ts";

let t: TestApp;
afterEach(() => t?.close());

const stepUp = (cookie: string, code: string, ip: string) =>
  t.call("POST", "/api/user/step-up", { cookie, body: { code }, ip });

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
    await t.call("POST", "/api/user/two-factor/setup", {
      cookie: mallory.cookie,
      body: { password: "correct horse battery" },
    });
    const statuses: Record<number, number> = {};
    for (let i = 0; i < 3000; i++) {
      const res = await t.call("POST", "/api/user/two-factor/enable", {
        cookie: mallory.cookie,
        body: { code: "000000" },
        ip: network48(0x10000 + i),
      });
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

const login = (username: string, password: string, code: string | undefined, ip: string) =>
  t.call("POST", "/api/login", { body: { username, password, ...(code === undefined ? {} : { code }) }, ip });

describe("the throttle's memory: its locks", () => {
  test("a locked-out network stays locked through one account's floods from 505 /48s: 5 wrong enable codes, 5 wrong step-up passwords from each", async () => {
    // a flood of one account's codes from many /48s, scaled to a memory of 500 keys a tier: it must
    // not push the victim's lock out, nor let the right password in from the locked-out network
    // before the lock ends
    t = testApp({ throttleKeysPerTier: 500 });
    await t.register("victim");
    const attacker = "2001:db8:aaaa:1::1";
    for (let i = 0; i < 5; i++)
      expect((await login("victim", `guess number ${i}`, undefined, attacker)).status).toBe(401);
    expect((await login("victim", PASSWORD, undefined, attacker)).status).toBe(429);
    // someone else's count in progress: 3 of their network's 5
    await t.register("carol");
    for (let i = 0; i < 3; i++)
      expect((await login("carol", `carol guess ${i}`, undefined, "192.0.2.77")).status).toBe(401);

    // another account, its setup started, sends 5 wrong enable codes from each of 505 /48s: its
    // codes are the account's, so the fifth cancels the setup and the rest check nothing
    const mallory = await t.register("mallory");
    expect(
      (await t.call("POST", "/api/user/two-factor/setup", { cookie: mallory.cookie, body: { password: PASSWORD } }))
        .status,
    ).toBe(200);
    const answers: Record<string, number> = {};
    const tally = (res: { status: number; headers: Headers }) => {
      const key = `${res.status} ${res.headers.get("x-error-code")}`;
      answers[key] = (answers[key] ?? 0) + 1;
    };
    for (let i = 0; i < 505; i++) {
      for (let k = 0; k < 5; k++)
        tally(
          await t.call("POST", "/api/user/two-factor/enable", {
            cookie: mallory.cookie,
            body: { code: "000000" },
            ip: network48(0x20000 + i),
          }),
        );
    }
    expect(answers).toEqual({ "400 WRONG_CODE": 4, "400 TWO_FACTOR_SETUP_AGAIN": 505 * 5 - 4 });

    // then 5 wrong passwords (a step-up's) from each of the 505: each /48 has its first 4 checked, and
    // its fifth while the account's place has room for its lock
    const steps: Record<number, number> = {};
    for (let i = 0; i < 505; i++) {
      for (let k = 0; k < 5; k++) {
        const res = await t.call("POST", "/api/user/step-up", {
          cookie: mallory.cookie,
          body: { password: `wrong ${k}` },
          ip: network48(0x20000 + i),
        });
        steps[res.status] = (steps[res.status] ?? 0) + 1;
      }
    }
    console.log("505 x 5 wrong step-up passwords of one account:", steps);
    expect(steps[400]).toBeGreaterThanOrEqual(505 * 4);
    expect((steps[400] ?? 0) + (steps[429] ?? 0)).toBe(505 * 5);

    // a minute later the victim's locked-out network still waits the rest of its 15 minutes
    t.clock.advance(60_000);
    const refused = await login("victim", PASSWORD, undefined, attacker);
    expect(refused.status).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThan(13 * 60);
    expect((await login("victim", PASSWORD, undefined, "198.51.100.7")).status).toBe(200);
    // and carol's network still has its last 2 tries, not 5
    for (let i = 3; i < 5; i++)
      expect((await login("carol", `carol guess ${i}`, undefined, "192.0.2.77")).status).toBe(401);
    expect((await login("carol", PASSWORD, undefined, "192.0.2.77")).status).toBe(429);
  }, 120_000);
});
