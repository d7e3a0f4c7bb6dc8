// Logging in with two-factor sign-in: no oracle between a wrong password and a wrong code, codes
// counted and used once, and a throttle that cannot tell a right password from a wrong one.
import { afterEach, describe, expect, test } from "bun:test";
import { totpCode } from "../../auth/totp.ts";
import { testApp, type TestApp } from "../../testing/harness.ts";
import { LOGIN_CODE_NEEDED, LOGIN_FAILED, LOGIN_WITH_CODE_FAILED } from "../account/model.ts";
import { login, nextCode, PASSWORD, turnOn } from "./testing.ts";

let t: TestApp;
afterEach(() => t?.close());

describe("logging in with it", () => {
  test("the password alone is not enough, and a wrong password answers as a right one does", async () => {
    t = testApp();
    const { cookie } = await t.register("carol");
    const { secret } = await turnOn(t, cookie);
    const right = await login(t, "carol", PASSWORD);
    const wrong = await login(t, "carol", "not the password");
    for (const res of [right, wrong]) {
      expect({
        status: res.status,
        json: res.json,
        code: res.headers.get("x-error-code"),
        cookie: res.cookie ?? null,
      }).toEqual({
        status: 401,
        json: { message: LOGIN_CODE_NEEDED },
        code: "TWO_FACTOR_REQUIRED",
        cookie: null,
      });
    }
    // with a code: one answer for a wrong password and for a wrong code
    const badPassword = await login(t, "carol", "not the password", nextCode(t, secret));
    const badCode = await login(t, "carol", PASSWORD, "000000");
    expect(badPassword.json).toEqual({ message: LOGIN_WITH_CODE_FAILED });
    expect(badCode.json).toEqual(badPassword.json);
    expect([badPassword.status, badCode.status]).toEqual([401, 401]);
    // the right pair signs in, and the session counts as confirmed by a code
    const ok = await login(t, "carol", PASSWORD, nextCode(t, secret));
    expect(ok.status).toBe(200);
    expect(ok.json.user.twoFactor.enabled).toBe(true);
    expect(
      (
        t.db.sqlite.query("select stepped_up_at from sessions order by created_at desc limit 1").get() as {
          stepped_up_at: number;
        }
      ).stepped_up_at,
    ).toBe(t.clock());
    // an unknown name still answers as before
    expect((await login(t, "nobody", PASSWORD)).json).toEqual({ message: LOGIN_FAILED });
  });

  test("a code works once, a recovery code works once, and both count", async () => {
    t = testApp();
    const { cookie } = await t.register("dave");
    const { secret, recoveryCodes } = await turnOn(t, cookie);
    const code = nextCode(t, secret);
    expect((await login(t, "dave", PASSWORD, code)).status).toBe(200);
    const replay = await login(t, "dave", PASSWORD, code);
    expect({ status: replay.status, message: replay.json.message }).toEqual({
      status: 401,
      message: LOGIN_WITH_CODE_FAILED,
    });
    // a recovery code, typed in capitals and without its dash
    const recovery = recoveryCodes[3]!;
    expect((await login(t, "dave", PASSWORD, recovery.replace("-", "").toUpperCase())).status).toBe(200);
    expect((await login(t, "dave", PASSWORD, recovery)).status).toBe(401);
    expect((await t.call("GET", "/api/user", { cookie })).json.twoFactor.recoveryCodesLeft).toBe(9);
  });

  test("wrong codes are counted with the login throttle: five from one network wait, the owner's own network does not", async () => {
    t = testApp();
    const { cookie } = await t.register("erin");
    const { secret } = await turnOn(t, cookie);
    for (let i = 0; i < 5; i++)
      expect((await login(t, "erin", PASSWORD, String(100000 + i), "192.0.2.50")).status).toBe(401);
    const refused = await login(t, "erin", PASSWORD, nextCode(t, secret), "192.0.2.50");
    expect(refused.status).toBe(429);
    expect((await login(t, "erin", PASSWORD, nextCode(t, secret), "198.51.100.7")).status).toBe(200);
    // the step-up code is counted the same way
    for (let i = 0; i < 5; i++)
      expect(
        (await t.call("POST", "/api/user/step-up", { cookie, body: { code: "999999" }, ip: "203.0.113.9" })).status,
      ).toBe(400);
    expect(
      (await t.call("POST", "/api/user/step-up", { cookie, body: { code: nextCode(t, secret) }, ip: "203.0.113.9" }))
        .status,
    ).toBe(429);
  });
});

describe("the throttle cannot tell a right password from a wrong one", () => {
  test("the right password without its code counts as a wrong one does: five of either from a network, then both wait alike", async () => {
    t = testApp();
    const { cookie } = await t.register("ivy");
    const { secret } = await turnOn(t, cookie);
    const answers = (res: { status: number; json: unknown; headers: Headers }) => ({
      status: res.status,
      json: res.json,
      code: res.headers.get("x-error-code"),
    });
    const rights = [];
    const wrongs = [];
    for (let i = 0; i < 5; i++) {
      rights.push(answers(await login(t, "ivy", PASSWORD, undefined, "192.0.2.10")));
      wrongs.push(answers(await login(t, "ivy", `not the password ${i}`, undefined, "198.51.100.10")));
    }
    expect(rights).toEqual(wrongs);
    // the sixth from each network waits, with the same answer
    const code = nextCode(t, secret);
    const right = await login(t, "ivy", PASSWORD, code, "192.0.2.10");
    const wrong = await login(t, "ivy", "not the password 6", code, "198.51.100.10");
    expect(right.status).toBe(429);
    expect({ ...answers(right), retryAfter: right.headers.get("retry-after") }).toEqual({
      ...answers(wrong),
      retryAfter: wrong.headers.get("retry-after"),
    });
    // a network that has not failed signs in
    expect((await login(t, "ivy", PASSWORD, nextCode(t, secret), "203.0.113.10")).status).toBe(200);
  });

  test("thirty people with two-factor sign-in behind one address sign in one after another (the password, then the code): nobody waits", async () => {
    t = testApp();
    const people: { name: string; secret: string }[] = [];
    for (let i = 0; i < 30; i++) {
      const name = `office${i}`;
      const { cookie } = await t.register(name);
      people.push({ name, secret: (await turnOn(t, cookie)).secret });
    }
    t.clock.advance(30_000);
    const answers: number[] = [];
    for (const { name, secret } of people) {
      // the form sends the password alone first, then asks for the code
      answers.push((await login(t, name, PASSWORD, undefined, "192.0.2.200")).status);
      answers.push((await login(t, name, PASSWORD, totpCode(secret, t.clock()), "192.0.2.200")).status);
    }
    expect(answers).toEqual(people.flatMap(() => [401, 200]));
  });
});
