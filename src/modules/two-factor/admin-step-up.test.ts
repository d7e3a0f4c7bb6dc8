// The admin who must set two-factor sign-in up on a server paying real XRP, --seed-admin's reset, and
// the step-up every money action needs.
import { afterEach, describe, expect, test } from "bun:test";
import { STEP_UP_MS, STEP_UP_REQUIRED, TWO_FACTOR_SETUP } from "../../auth/step-up.ts";
import { seedAdmin } from "../../cli.ts";
import { randomAddress, testApp, type TestApp } from "../../testing/harness.ts";
import { TWO_FACTOR_MESSAGES } from "./model.ts";
import { issueSetupCode } from "./service.ts";
import { login, nextCode, turnOn } from "./testing.ts";

let t: TestApp;
afterEach(() => t?.close());

describe("admins of a server that pays real XRP", () => {
  test("must set it up before anything else, cannot turn it off, and --seed-admin resets it", async () => {
    t = testApp({ adminTwoFactorRequired: true });
    const { cookie, user } = await t.registerAdmin("boss");
    const me = await t.call("GET", "/api/user", { cookie });
    expect(me.json.twoFactor).toEqual({ enabled: false, required: true, setupRequired: true, recoveryCodesLeft: 0 });
    for (const [method, path] of [
      ["GET", "/api/admin/faucet/requests"],
      ["GET", "/api/admin/users"],
      ["POST", "/api/admin/faucet/settings"],
    ] as const) {
      const res = await t.call(method, path, { cookie, body: method === "POST" ? { dailyLimit: "1000" } : undefined });
      expect({ path, status: res.status, code: res.headers.get("x-error-code"), message: res.json.message }).toEqual({
        path,
        status: 403,
        code: "TWO_FACTOR_SETUP_REQUIRED",
        message: TWO_FACTOR_SETUP,
      });
    }
    // (with the code --seed-admin would have printed for this admin)
    const { secret } = await turnOn(t, cookie, { setupCode: issueSetupCode(t.db, user.id, t.clock()) });
    expect((await t.call("GET", "/api/admin/faucet/requests", { cookie })).status).toBe(200);
    const off = await t.call("POST", "/api/user/two-factor/disable", { cookie, body: { code: nextCode(t, secret) } });
    expect({ status: off.status, message: off.json.message }).toEqual({
      status: 403,
      message: TWO_FACTOR_MESSAGES.requiredForAdmins,
    });
    // the operator on the server's console: a new password, the second factor reset, sessions ended
    const said = await seedAdmin(t.db, {
      username: "boss",
      email: null,
      password: "a fresh and long admin passphrase 42",
    });
    expect(said).toContain("two-factor sign-in reset");
    expect((await t.call("GET", "/api/user", { cookie })).status).toBe(401);
    const back = await login(t, "boss", "a fresh and long admin passphrase 42");
    expect(back.status).toBe(200);
    expect(back.json.user.twoFactor).toEqual({
      enabled: false,
      required: true,
      setupRequired: true,
      recoveryCodesLeft: 0,
    });
  });

  test("on a sandbox server an admin may go without it, and is never asked for a code", async () => {
    t = testApp();
    const { cookie } = await t.registerAdmin("sandboxadmin");
    expect((await t.call("GET", "/api/user", { cookie })).json.twoFactor.setupRequired).toBe(false);
    const raise = await t.call("POST", "/api/admin/faucet/settings", { cookie, body: { dailyLimit: "5000" } });
    expect(raise.status).toBe(200);
  });
});

describe("step-up for money", () => {
  test("a stolen session without a fresh code cannot raise limits, turn on auto-approve or unblock; with one it can, for 5 minutes", async () => {
    t = testApp();
    const { cookie } = await t.registerAdmin("boss");
    const { secret } = await turnOn(t, cookie);
    // the session that turned it on is confirmed for 5 minutes; a stolen cookie is used later
    const blocked = await t.call("POST", "/api/admin/blocklist", {
      cookie,
      body: { kind: "address", value: randomAddress() },
    });
    expect(blocked.status).toBe(201);
    t.clock.advance(STEP_UP_MS + 1);
    const refused = (res: { status: number; headers: Headers; json: any }) => ({
      status: res.status,
      code: res.headers.get("x-error-code"),
      message: res.json?.message,
    });
    const needsCode = { status: 403, code: "STEP_UP_REQUIRED", message: STEP_UP_REQUIRED };
    const settingsBefore = (await t.call("GET", "/api/admin/faucet/settings", { cookie })).json;
    expect(
      refused(await t.call("POST", "/api/admin/faucet/settings", { cookie, body: { dailyLimit: "100000" } })),
    ).toEqual(needsCode);
    expect(refused(await t.call("POST", "/api/admin/faucet/settings", { cookie, body: { maxAmount: "99" } }))).toEqual(
      needsCode,
    );
    expect(
      refused(await t.call("POST", "/api/admin/faucet/settings", { cookie, body: { bonusDailyLimit: "5000" } })),
    ).toEqual(needsCode);
    expect(
      refused(await t.call("POST", "/api/admin/faucet/settings", { cookie, body: { autoApprove: { enabled: true } } })),
    ).toEqual(needsCode);
    expect(refused(await t.call("DELETE", `/api/admin/blocklist/${blocked.json.id}`, { cookie }))).toEqual(needsCode);
    // nothing changed
    expect((await t.call("GET", "/api/admin/faucet/settings", { cookie })).json).toEqual(settingsBefore);
    expect((await t.call("GET", "/api/admin/blocklist", { cookie })).json).toHaveLength(1);
    // tightening needs no code
    expect((await t.call("POST", "/api/admin/faucet/settings", { cookie, body: { dailyLimit: "50" } })).status).toBe(
      200,
    );
    // a code in the confirmation dialog, then the same actions go through
    const stepUp = await t.call("POST", "/api/user/step-up", { cookie, body: { code: nextCode(t, secret) } });
    expect(stepUp.status).toBe(200);
    expect(Date.parse(stepUp.json.stepUpUntil)).toBe(t.clock() + STEP_UP_MS);
    expect((await t.call("POST", "/api/admin/faucet/settings", { cookie, body: { dailyLimit: "150" } })).status).toBe(
      200,
    );
    expect((await t.call("DELETE", `/api/admin/blocklist/${blocked.json.id}`, { cookie })).status).toBe(200);
    // the audit log records that a code was given
    expect(
      (t.db.sqlite.query("select action from audit_log where action = 'two_factor.step_up'").all() as unknown[]).length,
    ).toBe(1);
    // five minutes later, a code again
    t.clock.advance(STEP_UP_MS + 1);
    expect(
      refused(await t.call("POST", "/api/admin/faucet/settings", { cookie, body: { dailyLimit: "200" } })),
    ).toEqual(needsCode);
  });
});
