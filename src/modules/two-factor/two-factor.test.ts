// Two-factor sign-in over the app's HTTP handling: setting it up (and guessed at), turning it off and
// new recovery codes. (Logging in with it: login-codes.test.ts; admins and the step-up money needs:
// admin-step-up.test.ts; sessions and admin sign-ins: sign-ins.test.ts.)
import { afterEach, describe, expect, test } from "bun:test";
import { totpCode } from "../../auth/totp.ts";
import { strangerIp, testApp, type TestApp } from "../../testing/harness.ts";
import { TWO_FACTOR_MESSAGES } from "./model.ts";
import { login, nextCode, PASSWORD, turnOn } from "./testing.ts";

let t: TestApp;
afterEach(() => t?.close());

describe("setting it up", () => {
  test("a QR code and the secret, on with a first code: ten recovery codes once, the secret sealed in the database", async () => {
    t = testApp();
    const { cookie } = await t.register("alice");
    const { secret, recoveryCodes } = await turnOn(t, cookie);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const me = await t.call("GET", "/api/user", { cookie });
    expect(me.json.twoFactor).toEqual({ enabled: true, required: false, setupRequired: false, recoveryCodesLeft: 10 });
    const row = t.db.sqlite
      .query("select totp_secret, totp_pending_secret from users where username = 'alice'")
      .get() as { totp_secret: string; totp_pending_secret: string | null };
    expect(row.totp_secret).not.toContain(secret);
    expect(row.totp_pending_secret).toBeNull();
    const stored = t.db.sqlite.query("select code_hash from recovery_codes").all() as { code_hash: string }[];
    expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);
    // a second setup while on is refused; the audit log has the change
    expect((await t.call("POST", "/api/user/two-factor/setup", { cookie })).status).toBe(409);
    expect(t.db.sqlite.query("select action from audit_log where action like 'two_factor.%'").all()).toEqual([
      { action: "two_factor.enable" },
    ]);
  });

  test("a wrong first code leaves it off; enabling without a setup is refused", async () => {
    t = testApp();
    const { cookie } = await t.register("bob");
    const early = await t.call("POST", "/api/user/two-factor/enable", { cookie, body: { code: "123456" } });
    expect({ status: early.status, message: early.json.message }).toEqual({
      status: 409,
      message: TWO_FACTOR_MESSAGES.notSetUp,
    });
    const setup = await t.call("POST", "/api/user/two-factor/setup", { cookie, body: { password: PASSWORD } });
    const wrong = totpCode(setup.json.secret, t.clock() + 10 * 60_000);
    const res = await t.call("POST", "/api/user/two-factor/enable", { cookie, body: { code: wrong } });
    expect({ status: res.status, message: res.json.message }).toEqual({
      status: 400,
      message: TWO_FACTOR_MESSAGES.wrongCode,
    });
    const empty = await t.call("POST", "/api/user/two-factor/enable", { cookie, body: {} });
    expect({ status: empty.status, message: empty.json.message }).toEqual({
      status: 400,
      message: TWO_FACTOR_MESSAGES.codeRequired,
    });
    expect((await t.call("GET", "/api/user", { cookie })).json.twoFactor.enabled).toBe(false);
    expect((await login(t, "bob", PASSWORD)).status).toBe(200);
  });
});

describe("setting it up, guessed at", () => {
  test("a setup's codes are the account's: five wrong ones from five networks cancel it, its right code too after that; a new setup starts over", async () => {
    t = testApp();
    const { cookie } = await t.register("bert");
    const setup = await t.call("POST", "/api/user/two-factor/setup", { cookie, body: { password: PASSWORD } });
    const wrong = totpCode(setup.json.secret, t.clock() + 10 * 60_000);
    const answer = (res: { status: number; headers: Headers; json: any }) => ({
      status: res.status,
      code: res.headers.get("x-error-code"),
      message: res.json?.message,
    });
    for (let i = 0; i < 4; i++) {
      expect(
        answer(
          await t.call("POST", "/api/user/two-factor/enable", { cookie, body: { code: wrong }, ip: strangerIp(i) }),
        ),
      ).toEqual({ status: 400, code: "WRONG_CODE", message: TWO_FACTOR_MESSAGES.wrongCode });
    }
    const cancelled = { status: 400, code: "TWO_FACTOR_SETUP_AGAIN", message: TWO_FACTOR_MESSAGES.setupAgain };
    expect(
      answer(await t.call("POST", "/api/user/two-factor/enable", { cookie, body: { code: wrong }, ip: strangerIp(4) })),
    ).toEqual(cancelled);
    // the secret is gone: its right code turns nothing on
    expect(
      answer(
        await t.call("POST", "/api/user/two-factor/enable", {
          cookie,
          body: { code: totpCode(setup.json.secret, t.clock()) },
        }),
      ),
    ).toEqual(cancelled);
    expect((await t.call("GET", "/api/user", { cookie })).json.twoFactor.enabled).toBe(false);
    // a new setup (the password again) starts a new count
    const { recoveryCodes } = await turnOn(t, cookie);
    expect(recoveryCodes).toHaveLength(10);
  });
});

describe("turning it off and new recovery codes", () => {
  test("each needs a current code; off, the password alone signs in again", async () => {
    t = testApp();
    const { cookie } = await t.register("frank");
    const { secret, recoveryCodes } = await turnOn(t, cookie);
    const renewed = await t.call("POST", "/api/user/two-factor/recovery-codes", {
      cookie,
      body: { code: nextCode(t, secret) },
    });
    expect(renewed.status).toBe(200);
    expect(renewed.json.recoveryCodes).toHaveLength(10);
    expect((await login(t, "frank", PASSWORD, recoveryCodes[0])).status).toBe(401);
    const noCode = await t.call("POST", "/api/user/two-factor/disable", { cookie, body: {} });
    expect(noCode.status).toBe(400);
    const off = await t.call("POST", "/api/user/two-factor/disable", {
      cookie,
      body: { code: renewed.json.recoveryCodes[0] },
    });
    expect(off.json).toEqual({ message: TWO_FACTOR_MESSAGES.disabled });
    expect((await login(t, "frank", PASSWORD)).status).toBe(200);
    expect(t.db.sqlite.query("select count(*) as n from recovery_codes").get()).toEqual({ n: 0 });
    expect(
      (
        t.db.sqlite.query("select action from audit_log where action like 'two_factor.%' order by id").all() as {
          action: string;
        }[]
      ).map((r) => r.action),
    ).toEqual(["two_factor.enable", "two_factor.recovery_codes", "two_factor.disable"]);
  });
});
